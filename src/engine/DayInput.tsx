/**
 * The engine's calendar-day input and range-filter bound (field kind `date`): react-admin's input state around the
 * platform's DayPicker (src/shared/DayPicker.tsx: dd/mm/aaaa, Spanish calendar, weeks from Monday) instead of
 * react-admin's DateInput, a native `type="date"` that follows the browser's language. Loaded on demand (fieldKinds.tsx)
 * so that the date pickers stay out of the first chunk. The value stays `YYYY-MM-DD` (or null), as the API takes it.
 */
import type { ReactNode } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { DayPicker } from '../shared/DayPicker';

export interface DayInputProps {
  source: string;
  label: ReactNode;
  helperText?: ReactNode | false;
  /** Read by react-admin's filter form (always shown). */
  alwaysOn?: boolean;
}

export default function DayInput({ source, label, helperText }: DayInputProps) {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput({ source, format: (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : ''), parse: (value: string) => value || null });
  const error = fieldState.error?.message;
  return (
    <DayPicker
      name={field.name}
      label={typeof label === 'string' ? `${translate(label)}${isRequired ? ' *' : ''}` : label}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(day) => field.onChange(day)}
      error={Boolean(error)}
      helperText={error ? translate(error, { _: error }) : helperText === false ? undefined : typeof helperText === 'string' ? helperText : undefined}
      sx={{ minWidth: 170 }}
    />
  );
}
