/**
 * The user criterion: an autocomplete over the users found in the trail (GET /audit/actors/?search=,
 * which needs only the screen's own Settings, not Users), giving the user's id. When the list cannot
 * load, the field says so and is disabled; the rest of the screen keeps working.
 */
import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';

export const USER_SEARCH_DELAY_MS = 300;
const USER_CHOICES = 20;
/** GET /audit/actors/: an undeclared resource name is its own path (dataProvider/resourcePaths resourceTarget). */
export const AUDIT_ACTORS_RESOURCE = 'audit/actors';

interface UserOption {
  id: number | string;
  name?: string;
  email?: string;
}

const optionLabel = (option: UserOption) => option.email ?? option.name ?? String(option.id);

export function AuditUserFilter({ onChange }: { onChange: (userId: string) => void }) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<UserOption | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), USER_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const { data, isPending, error } = useGetList<UserOption & { id: number }>(
    AUDIT_ACTORS_RESOURCE,
    // By name, as GET /audit/actors/ orders by default (react-admin would otherwise ask for -id).
    { pagination: { page: 1, perPage: USER_CHOICES }, sort: { field: 'name', order: 'ASC' }, filter: search ? { q: search } : {} },
    // One failure is enough: retrying a refused call only repeats the refusal.
    { retry: false },
  );
  const failed = Boolean(error);

  return (
    <Autocomplete<UserOption>
      size="small"
      sx={{ flex: '2 1 260px', minWidth: 260 }}
      options={data ?? []}
      loading={isPending && !failed}
      disabled={failed}
      value={selected}
      inputValue={input}
      filterOptions={(options) => options}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      getOptionLabel={optionLabel}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {option.name ? `${option.name} · ${optionLabel(option)}` : optionLabel(option)}
          </li>
        );
      }}
      noOptionsText={translate('audit.filters.no_users')}
      loadingText={translate('ra.page.loading')}
      onInputChange={(_event, value) => setInput(value)}
      onChange={(_event, option) => {
        setSelected(option);
        onChange(option ? String(option.id) : '');
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name="userId"
          label={translate('audit.filters.user')}
          placeholder={translate('audit.filters.user_hint')}
          error={failed}
          helperText={failed ? translate('audit.filters.users_error') : undefined}
          margin="none"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    />
  );
}
