/** The theme's accessibility defaults, found by the site form's axe check in the browser (tests/e2e/portals-list.test.ts). */
import { createTheme, ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { cleanup, render, screen } from '@testing-library/react';
import { LoadingInput } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { NativeSelectField } from './NativeSelectField';
import { theme } from './theme';

afterEach(cleanup);

const withTheme = (children: React.ReactNode) => render(<ThemeProvider theme={createTheme(theme)}>{children}</ThemeProvider>);

describe('admin theme', () => {
  it("names a spinner that has no name of its own 'Cargando' (react-admin's LoadingInput while choices load)", async () => {
    withTheme(<LoadingInput label="Municipio" timeout={0} />);
    expect(await screen.findByRole('progressbar', { name: 'Cargando' })).toBeInTheDocument();
  });

  it("keeps a read-only field's helper text in the secondary colour, not the disabled grey", () => {
    withTheme(<TextField label="Municipio" disabled helperText="Selecciona primero un departamento" />);
    const helper = screen.getByText('Selecciona primero un departamento');
    expect(helper).toHaveClass('Mui-disabled');
    expect(getComputedStyle(helper).color).toBe('rgba(0, 0, 0, 0.6)');
  });

  it("draws a native select's label for the select's own variant (the site filters' labels overlapped their borders)", () => {
    withTheme(<NativeSelectField name="groupID" label="Grupo" emptyLabel="Todos los grupos" value="" choices={[]} onChange={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'Grupo' });
    const label = screen.getByText('Grupo', { selector: 'label' });
    const variant = ['filled', 'outlined', 'standard'].find((name) => label.classList.contains(`MuiInputLabel-${name}`));
    const inputRoots: Record<string, string> = { filled: 'MuiFilledInput-root', outlined: 'MuiOutlinedInput-root', standard: 'MuiInput-root' };
    expect(select.parentElement).toHaveClass(inputRoots[variant ?? 'standard']!);
  });
});
