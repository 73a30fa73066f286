/**
 * The audience of a form (resources/audience.ts) as one react-admin input: `<AudienceInput source="audience" />`
 * inside a SimpleForm holds an `Audience` object. Segment radio; for segment 1 department and municipality tag
 * inputs (search after 200 ms, 'all' as the wildcard 0); for segment 2 a group search (from 3 characters, after
 * 350 ms); an entity-type checklist with 'select all' (hidden for groups, where types do not apply); and the
 * reach line. Rules live in resources/audience.ts; this component only wires them to the inputs.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useDataProvider, useInput, ValidationError } from 'ra-core';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { PortalesDataProvider } from '../../../dataProvider';
import {
  ALL_LOCATIONS,
  AUDIENCE_SEGMENTS,
  audienceSchema,
  departmentOfMunicipality,
  emptyAudience,
  municipalityOffered,
  normaliseAudience,
  showsSiteTypes,
  switchSegment,
  withDepartments,
  withMunicipalities,
  type Audience,
  type AudienceSegment,
} from '../../../resources/audience';
import { COUNTRY_ROOT_LOCATION_ID } from '../../../resources/locations';
import { useText } from '../useText';
import { audienceErrors } from './audienceErrors';
import { AudienceReachLine } from './AudienceReach';
import { useDebouncedOptions } from './useDebouncedOptions';

/** Tag autocomplete delay and group lookup rules (spec 01 §7, spec 02 §5). */
export const LOCATION_SEARCH_DELAY_MS = 200;
export const GROUP_SEARCH_DELAY_MS = 350;
export const GROUP_SEARCH_MIN_LENGTH = 3;

interface Option {
  id: number;
  name: string;
}

const SEGMENT_LABELS: Record<AudienceSegment, string> = {
  0: 'audience.segment.country',
  1: 'audience.segment.locations',
  2: 'audience.segment.groups',
};

