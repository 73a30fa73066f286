/**
 * Mode 3 'Una entidad': one portal chosen by part of its name (GET /siteusers/delete/sites, from 3 characters,
 * 350 ms after the last key: the entity lookup rules of spec 01 §9). Holds the site id in `source`.
 */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDataProvider, useInput } from 'ra-core';
import { useState } from 'react';
import type { PortalesDataProvider } from '../../../dataProvider';
import { ENTITY_SEARCH_MIN_LENGTH } from '../../../resources/deactivation';
import { GROUP_SEARCH_DELAY_MS } from '../../shared/audience';
import { useDebouncedOptions } from '../../shared/audience/useDebouncedOptions';
import { useText } from '../../shared/useText';

export interface EntityOption {
  id: number;
  name: string;
  location: string | null;
}

export const ENTITY_SEARCH_DELAY_MS = GROUP_SEARCH_DELAY_MS;

export function EntitySearchInput({ source }: { source: string }) {
  const text = useText();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const { field } = useInput<number | null>({ source, defaultValue: null });
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<EntityOption | null>(null);
  const { options, loading, failed } = useDebouncedOptions<EntityOption>(
    input,
    async (term, signal) =>
      (await dataProvider.request<{ results: EntityOption[] }>('/siteusers/delete/sites', { query: { name: term }, signal })).json.results ?? [],
    { delayMs: ENTITY_SEARCH_DELAY_MS, minLength: ENTITY_SEARCH_MIN_LENGTH },
  );
  const value = field.value == null ? null : chosen?.id === field.value ? chosen : null;
  const label = (option: EntityOption) => (option.location ? text('deactivation.entity.place', { name: option.name, location: option.location }) : option.name);
  const tooShort = input.trim().length < ENTITY_SEARCH_MIN_LENGTH;
  return (
    <Autocomplete<EntityOption, false, false, false>
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      value={value}
      filterOptions={(found) => found}
      loading={loading}
      loadingText={text('audience.search.loading')}
      noOptionsText={text(tooShort ? 'deactivation.entity.hint' : failed ? 'audience.search.load_error' : 'audience.search.no_options')}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      inputValue={input}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset' || next !== '') setInput(next);
      }}
      onChange={(_event, option) => {
        setChosen(option);
        field.onChange(option?.id ?? null);
        field.onBlur();
      }}
      renderInput={(params) => <TextField {...params} label={text('deactivation.entity.label')} helperText={text('deactivation.entity.hint')} />}
      sx={{ maxWidth: 720 }}
    />
  );
}
