/**
 * The site list at /portales (spec 01 'Site list'): search, status tabs with totals, the table of
 * sites 20 at a time with 'Ver más', and the two empty states.
 */
import { useCallback, useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { Title, useInfiniteGetList, useNavigate, usePermissions, useTranslate } from 'react-admin';
import { SiteFilters } from './SiteFilters';
import { SiteListActions } from './SiteListActions';
import { SiteStatusTabs } from './SiteStatusTabs';
import { SiteTable } from './SiteTable';
import {
  EMPTY_SEARCH,
  SITE_LIST_PAGE_SIZE,
  hasSearchCriteria,
  permissionNames,
  siteListFilter,
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
  const [chosenTab, setChosenTab] = useState<StatusTab | null>(null);
  const tab = chosenTab && tabs.includes(chosenTab) ? chosenTab : defaultTab;
  const [search, setSearch] = useState<SiteSearch>(EMPTY_SEARCH);
  const onSearch = useCallback((next: SiteSearch) => setSearch(next), []);

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
      <SiteListActions held={held} />
      <SiteFilters value={search} onChange={onSearch} />
      <SiteStatusTabs tabs={tabs} value={tab} searchFilter={searchFilter} onChange={setChosenTab} />
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
      {rows.length > 0 ? <SiteTable rows={rows} held={held} onOpen={(site) => navigate(`/portales/${site.id}`)} /> : null}
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
