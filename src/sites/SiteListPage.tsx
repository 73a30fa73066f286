/**
 * The site list at /portales (spec 01 'Site list'): search, status tabs with totals, the table of
 * sites 20 at a time with 'Ver más', and the two empty states. Search and tab live in the address
 * (siteListStateFromQuery), so a reload or 'Atrás' from a detail restores them.
 */
import { useCallback, useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import { Title, useNavigate, usePermissions, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { LoadMoreList } from '../engine/LoadMoreList';
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

const SITE_SORT = { field: 'name', order: 'ASC' } as const;

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
      <LoadMoreList<SiteRow & { id: number }>
        resource="sites"
        filter={filter}
        sort={SITE_SORT}
        perPage={SITE_LIST_PAGE_SIZE}
        queryOptions={{ enabled: !permissionsPending }}
        emptyText={emptyKey}
        errorText="sites.list.load_error"
        loadMoreLabel="sites.list.load_more"
      >
        {(rows) => <SiteTable rows={rows} held={held} onOpen={canOpen ? (site) => navigate(siteDetailPath(site.id)) : undefined} />}
      </LoadMoreList>
    </Box>
  );
}
