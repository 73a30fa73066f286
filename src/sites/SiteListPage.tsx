/**
 * The site list at /portales (spec 01 'Site list'): search, status tabs with totals, the table of
 * sites 20 at a time with 'Ver más', and the two empty states. Search and tab live in the address
 * (siteListStateFromQuery), so a reload or 'Atrás' from a detail restores them.
 */
import { useCallback, useMemo } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { Title, useInfiniteGetList, useNavigate, usePermissions, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { mayOpen } from '../routes/routeAccess';
import { SiteFilters } from './SiteFilters';
import { SiteListActions } from './SiteListActions';
import { SiteStatusTabs } from './SiteStatusTabs';
import { SiteTable } from './SiteTable';
import {
  SITE_LIST_PAGE_SIZE,
  hasSearchCriteria,
  permissionNames,
  siteDetailPath,
  siteListFilter,
  siteListQuery,
  siteListStateFromQuery,
  statusTabsFor,
  type SiteRow,
  type SiteSearch,
  type StatusTab,
} from './siteListRules';

export function SiteListPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { permissions, isPending: permissionsPending } = usePermissions();
  const held = useMemo(() => permissionNames(permissions), [permissions]);
  const { tabs, defaultTab } = statusTabsFor(held);
  const [query, setQuery] = useSearchParams();
  const { search, tab: chosenTab } = useMemo(() => siteListStateFromQuery(query), [query]);
  const tab = chosenTab && tabs.includes(chosenTab) ? chosenTab : defaultTab;
  // Each change replaces the address (no history entry per keystroke): 'Atrás' leaves the list.
  const onSearch = useCallback(
    (next: SiteSearch) => setQuery(siteListQuery({ search: next, tab: chosenTab }), { replace: true }),
    [setQuery, chosenTab],
  );
  const onTab = useCallback(
    (next: StatusTab) => setQuery(siteListQuery({ search, tab: next === defaultTab ? null : next }), { replace: true }),
    [setQuery, search, defaultTab],
  );
  // Rows open the detail only for those who may open it (Reports alone may list but not open).
  const canOpen = mayOpen(held, siteDetailPath(0));

  const filter = useMemo(() => siteListFilter(search, tab), [search, tab]);
  const searchFilter = useMemo(() => siteListFilter(search, 'all'), [search]);
  const { data, isPending, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteGetList<SiteRow & { id: number }>(
    'sites',
    { pagination: { page: 1, perPage: SITE_LIST_PAGE_SIZE }, sort: { field: 'name', order: 'ASC' }, filter },
    { enabled: !permissionsPending },
  );
  const rows = useMemo(() => data?.pages.flatMap((page) => page.data) ?? [], [data]);

  const emptyKey = hasSearchCriteria(search, tab, defaultTab) ? 'sites.list.no_results' : 'sites.list.empty';

  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('sites.list.title')} />
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {translate('sites.list.title')}
      </Typography>
      <SiteListActions held={held} filter={filter} />
      <SiteFilters value={search} onChange={onSearch} />
      <SiteStatusTabs tabs={tabs} value={tab} searchFilter={searchFilter} onChange={onTab} />
      {error ? (
        <Alert severity="error" sx={{ my: 2 }}>
          {translate('sites.list.load_error')}
        </Alert>
      ) : null}
      {isPending && !error ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={translate('ra.page.loading')} />
        </Box>
      ) : null}
      {!isPending && !error && rows.length === 0 ? (
        <Typography sx={{ my: 4, textAlign: 'center' }} role="status">
          {translate(emptyKey)}
        </Typography>
      ) : null}
      {rows.length > 0 ? (
        <SiteTable rows={rows} held={held} onOpen={canOpen ? (site) => navigate(siteDetailPath(site.id)) : undefined} />
      ) : null}
      {hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
          <Button variant="outlined" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
            {translate('sites.list.load_more')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
