/**
 * The platform's calendar-day field (issue 21): MUI's DatePicker on dayjs in Spanish, written dd/mm/aaaa with weeks
 * starting on Monday (src/shared/dayjs.ts), whatever the browser's language (a native `type="date"` input follows the
 * browser and showed mm/dd/yyyy). Its value is the day as the API takes it, `YYYY-MM-DD`, or '' for none; an
 * incomplete or impossible day typed by hand gives ''.
 */
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { esES } from '@mui/x-date-pickers/locales';
import type { SxProps, Theme } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { dayjs } from './dayjs';

/** The display and typing format: Colombian day, month, year (resources/dates.ts writes the same). */
export const DAY_FORMAT = 'DD/MM/YYYY';
const API_DAY = 'YYYY-MM-DD';
const LOCALE_TEXT = esES.components.MuiLocalizationProvider.defaultProps.localeText;

export interface DayPickerProps {
  name: string;
  label: ReactNode;
  /** `YYYY-MM-DD` or ''. */
  value: string;
  onChange: (day: string) => void;
  error?: boolean;
  helperText?: string;
  sx?: SxProps<Theme>;
}

export function DayPicker({ name, label, value, onChange, error, helperText, sx }: DayPickerProps) {
  const parsed = useMemo(() => (value ? dayjs(value) : null), [value]);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="es" localeText={LOCALE_TEXT}>
      <DatePicker
        label={label}
        format={DAY_FORMAT}
        value={parsed && parsed.isValid() ? parsed : null}
        onChange={(day) => onChange(day && day.isValid() ? day.format(API_DAY) : '')}
        // A plain <input> (typed or pasted as a whole: dd/mm/aaaa) rather than the sectioned field.
        enableAccessibleFieldDOMStructure={false}
        slotProps={{
          textField: { name, size: 'small', margin: 'none', error, helperText, sx },
          field: { clearable: true },
        }}
      />
    </LocalizationProvider>
  );
}
