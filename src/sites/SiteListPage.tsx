/**
 * The site list at /portales (spec 01 'Site list'): search, status tabs with totals, the table of
 * sites 20 at a time with 'Ver más', and the two empty states. Search, tab and order live in the address
 * (siteListStateFromQuery, siteSortFromQuery), so a reload or 'Atrás' from a detail restores them.
 * Write side: 'Nueva entidad' opens the site form (loaded on demand), 'Activar' confirms then calls
 * POST /sites/{id}/enable.
 */
import { useCallback, useMemo, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useDataProvider, useNavigate, useNotify, usePermissions, useRefresh, useTranslate } from 'react-admin';
import type { PortalesDataProvider } from '../../dataProvider';
import { onDemand } from '../shared/lazyComponent';
import { SiteFormDialog } from './form';
import { useSearchParams } from 'react-router-dom';
import { LoadMoreList } from '../engine/LoadMoreList';
import { mayOpen } from '../routes/routeAccess';
import { SiteFilters } from './SiteFilters';
import { SiteListActions } from './SiteListActions';
import { SiteStatusTabs } from './SiteStatusTabs';
import { SiteTable } from './SiteTable';
import { ListOrderToggle } from './scores/ListOrderToggle';
import {
  SITE_LIST_PAGE_SIZE,
  hasSearchCriteria,
  permissionNames,
  siteDetailPath,
  siteListFilter,
  siteListQuery,
  siteListStateFromQuery,
  nextSiteSort,
  siteSortFromQuery,
  statusTabsFor,
  withSiteSort,
  type SiteSort,
  type SiteSortColumn,
  type SiteRow,
  type SiteSearch,
  type StatusTab,
} from './siteListRules';

// The activation's confirmation loads when first asked (MUI Dialog off the list's first load: docs/decisions/0022-first-load-budget.md).
const ConfirmModal = onDemand(() => import('../shared/Modals').then((module) => module.ConfirmModal));

export function SiteListPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { permissions, isPending: permissionsPending } = usePermissions();
  const held = useMemo(() => permissionNames(permissions), [permissions]);
  const { tabs, defaultTab } = useMemo(() => statusTabsFor(held), [held]);
  const [query, setQuery] = useSearchParams();
  const { search, tab: chosenTab } = useMemo(() => siteListStateFromQuery(query), [query]);
  const tab = chosenTab && tabs.includes(chosenTab) ? chosenTab : defaultTab;
  const sort = useMemo(() => siteSortFromQuery(query), [query]);
  // Each change replaces the address (no history entry per keystroke): 'Atrás' leaves the list.
  const onSearch = useCallback(
    (next: SiteSearch) => setQuery(withSiteSort(siteListQuery({ search: next, tab: chosenTab }), sort), { replace: true }),
    [setQuery, chosenTab, sort],
  );
  const onTab = useCallback(
    (next: StatusTab) => setQuery(withSiteSort(siteListQuery({ search, tab: next === defaultTab ? null : next }), sort), { replace: true }),
    [setQuery, search, defaultTab, sort],
  );
  const onSort = useCallback(
    (column: SiteSortColumn) => setQuery(withSiteSort(query, nextSiteSort(sort, column)), { replace: true }),
    [setQuery, query, sort],
  );
  const onOrder = useCallback((next: SiteSort) => setQuery(withSiteSort(query, next), { replace: true }), [setQuery, query]);
  const [creating, setCreating] = useState(false);
  const onCreate = useCallback(() => setCreating(true), []);
  const activation = useActivation();
  const refresh = useRefresh();
  // Rows open the detail only for those who may open it (Reports alone may list but not open).
  const canOpen = mayOpen(held, siteDetailPath(0));
  const openSite = useCallback((site: SiteRow) => navigate(siteDetailPath(site.id)), [navigate]);
  const onOpen = canOpen ? openSite : undefined;
  // The rows' renderer keeps its identity while nothing it draws changes (the rows are memoised: SiteTable).
  const renderRows = useCallback(
    (rows: Array<SiteRow & { id: number }>) => (
      <SiteTable rows={rows} held={held} onOpen={onOpen} sort={sort} onSort={onSort} onActivate={activation.ask} />
    ),
    [held, onOpen, sort, onSort, activation.ask],
  );

  const filter = useMemo(() => siteListFilter(search, tab), [search, tab]);
  const searchFilter = useMemo(() => siteListFilter(search, 'all'), [search]);
  const emptyKey = hasSearchCriteria(search, tab, defaultTab) ? 'sites.list.no_results' : 'sites.list.empty';

  return (
    <Box sx={{ p: 2 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {translate('sites.list.title')}
      </Typography>
      <SiteListActions held={held} filter={filter} onCreate={onCreate} onLoaded={refresh} />
      <SiteFilters value={search} onChange={onSearch} />
      <SiteStatusTabs tabs={tabs} value={tab} searchFilter={searchFilter} onChange={onTab} />
      <ListOrderToggle sort={sort} onChange={onOrder} />
      <LoadMoreList<SiteRow & { id: number }>
        resource="sites"
        filter={filter}
        sort={sort}
        perPage={SITE_LIST_PAGE_SIZE}
        queryOptions={{ enabled: !permissionsPending }}
        emptyText={emptyKey}
        errorText="sites.list.load_error"
        loadMoreLabel="sites.list.load_more"
      >
        {renderRows}
      </LoadMoreList>
      {creating ? <SiteFormDialog open onClose={() => setCreating(false)} /> : null}
      {activation.site ? (
        <ConfirmModal
          open
          title="pages.modals.confirmation"
          message="sites.activation.confirm"
          values={{ name: activation.site.name }}
          onConfirm={activation.confirm}
          onCancel={activation.cancel}
        />
      ) : null}
    </Box>
  );
}

/** 'Activar' (spec 01 'Site list', §4: after a confirmation): POST /sites/{id}/enable, then the list again. */
function useActivation() {
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [site, setSite] = useState<SiteRow | null>(null);
  const confirm = useCallback(() => {
    if (!site) return;
    setSite(null);
    dataProvider
      .request(`/sites/${site.id}/enable`, { method: 'POST' })
      .then(() => {
        notify('sites.activation.done', { type: 'success', messageArgs: { name: site.name } });
        refresh();
      })
      .catch((error: unknown) => notify((error as Error)?.message || 'errors.server', { type: 'error' }));
  }, [site, dataProvider, notify, refresh]);
  const cancel = useCallback(() => setSite(null), []);
  return { site, ask: setSite, confirm, cancel };
}
