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
const spanishComponents: ComponentsOptions = mergeComponentDefaults(esES.components as ComponentsOptions, {
  MuiAutocomplete: { defaultProps: { openText: ra.ra.action.open, closeText: ra.ra.action.close, loadingText: ra.ra.page.loading } },
});

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#3366CC' }, secondary: { main: '#004884' } },
  typography: { fontFamily: ['"Work Sans"', 'Montserrat', 'Roboto', 'Arial', 'sans-serif'].join(',') },
  components: mergeComponentDefaults(defaultTheme.components as ComponentsOptions, spanishComponents),
};
