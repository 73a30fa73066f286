/** Criteria of the audit list: user, resource and a date range (from/to, whole Colombian days, picked dd/mm/aaaa). */
import { Button, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DayPicker } from '../shared/DayPicker';
import { AuditUserFilter } from './AuditUserFilter';
import { isInvalidRange, type AuditSearch, type ResourceChoice } from './auditRules';

export interface AuditFiltersProps {
  value: AuditSearch;
  choices: readonly ResourceChoice[];
  onChange: (next: AuditSearch) => void;
  /** Remounts the user autocomplete when the filters are cleared. */
  resetKey: number;
  onClear: () => void;
}

export function AuditFilters({ value, choices, onChange, resetKey, onClear }: AuditFiltersProps) {
  const translate = useTranslate();
  const invalidRange = isInvalidRange(value);
  const dateField = (name: 'from' | 'to') => (
    <DayPicker
      name={name}
      label={translate(`audit.filters.${name}`)}
      value={value[name]}
      onChange={(day) => onChange({ ...value, [name]: day })}
      error={name === 'to' && invalidRange}
      helperText={name === 'to' && invalidRange ? translate('audit.filters.invalid_range') : undefined}
      sx={{ flex: '1 1 170px', minWidth: 170 }}
    />
  );
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      flexWrap="wrap"
      alignItems="flex-start"
      sx={{ my: 2 }}
      role="search"
      aria-label={translate('audit.filters.label')}
    >
      <AuditUserFilter key={resetKey} onChange={(userId) => onChange({ ...value, userId })} />
      <TextField
        select
        size="small"
        name="resource"
        label={translate('audit.filters.resource')}
        value={value.resource}
        onChange={(event) => onChange({ ...value, resource: event.target.value })}
        margin="none"
        sx={{ flex: '1 1 200px', minWidth: 200 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{translate('audit.filters.all_resources')}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {translate(choice.label)}
          </option>
        ))}
      </TextField>
      {dateField('from')}
      {dateField('to')}
      <Button variant="text" onClick={onClear} sx={{ alignSelf: 'center' }}>
        {translate('audit.filters.clear')}
      </Button>
    </Stack>
  );
}
