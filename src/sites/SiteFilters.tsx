/** Search criteria of the site list: name, department, municipality (depends on the department) and group. */
import { memo, useEffect, useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useGetList, useTranslate } from 'react-admin';
import {
  COUNTRY_LOCATION_ID,
  GROUPS_PAGE_SIZE,
  LOCATIONS_PAGE_SIZE,
  NAME_SEARCH_DELAY_MS,
  withDepartment,
  type SiteSearch,
} from './siteListRules';
import { NativeSelectField, type NativeSelectChoice } from '../shared/NativeSelectField';

type Choice = NativeSelectChoice;

const byName = { field: 'name', order: 'ASC' } as const;

function useLocationChoices(filter: Record<string, unknown>, enabled: boolean): Choice[] {
  const { data } = useGetList(
    'locations',
    { pagination: { page: 1, perPage: LOCATIONS_PAGE_SIZE }, sort: byName, filter },
    { enabled },
  );
  return useMemo(() => (data ?? []).map((location) => ({ id: String(location.id), name: String(location.name) })), [data]);
}

function useGroupChoices(): Choice[] {
  const { data } = useGetList('groups', { pagination: { page: 1, perPage: GROUPS_PAGE_SIZE }, sort: byName });
  return useMemo(() => (data ?? []).map((group) => ({ id: String(group.groupID ?? group.id), name: String(group.name) })), [data]);
}

const selectSx = { flex: '1 1 200px', minWidth: 200 } as const;

/** Memoised: drawn again when its search or its options change, not for every re-render of the list page. */
export const SiteFilters = memo(function SiteFilters({ value, onChange }: { value: SiteSearch; onChange: (next: SiteSearch) => void }) {
  const translate = useTranslate();
  const [name, setName] = useState(value.name);
  // The name typed is searched after a pause; a name changed from outside (the address) replaces it.
  const [searchedName, setSearchedName] = useState(value.name);
  if (value.name !== searchedName) {
    setSearchedName(value.name);
    setName(value.name);
  }
  const departments = useLocationChoices({ parentLocationId: COUNTRY_LOCATION_ID, isMunicipality: false }, true);
  const municipalities = useLocationChoices(
    { parentLocationId: Number(value.parentLocationId), isMunicipality: true },
    value.parentLocationId !== '',
  );
  const groups = useGroupChoices();

  useEffect(() => {
    if (name === value.name) return undefined;
    const timer = setTimeout(() => onChange({ ...value, name }), NAME_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [name, value, onChange]);

  return (
    <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="flex-end" sx={{ my: 2 }} role="search">
      <TextField
        size="small"
        name="name"
        type="search"
        label={translate('sites.filters.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        fullWidth={false}
        margin="none"
        sx={{ flex: '2 1 260px', minWidth: 260 }}
      />
      <NativeSelectField
        sx={selectSx}
        name="parentLocationId"
        label={translate('sites.filters.department')}
        emptyLabel={translate('sites.filters.all_departments')}
        value={value.parentLocationId}
        choices={departments}
        onChange={(id) => onChange(withDepartment(value, id))}
      />
      <NativeSelectField
        sx={selectSx}
        name="locationId"
        label={translate('sites.filters.municipality')}
        emptyLabel={translate('sites.filters.all_municipalities')}
        value={value.locationId}
        choices={value.parentLocationId ? municipalities : []}
        disabled={!value.parentLocationId}
        onChange={(id) => onChange({ ...value, locationId: id })}
      />
      <NativeSelectField
        sx={selectSx}
        name="groupID"
        label={translate('sites.filters.group')}
        emptyLabel={translate('sites.filters.all_groups')}
        value={value.groupID}
        choices={groups}
        onChange={(id) => onChange({ ...value, groupID: id })}
      />
    </Stack>
  );
});
