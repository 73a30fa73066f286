/**
 * Buttons of the site list. 'Nueva entidad' opens the site form (`onCreate`); 'Cargar población', 'Cargar correos' and
 * 'Cargar índice de gobierno' open their load dialog (src/sites/loads, loaded on demand: upload, then the job's
 * progress; `onLoaded` refreshes the list); 'Cargar más entidades' opens the bulk portal file (src/sites/bulkFile); 'Gestionar
 * grupos' opens /portales/grupos; 'Descarga' and 'Descargar solicitudes' download the list's current
 * search (GET /sitesexport, /sitesrequestexport). Sites holders see all; Reports holders the exports.
 */
import { Button, Stack } from '@mui/material';
import { memo, useState } from 'react';
import { useNavigate, useTranslate } from 'react-admin';
import type { QueryValue } from '../../dataProvider/httpClient';
import { SITE_EXPORTERS } from '../../resources/areas';
import { hasAnyPermission } from '../../resources/permissions';
import { sitesReference } from '../../resources/references';
import { ExportButton } from '../shared/ExportButton';
import { withMessages } from '../shared/i18nProvider';
import { onDemand } from '../shared/lazyComponent';
import type { LoadDialogProps, LoadKind } from './loads';

// Each dialog's chunk waits for the loads' and the bulk file's texts (i18n/es/loads.ts, bulkFile.ts): its texts are not in the list's first load.
const BulkFileDialog = onDemand<{ open: boolean; onClose: () => void; onSaved?: () => void }>(
  withMessages(['loads', 'bulkFile'], () => import('./bulkFile/BulkFileDialog').then((module) => module.BulkFileDialog)),
);
const LoadDialog = onDemand<LoadDialogProps & { kind: LoadKind }>(withMessages(['loads'], () => import('./loads').then((module) => module.LoadDialog)));

/** Loading actions and the load each opens. */
const LOADS: ReadonlyArray<{ action: string; kind: LoadKind }> = [
  { action: 'upload_population', kind: 'population' },
  { action: 'upload_emails', kind: 'emails' },
  { action: 'upload_gov_index', kind: 'govIndex' },
];
const EXPORTS = [
  { action: 'export', path: '/sitesexport', fallbackName: 'portales' },
  { action: 'export_requests', path: '/sitesrequestexport', fallbackName: 'solicitudes-portales' },
] as const;

/** Memoised: the list page re-renders for its own state (dialogs, address) without drawing the buttons again. */
export const SiteListActions = memo(function SiteListActions({
  held,
  filter = {},
  onCreate,
  onLoaded,
}: {
  held: readonly string[];
  filter?: Record<string, QueryValue>;
  /** Opens the site form for a new site. */
  onCreate?: () => void;
  /** After a load finished well (the list refreshes). */
  onLoaded?: () => void;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const canManage = hasAnyPermission(held, sitesReference.permissions.write);
  const canExport = hasAnyPermission(held, SITE_EXPORTERS);
  const [load, setLoad] = useState<LoadKind | null>(null);
  const [bulkFile, setBulkFile] = useState(false);
  if (!canManage && !canExport) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" role="toolbar" aria-label={translate('sites.actions.label')}>
      {canManage ? (
        <Button variant="contained" size="small" onClick={onCreate} disabled={!onCreate}>
          {translate('sites.actions.create')}
        </Button>
      ) : null}
      {canManage ? (
        <Button variant="outlined" size="small" onClick={() => setBulkFile(true)}>
          {translate('sites.actions.upload_sites')}
        </Button>
      ) : null}
      {bulkFile ? <BulkFileDialog open onClose={() => setBulkFile(false)} onSaved={onLoaded} /> : null}
      {canManage
        ? LOADS.map(({ action, kind }) => (
            <Button key={action} variant="outlined" size="small" onClick={() => setLoad(kind)}>
              {translate(`sites.actions.${action}`)}
            </Button>
          ))
        : null}
      {load ? <LoadDialog kind={load} open onClose={() => setLoad(null)} onLoaded={onLoaded} /> : null}
      {canManage ? (
        <Button variant="outlined" size="small" onClick={() => navigate('/portales/grupos')}>
          {translate('sites.actions.manage_groups')}
        </Button>
      ) : null}
      {canExport
        ? EXPORTS.map(({ action, path, fallbackName }) => (
            <ExportButton key={action} path={path} query={filter} labelKey={`sites.actions.${action}`} fallbackName={fallbackName} />
          ))
        : null}
    </Stack>
  );
});
