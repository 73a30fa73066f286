/** Status tabs Todos / Activos / Inactivos / Por aprobar, each with its total. */
import { Tab, Tabs } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { statusFilter, type StatusTab } from './siteListRules';

function TabLabel(props: { tab: StatusTab; current: boolean; currentTotal: number | undefined; filter: Record<string, unknown> }) {
  const { tab, current, currentTotal, filter } = props;
  const translate = useTranslate();
  // One cheap call per other tab (one row) for its total; the current tab's total comes from the list.
  const { total } = useGetList(
    'sites',
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'name', order: 'ASC' }, filter: { ...filter, ...statusFilter(tab) } },
    { enabled: !current },
  );
  const count = current ? currentTotal : total;
  const label = translate(`sites.tabs.${tab}`);
  return <>{count === undefined ? label : translate('sites.tabs.with_count', { label, count })}</>;
}

export function SiteStatusTabs(props: {
  tabs: readonly StatusTab[];
  value: StatusTab;
  currentTotal: number | undefined;
  /** The search criteria without the status, so that every tab counts the same search. */
  searchFilter: Record<string, unknown>;
  onChange: (tab: StatusTab) => void;
}) {
  const { tabs, value, currentTotal, searchFilter, onChange } = props;
  const translate = useTranslate();
  return (
    <Tabs value={value} onChange={(_event, tab: StatusTab) => onChange(tab)} aria-label={translate('sites.tabs.label')}>
      {tabs.map((tab) => (
        <Tab
          key={tab}
          value={tab}
          label={<TabLabel tab={tab} current={tab === value} currentTotal={currentTotal} filter={searchFilter} />}
        />
      ))}
    </Tabs>
  );
}
