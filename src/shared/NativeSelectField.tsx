/**
 * A labelled native `<select>` drawn as the theme's filled field: for short lists of choices where the browser's own
 * list is enough (keyboard, screen readers and phones handle it). It avoids MUI's Select mode, whose menu brings Menu,
 * Popover and Modal (~8 KiB gz) into the screen's first chunk (docs/decisions/0022-first-load-budget.md).
 * Filled, as the theme's text fields (react-admin's default variant): the label's variant is the input's, or the label
 * is placed for one and the border drawn for the other (the labels overlapped the selects' borders).
 */
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import FilledInput from '@mui/material/FilledInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { forwardRef, useId, type SelectHTMLAttributes } from 'react';

export interface NativeSelectChoice {
  id: string;
  name: string;
}

const SelectElement = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function SelectElement(props, ref) {
  return <select ref={ref} {...props} />;
});

export function NativeSelectField(props: {
  name: string;
  label: string;
  /** The first option, with the empty value (e.g. 'Todos los departamentos'). */
  emptyLabel: string;
  value: string;
  choices: readonly NativeSelectChoice[];
  disabled?: boolean;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}) {
  const { name, label, emptyLabel, value, choices, disabled, onChange, sx } = props;
  const id = useId();
  return (
    <FormControl variant="filled" size="small" margin="none" fullWidth={false} disabled={disabled} sx={sx}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <FilledInput
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputComponent={SelectElement as never}
        inputProps={{
          children: [
            <option key="" value="">
              {emptyLabel}
            </option>,
            ...choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            )),
          ],
        }}
      />
    </FormControl>
  );
}