/** The first rule of the spec the audience breaks, as an i18n key (react-admin validator). */
export function validateAudience(value: unknown): string | undefined {
  try {
    audienceSchema.validateSync(value ?? emptyAudience());
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

interface ListAnswer<T> {
  results: T[];
}

export interface AudienceInputProps {
  source: string;
  /** Show the reach line ('Llega a N portales · M administradores'); default true. */
  showReach?: boolean;
  /**
   * Show the segment radio; default true. A screen whose own choice sets the segment (bulk deactivation's modes)
   * hides it and writes `segment` itself.
   */
  showSegment?: boolean;
  /** The input's validator; default the audience schema's rules (`validateAudience`). */
  validate?: (value: unknown) => string | undefined;
}

export function AudienceInput({ source, showReach = true, showSegment = true, validate = validateAudience }: AudienceInputProps) {
  const text = useText();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const {
    field,
    fieldState: { error, isTouched },
    formState: { isSubmitted },
  } = useInput<Audience>({ source, defaultValue: emptyAudience(), validate });
  const audience: Audience = useMemo(() => ({ ...emptyAudience(), ...(field.value ?? {}) }), [field.value]);
  const change = (next: Audience) => {
    field.onChange(next);
    field.onBlur();
  };
  const names = useNames();
  const segmentLabelId = useId();
  // Each part's error under its own input: the validator's (root) and record-level ones (`audience.departments`).
  const errors = (isTouched || isSubmitted) ? audienceErrors(error) : {};

  const list = useCallback(
    async <T,>(path: string, query: Record<string, string | number | boolean>, signal?: AbortSignal) =>
      (await dataProvider.request<ListAnswer<T>>(path, { query, signal })).json.results ?? [],
    [dataProvider],
  );
  useChosenNames(audience, names, list);

  return (
    <Stack spacing={2} sx={{ width: '100%', maxWidth: 720 }}>
      {showSegment && (
        <FormControl>
          <FormLabel id={segmentLabelId}>{text('audience.segment.label')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={segmentLabelId}
            value={String(audience.segment)}
            onChange={(event) => change(switchSegment(audience, Number(event.target.value) as AudienceSegment))}
          >
            {AUDIENCE_SEGMENTS.map((segment) => (
              <FormControlLabel key={segment} value={String(segment)} control={<Radio />} label={text(SEGMENT_LABELS[segment])} />
            ))}
          </RadioGroup>
          <PartError message={errors.segment} />
        </FormControl>
      )}

      {audience.segment === 1 && (
        <>
          <LocationTags
            label={text('audience.departments.label')}
            allLabel={text('audience.departments.all')}
            value={audience.departments}
            names={names}
            load={(term, signal) => list<Option>('/locations/', { parentLocationId: COUNTRY_ROOT_LOCATION_ID, search: term, pageSize: 100 }, signal)}
            onChange={(ids) => change(withDepartments(audience, ids))}
          />
          <PartError message={errors.departments} />
          <LocationTags
            label={text('audience.municipalities.label')}
            allLabel={text('audience.municipalities.all')}
            value={audience.municipalities}
            names={names}
            disabled={audience.departments.includes(ALL_LOCATIONS)}
            offered={(id) => id === ALL_LOCATIONS || municipalityOffered(audience, id)}
            load={(term, signal) => list<Option>('/locations/', { isMunicipality: true, search: term, pageSize: 50 }, signal)}
            onChange={(ids) => change(withMunicipalities(audience, ids))}
          />
          <PartError message={errors.municipalities} />
        </>
      )}

      {audience.segment === 2 && (
        <GroupTags
          value={audience.groups}
          names={names}
          load={async (term, signal) =>
            (await list<{ groupID: number; name: string }>('/sites/groups/', { name: term, pageSize: 100 }, signal)).map((g) => ({
              id: g.groupID,
              name: g.name,
            }))
          }
          onChange={(groups) => change(normaliseAudience({ ...audience, groups }))}
        />
      )}
      {audience.segment === 2 && <PartError message={errors.groups} />}

      {showsSiteTypes(audience.segment) && (
        <SiteTypeChecklist
          value={audience.siteTypes}
          load={(signal) => list<Option>('/sitetypes/', { pageSize: 1000 }, signal)}
          onChange={(siteTypes) => change(normaliseAudience({ ...audience, siteTypes }))}
        />
      )}
      {showsSiteTypes(audience.segment) && <PartError message={errors.siteTypes} />}

      <PartError message={errors.root} />
      {showReach && <AudienceReachLine audience={audience} />}
    </Stack>
  );
}

function PartError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <FormHelperText error>
      <ValidationError error={message} />
    </FormHelperText>
  );
}

/** Names of the ids seen in any answer (kept across searches so chosen tags keep their label), keyed `l<id>` or `g<id>`. */
function useNames() {
  const [names] = useState(() => new Map<string, string>());
  return names;
}

type Lister = <T>(path: string, query: Record<string, string | number | boolean>, signal?: AbortSignal) => Promise<T[]>;

/**
 * Names of chosen ids no search has shown yet (a record opened for editing): the departments in one call, the
 * municipalities by department, the groups in one page. Rerenders once they arrive.
 */
function useChosenNames(audience: Audience, names: Map<string, string>, list: Lister) {
  const [, setLoaded] = useState(0);
  const missing = (prefix: string, ids: readonly number[]) => ids.filter((id) => id !== ALL_LOCATIONS && !names.has(`${prefix}${id}`));
  const departments = missing('l', audience.departments);
  const municipalities = missing('l', audience.municipalities);
  const groups = missing('g', audience.groups);
  const key = JSON.stringify([departments, municipalities, groups]);
  useEffect(() => {
    const [departmentIds, municipalityIds, groupIds] = JSON.parse(key) as [number[], number[], number[]];
    const controller = new AbortController();
    const remember = (prefix: string) => (rows: Option[]) => rows.forEach((row) => names.set(`${prefix}${row.id}`, row.name));
    const tasks: Promise<void>[] = [];
    if (departmentIds.length > 0) {
      tasks.push(list<Option>('/locations/', { parentLocationId: COUNTRY_ROOT_LOCATION_ID, pageSize: 100 }, controller.signal).then(remember('l')));
    }
    for (const department of new Set(municipalityIds.map(departmentOfMunicipality))) {
      tasks.push(list<Option>('/locations/', { parentLocationId: department, pageSize: 2000 }, controller.signal).then(remember('l')));
    }
    if (groupIds.length > 0) {
      tasks.push(
        list<{ groupID: number; name: string }>('/sites/groups/', { pageSize: 1000 }, controller.signal)
          .then((rows) => rows.map((row) => ({ id: row.groupID, name: row.name })))
          .then(remember('g')),
      );
    }
    if (tasks.length === 0) return undefined;
    void Promise.allSettled(tasks).then(() => {
      if (!controller.signal.aborted) setLoaded((n) => n + 1);
    });
    return () => controller.abort();
  }, [key, list, names]);
}

interface LocationTagsProps {
  label: string;
  allLabel: string;
  value: number[];
  names: Map<string, string>;
  disabled?: boolean;
  offered?: (id: number) => boolean;
  load: (term: string, signal: AbortSignal) => Promise<Option[]>;
  onChange: (ids: number[]) => void;
}

/** The chosen ids of a tag input as removable chips, each named by `nameOf`. */
function idChips(nameOf: (id: number) => string) {
  return (ids: readonly number[], getItemProps: (args: { index: number }) => { key: number | string } & Record<string, unknown>) =>
    ids.map((id, index) => {
      const { key, ...itemProps } = getItemProps({ index });
      return <Chip key={key} size="small" label={nameOf(id)} {...itemProps} />;
    });
}

function LocationTags({ label, allLabel, value, names, disabled, offered = () => true, load, onChange }: LocationTagsProps) {
  const text = useText();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const { options: found, loading, failed } = useDebouncedOptions(input, load, { delayMs: LOCATION_SEARCH_DELAY_MS, enabled: open });
  for (const option of found) names.set(`l${option.id}`, option.name);
  const nameOf = (id: number) => (id === ALL_LOCATIONS ? allLabel : (names.get(`l${id}`) ?? String(id)));
  const options = [ALL_LOCATIONS, ...found.map((o) => o.id)].filter((id) => offered(id));
  return (
    <Autocomplete<number, true, false, false>
      multiple
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disabled={disabled}
      options={options}
      value={value}
      filterOptions={(ids) => ids}
      loading={loading}
      loadingText={text('audience.search.loading')}
      noOptionsText={text(failed ? 'audience.search.load_error' : 'audience.search.no_options')}
      getOptionLabel={nameOf}
      isOptionEqualToValue={(a, b) => a === b}
      inputValue={input}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset') setInput(next);
      }}
      onChange={(_event, ids) => onChange(ids)}
      renderValue={idChips(nameOf)}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

interface GroupTagsProps {
  value: number[];
  names: Map<string, string>;
  load: (term: string, signal: AbortSignal) => Promise<Option[]>;
  onChange: (ids: number[]) => void;
}

function GroupTags({ value, names, load, onChange }: GroupTagsProps) {
  const text = useText();
  const [input, setInput] = useState('');
  const { options: found, loading, failed } = useDebouncedOptions(input, load, {
    delayMs: GROUP_SEARCH_DELAY_MS,
    minLength: GROUP_SEARCH_MIN_LENGTH,
  });
  for (const option of found) names.set(`g${option.id}`, option.name);
  const nameOf = (id: number) => names.get(`g${id}`) ?? text('audience.groups.unknown', { id });
  const tooShort = input.trim().length < GROUP_SEARCH_MIN_LENGTH;
  return (
    <Autocomplete<number, true, false, false>
      multiple
      options={found.map((o) => o.id)}
      value={value}
      filterOptions={(ids) => ids}
      loading={loading}
      loadingText={text('audience.search.loading')}
      noOptionsText={text(tooShort ? 'audience.groups.hint' : failed ? 'audience.search.load_error' : 'audience.search.no_options')}
      getOptionLabel={nameOf}
      inputValue={input}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset') setInput(next);
      }}
      onChange={(_event, ids) => onChange(ids)}
      renderValue={idChips(nameOf)}
      renderInput={(params) => <TextField {...params} label={text('audience.groups.label')} helperText={text('audience.groups.hint')} />}
    />
  );
}

