/**
 * The admin theme: react-admin's default with the GOV.CO blue, and MUI's own texts in Spanish
 * (Autocomplete 'Abrir'/'Cerrar'/'Sin opciones', pagination, alerts…) so no English is left in
 * labels or tooltips of MUI components.
 */
import { esES } from '@mui/material/locale';
import type { Components, Theme } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { ra } from '../../i18n/es/ra';

type ComponentsOptions = Components<Omit<Theme, 'components'>>;

/** Each component's defaultProps from both sources, the second winning; other keys of the first kept. */
export function mergeComponentDefaults(base: ComponentsOptions = {}, extra: ComponentsOptions = {}): ComponentsOptions {
  const merged: Record<string, { defaultProps?: object }> = { ...(base as Record<string, { defaultProps?: object }>) };
  for (const [name, options] of Object.entries(extra as Record<string, { defaultProps?: object }>)) {
    merged[name] = { ...merged[name], ...options, defaultProps: { ...merged[name]?.defaultProps, ...options.defaultProps } };
  }
  return merged as ComponentsOptions;
}

/** MUI's Spanish pack, with the Autocomplete button named as an action ('Abrir', not the pack's 'Abierto'). */
const GOVCO_BLUE = '#3366CC';
const GOVCO_DARK_BLUE = '#004884';
/** MUI's error.dark: readable (AA) on a filled input's grey. */
const ERROR_ON_GREY = '#c62828';

const spanishComponents: ComponentsOptions = mergeComponentDefaults(esES.components as ComponentsOptions, {
  MuiAutocomplete: {
    defaultProps: {
      openText: ra.ra.action.open,
      closeText: ra.ra.action.close,
      clearText: ra.ra.action.clear_input_value,
      loadingText: ra.ra.page.loading,
    },
  },
  // A spinner without a name of its own (react-admin's LoadingInput while a select's choices load) is named 'Cargando'.
  MuiCircularProgress: { defaultProps: { 'aria-label': ra.ra.page.loading } },
  // A focused label in GOV.CO blue on a filled input's grey is 4.3:1; the darker blue meets AA (4.5:1). The same for
  // a label in error: MUI's red (#d32f2f) on that grey is 4.36:1, its darker red (error.dark) 4.9:1.
  MuiInputLabel: {
    styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: GOVCO_DARK_BLUE }, '&.Mui-error': { color: ERROR_ON_GREY } } },
  },
  // A read-only input's helper text ('Selecciona primero un departamento') is disabled grey (#9e9e9e, 2.7:1): it still
  // explains the field, so it keeps the secondary text colour of the light palette (5.7:1, AA).
  MuiFormHelperText: {
    styleOverrides: { root: { '&.Mui-disabled:not(.Mui-error)': { color: 'rgba(0, 0, 0, 0.6)' } } },
  },
});

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: GOVCO_BLUE }, secondary: { main: GOVCO_DARK_BLUE } },
  typography: { fontFamily: ['"Work Sans"', 'Montserrat', 'Roboto', 'Arial', 'sans-serif'].join(',') },
  components: mergeComponentDefaults(defaultTheme.components as ComponentsOptions, spanishComponents),
};
