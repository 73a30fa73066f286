/**
 * /banners (spec 02 §2 'Banners'): the generated list of the banners (up/down reordering saved at once, SortButtons)
 * whose create and edit open the form page /banners/crud/{id} instead of a dialog, under the settings record's form
 * (the secondary banner's position, the rotation and the two suggested-tool links, GET/PUT /banners/settings).
 */
import { Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { ResourceContextProvider, useGetList, useGetOne, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { AREAS } from '../../resources/areas';
import { BANNER_MAX, bannerSettingsResource, bannersResource } from '../../resources/banners';
import { ResourceHeader } from '../engine/GeneratedResourcePage';
import { EngineStateContext, type EngineState } from '../engine/engineState';
import { ResourceList } from '../engine/ResourceList';
import { ResourceSingleton } from '../engine/ResourceSingleton';

/** The form page's address: /banners/crud for a new banner, /banners/crud/{id} to edit one. */
export function bannerFormPath(id?: RaRecord['id']): string {
  return AREAS['banners.form'].path.replace('/:id?', id === undefined ? '' : `/${String(id)}`);
}

function ToolLinks() {
  const translate = useTranslate();
  const { data } = useGetOne(bannerSettingsResource.name, { id: bannerSettingsResource.name });
  const links = [
    { label: 'banners.list.video_tutorial', href: data?.linkVideoTutorial as string | undefined },
    { label: 'banners.list.design_tool', href: data?.linkHerramientaDiseno as string | undefined },
  ].filter((link) => link.href);
  if (links.length === 0) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Typography variant="subtitle2">{translate('banners.list.tools')}</Typography>
      {links.map((link) => (
        <Link key={link.label} href={link.href} target="_blank" rel="noopener noreferrer">
          {translate(link.label)}
        </Link>
      ))}
    </Stack>
  );
}

export function BannersPage() {
  const navigate = useNavigate();
  const translate = useTranslate();
  const notify = useNotify();
  // The list's own query (same key: read once); with 3 banners 'Agregar' says so instead of opening a form the server would refuse.
  const { data: rows = [] } = useGetList(bannersResource.name, { pagination: { page: 1, perPage: bannersResource.pageSize }, sort: bannersResource.sort, filter: {} });
  const full = rows.length >= BANNER_MAX;
  const state = useMemo<EngineState>(
    () => ({
      declaration: bannersResource,
      editing: null,
      editingId: null,
      startEdit: (record) => navigate(bannerFormPath(record.id)),
      stopEdit: () => undefined,
      creating: false,
      startCreate: () => (full ? notify('banners.list.max_reached', { type: 'warning', messageArgs: { max: BANNER_MAX } }) : navigate(bannerFormPath())),
      stopCreate: () => undefined,
    }),
    [navigate, notify, full],
  );
  return (
    <>
      <ResourceContextProvider value={bannersResource.name}>
        <EngineStateContext.Provider value={state}>
          <ResourceHeader declaration={bannersResource} />
          <ToolLinks />
          <ResourceList declaration={bannersResource} />
        </EngineStateContext.Provider>
      </ResourceContextProvider>
      <Card variant="outlined" sx={{ mt: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {translate('banners.list.settings')}
          </Typography>
          <ResourceContextProvider value={bannerSettingsResource.name}>
            <ResourceSingleton declaration={bannerSettingsResource} />
          </ResourceContextProvider>
        </CardContent>
      </Card>
    </>
  );
}
