/** The admin theme: react-admin's default with the GOV.CO blue. */
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#3366CC' }, secondary: { main: '#004884' } },
  typography: { fontFamily: ['"Work Sans"', 'Montserrat', 'Roboto', 'Arial', 'sans-serif'].join(',') },
};
