/** Status tabs Todos / Activos / Inactivos / Por aprobar, each with its total. */
import { memo, useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalesDataProvider } from '../../dataProvider';
import { TabBar } from '../shared/TabBar';
import type { StatusTab } from './siteListRules';

export type SiteStatusCounts = Record<StatusTab, number>;

/** GET /sites/counts/: every tab's total for the same search, in one call (one grouped count on the server). */
function useStatusCounts(searchFilter: Record<string, unknown>): SiteStatusCounts | undefined {
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const [counts, setCounts] = useState<SiteStatusCounts | undefined>(undefined);
  const key = JSON.stringify(searchFilter);
  useEffect(() => {
    const controller = new AbortController();
    dataProvider
      .request<SiteStatusCounts>('/sites/counts/', { query: JSON.parse(key) as Record<string, string | number>, signal: controller.signal })
      .then((response) => setCounts(response.json))
      // Without totals the tabs still work: they show their names alone.
      .catch(() => setCounts(undefined));
    return () => controller.abort();
  }, [dataProvider, key]);
  return counts;
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
