/**
 * The text field of the public pages (sign-in, recovery): label, filled input and helper text as
 * MUI's <TextField> draws them with the theme's `filled` variant, built from the same parts. MUI's
 * <TextField> also carries its select mode (Select, Menu, Popover, Modal) and its two other
 * variants: ~12 KiB gz of the sign-in page's first load (docs/decisions.md 'First-load budget').
 * Screens behind the sign-in keep using <TextField>.
 */
import FilledInput, { type FilledInputProps } from '@mui/material/FilledInput';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import { useId, type ReactNode } from 'react';

export interface PlainTextFieldProps
  extends Pick<FilledInputProps, 'name' | 'type' | 'value' | 'onChange' | 'autoComplete' | 'autoFocus' | 'inputProps' | 'required' | 'disabled'> {
  label: ReactNode;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
}

export function PlainTextField({ label, error, helperText, fullWidth, required, disabled, ...input }: PlainTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  return (
    <FormControl variant="filled" fullWidth={fullWidth} error={error} required={required} disabled={disabled}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <FilledInput id={id} aria-describedby={helperText ? helperId : undefined} {...input} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
