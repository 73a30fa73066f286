/**
 * The site detail at /portales/{id} (spec 01 §2 'Site detail'): the site's name and status, the options menu and the
 * tabs Información, Solicitudes, Histórico, Anotaciones (Sites) and the administrator information (where the detail
 * opens without Sites), and for Sites holders the backup summary (src/sites/backups). Scores arrive with their issue. Editar opens the site form (`src/sites/form`, loaded on demand); `onEdit` replaces it.
 */
import { SiteFormDialog } from '../form';
import { Alert, Box, CircularProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button, Title, useGetOne, usePermissions, useRedirect, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { permissionNames } from '../siteListRules';
import { ImpersonateDialog } from './ImpersonateDialog';
import { impersonationsQueryKey, RecentImpersonations } from './RecentImpersonations';
import { SiteBackups } from '../backups/SiteBackups';
import { SiteCommentsTab } from './SiteCommentsTab';
import { SiteDetailOptions } from './SiteDetailOptions';
import { SiteAdministratorsTab, SiteInfoTab, type SiteDetailRecord } from './SiteInfoTab';
import { SiteRequestsTab } from './SiteRequestsTab';
import { detailTabsFor, type DetailTab } from './siteDetailRules';
import { hasAnyPermission } from '../../../resources/permissions';
import { SCORE_READERS } from '../../../resources/scores';
import { SiteScores } from '../scores';

export interface SiteDetailPageProps {
  title?: string;
  /** Opens the site form (modal with a map) on this site; the form's screen passes it. */
  onEdit?: (site: SiteDetailRecord) => void;
}

function DetailTabs({ site, held, tabs, initial }: { site: SiteDetailRecord; held: readonly string[]; tabs: DetailTab[]; initial: DetailTab }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<DetailTab>(initial);
  return (
    <>
      <Tabs value={tab} onChange={(_event, value: DetailTab) => setTab(value)} aria-label={translate('siteDetail.tabs.label')} sx={{ mb: 2 }}>
        {tabs.map((key) => (
          <Tab key={key} value={key} label={translate(`siteDetail.tabs.${key}`)} id={`site-tab-${key}`} aria-controls={`site-panel-${key}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`site-panel-${tab}`} aria-labelledby={`site-tab-${tab}`}>
        {tab === 'info' && <SiteInfoTab site={site} />}
        {tab === 'requests' && <SiteRequestsTab siteId={site.id} mode="pending" canDecide={held.includes('Sites')} />}
        {tab === 'history' && <SiteRequestsTab siteId={site.id} mode="history" />}
        {tab === 'comments' && <SiteCommentsTab siteId={site.id} />}
        {tab === 'administrators' && <SiteAdministratorsTab site={site} />}
      </Box>
      {held.includes('Impersonate') || held.includes('Sites') ? <RecentImpersonations siteId={site.id} /> : null}
    </>
  );
}

export function SiteDetailPage({ title = 'pages.sections.site_detail', onEdit }: SiteDetailPageProps) {
  const translate = useTranslate();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const { id } = useParams<{ id: string }>();
  const siteId = Number(id);
  const { permissions, isPending: permissionsPending } = usePermissions();
  const held = useMemo(() => permissionNames(permissions), [permissions]);
  const { data: site, isPending, error } = useGetOne<SiteDetailRecord>('sites', { id: siteId }, { enabled: Number.isInteger(siteId) && siteId > 0 });
  const [impersonating, setImpersonating] = useState(false);
  const [editing, setEditing] = useState(false);

  const back = <Button label="siteDetail.back" onClick={() => redirect('/portales')} />;
  if (!Number.isInteger(siteId) || siteId <= 0 || error) {
    const missing = !Number.isInteger(siteId) || (error as { status?: number } | null)?.status === 404;
    return (
      <Box sx={{ p: 2 }}>
        {back}
        <Alert severity="error" sx={{ mt: 2 }}>
          {translate(missing ? 'siteDetail.not_found' : 'siteDetail.load_error')}
        </Alert>
      </Box>
    );
  }
  if (isPending || permissionsPending || !site) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={translate('ra.page.loading')} />
      </Box>
    );
  }
  const { tabs, initial } = detailTabsFor(held);
  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate(title)} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        {back}
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {site.name}
        </Typography>
        <Typography color="text.secondary">{site.statusName}</Typography>
        <SiteDetailOptions site={site} held={held} onEdit={onEdit ? () => onEdit(site) : () => setEditing(true)} onImpersonate={() => setImpersonating(true)} />
      </Stack>
      {held.includes('Sites') ? <SiteBackups key={`backups-${site.id}`} siteId={site.id} /> : null}
      {hasAnyPermission(held, SCORE_READERS) ? <SiteScores key={`scores-${site.id}`} siteId={site.id} siteTypeId={(site as { siteTypeId?: number }).siteTypeId ?? null} /> : null}
      <DetailTabs key={site.id} site={site} held={held} tabs={tabs} initial={initial} />
      {editing && (
        <SiteFormDialog
          open
          siteId={site.id}
          onClose={() => setEditing(false)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: ['sites'] })}
        />
      )}
      <ImpersonateDialog
        siteId={site.id}
        open={impersonating}
        onClose={() => setImpersonating(false)}
        onEntered={() => void queryClient.invalidateQueries({ queryKey: impersonationsQueryKey(site.id) })}
      />
    </Box>
  );
}