interface SiteTypeChecklistProps {
  value: number[];
  load: (signal: AbortSignal) => Promise<Option[]>;
  onChange: (ids: number[]) => void;
}

function SiteTypeChecklist({ value, load, onChange }: SiteTypeChecklistProps) {
  const text = useText();
  const labelId = useId();
  const [types, setTypes] = useState<Option[]>([]);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (found) => {
        if (!controller.signal.aborted) setTypes(found);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  const chosen = new Set(value);
  const allChosen = types.length > 0 && types.every((type) => chosen.has(type.id));
  const someChosen = types.some((type) => chosen.has(type.id));
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={labelId}>
        {text('audience.site_types.label')}
      </FormLabel>
      <FormGroup aria-labelledby={labelId}>
        <FormControlLabel
          control={
            <Checkbox
              checked={allChosen}
              indeterminate={someChosen && !allChosen}
              onChange={(event) => onChange(event.target.checked ? types.map((type) => type.id) : [])}
            />
          }
          label={text('audience.site_types.all')}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', pl: 2 }}>
          {types.map((type) => (
            <FormControlLabel
              key={type.id}
              control={
                <Checkbox
                  checked={chosen.has(type.id)}
                  onChange={(event) =>
                    onChange(event.target.checked ? [...value, type.id] : value.filter((id) => id !== type.id))
                  }
                />
              }
              label={type.name}
            />
          ))}
        </Box>
      </FormGroup>
    </FormControl>
  );
}
