/**
 * The filters of the administrator and site-user lists (spec 01 §2 'Users': text search, entity type, department,
 * municipality, group), react-admin filter inputs kept in the address. The municipality follows the department: its
 * choices are the department's municipalities, it is disabled without one, and changing the department clears it.
 */
import type { ReactElement } from 'react';
import { SearchInput, SelectInput, useGetList, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { COUNTRY_LOCATION_ID, GROUPS_PAGE_SIZE, LOCATIONS_PAGE_SIZE } from '../../sites/siteListRules';
import { municipalityChoicesEnabled } from './userFilterRules';

const byName = { field: 'name', order: 'ASC' } as const;

interface Choice {
  id: string;
  name: string;
}

function useChoices(resource: string, filter: Record<string, unknown>, perPage: number, enabled = true): Choice[] {
  const { data } = useGetList(resource, { pagination: { page: 1, perPage }, sort: byName, filter }, { enabled });
  return (data ?? []).map((row) => ({ id: String(row.id), name: String(row.name) }));
}

interface FilterProps {
  source: string;
  alwaysOn?: boolean;
}

function SiteTypeFilter({ source }: FilterProps) {
  const translate = useTranslate();
  const choices = useChoices('sitetypes', {}, 1000);
  return <SelectInput source={source} label="people.filters.siteTypeId" choices={choices} emptyText={translate('people.filters.all')} />;
}

function DepartmentFilter({ source }: FilterProps) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const choices = useChoices('locations', { parentLocationId: COUNTRY_LOCATION_ID, isMunicipality: false }, LOCATIONS_PAGE_SIZE);
  return (
    <SelectInput
      source={source}
      label="people.filters.parentLocationId"
      choices={choices}
      emptyText={translate('people.filters.all')}
      onChange={() => setValue('locationId', '')}
    />
  );
}

function MunicipalityFilter({ source }: FilterProps) {
  const translate = useTranslate();
  const department = useWatch({ name: 'parentLocationId' }) as unknown;
  const enabled = municipalityChoicesEnabled(department);
  const choices = useChoices('locations', { parentLocationId: Number(department), isMunicipality: true }, LOCATIONS_PAGE_SIZE, enabled);
  return (
    <SelectInput
      source={source}
      label="people.filters.locationId"
      choices={enabled ? choices : []}
      disabled={!enabled}
      emptyText={translate('people.filters.all')}
    />
  );
}

function GroupFilter({ source }: FilterProps) {
  const translate = useTranslate();
  const { data } = useGetList('groups', { pagination: { page: 1, perPage: GROUPS_PAGE_SIZE }, sort: byName });
  const choices = (data ?? []).map((group) => ({ id: String(group.groupID ?? group.id), name: String(group.name) }));
  return <SelectInput source={source} label="people.filters.groupID" choices={choices} emptyText={translate('people.filters.all')} />;
}

function UserSearch({ source }: FilterProps) {
  const translate = useTranslate();
  return <SearchInput source={source} placeholder={translate('people.filters.search')} />;
}

/** The filter inputs of both lists, all shown at once. */
export function userFilters(): ReactElement[] {
  return [
    <UserSearch key="q" source="q" alwaysOn />,
    <SiteTypeFilter key="siteTypeId" source="siteTypeId" alwaysOn />,
    <DepartmentFilter key="parentLocationId" source="parentLocationId" alwaysOn />,
    <MunicipalityFilter key="locationId" source="locationId" alwaysOn />,
    <GroupFilter key="groupID" source="groupID" alwaysOn />,
  ];
}
