/** Status tabs Todos / Activos / Inactivos / Por aprobar, each with its total. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalesDataProvider } from '../../dataProvider';
import { TabBar } from '../shared/TabBar';
import type { StatusTab } from './siteListRules';

export type SiteStatusCounts = Record<StatusTab, number>;

/**
 * GET /sites/counts/: every tab's total for the same search, in one call (one grouped count on the server). A query
 * under the 'sites' key, so the totals are asked again with the rows after every write: react-admin's refresh (create,
 * activate, load) and the invalidations of 'sites' (delete, status change, approval). As a plain effect they stayed as
 * first read ('Todos (2272)' after 'Nueva entidad' made 2273). While a new search's totals load, the last ones stay.
 */
function useStatusCounts(searchFilter: Record<string, unknown>): SiteStatusCounts | undefined {
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const { data } = useQuery<SiteStatusCounts>({
    queryKey: ['sites', 'counts', searchFilter],
    queryFn: ({ signal }) =>
      dataProvider.request<SiteStatusCounts>('/sites/counts/', { query: searchFilter as Record<string, string | number>, signal }).then((response) => response.json),
    placeholderData: keepPreviousData,
  });
  // Without totals (a failed call) the tabs still work: they show their names alone.
  return data;
}

export const SiteStatusTabs = memo(function SiteStatusTabs(props: {
  tabs: readonly StatusTab[];
  value: StatusTab;
  /** The search criteria without the status, so that every tab counts the same search. */
  searchFilter: Record<string, unknown>;
  onChange: (tab: StatusTab) => void;
}) {
  const { tabs, value, searchFilter, onChange } = props;
  const translate = useTranslate();
  const counts = useStatusCounts(searchFilter);
  return (
    <TabBar
      label={translate('sites.tabs.label')}
      value={value}
      onChange={onChange}
      options={tabs.map((tab) => {
        const label = translate(`sites.tabs.${tab}`);
        const count = counts?.[tab];
        return { value: tab, label: count === undefined ? label : translate('sites.tabs.with_count', { label, count }) };
      })}
    />
  );
});
