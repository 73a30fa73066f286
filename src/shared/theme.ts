/** The admin theme: react-admin's default with the GOV.CO blue, MUI's components in Spanish, WCAG AA contrast. */
import { esES } from '@mui/material/locale';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { ra } from '../../i18n/es/ra';

const GOVCO_BLUE = '#3366CC';
const GOVCO_DARK_BLUE = '#004884';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: GOVCO_BLUE }, secondary: { main: GOVCO_DARK_BLUE } },
  typography: { fontFamily: ['"Work Sans"', 'Montserrat', 'Roboto', 'Arial', 'sans-serif'].join(',') },
  components: {
    ...defaultTheme.components,
    // MUI's Spanish texts (pagination, alerts…); the Autocomplete's buttons named with our own words.
    ...esES.components,
    MuiAutocomplete: {
      defaultProps: {
        ...esES.components?.MuiAutocomplete?.defaultProps,
        openText: ra.ra.action.open,
        closeText: ra.ra.action.close,
        clearText: ra.ra.action.clear_input_value,
        loadingText: ra.ra.page.loading,
      },
    },
    // A focused label in GOV.CO blue on a filled input's grey is 4.3:1; the darker blue meets AA (4.5:1).
    MuiInputLabel: {
      styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: GOVCO_DARK_BLUE } } },
    },
  },
};
