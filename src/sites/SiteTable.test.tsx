/**
 * The site table's body cells are plain <td>s styled once on the body (cheaper rows, issue 7): they must look like the
 * MUI TableCell they replace (small body cell; numbers aligned right), under the admin's theme.
 */
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { Stack, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { cleanup, render, screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { I18nContextProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import type { SiteListRecord } from '../../resources/sites';
import { theme } from '../shared/theme';
import { SiteTable } from './SiteTable';

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], {
  allowMissing: true,
});

const SITE = {
  id: 7,
  name: 'Alcaldía 07',
  siteType: 'Alcaldía',
  parentLocation: 'Antioquia',
  childLocation: 'Medellín',
  statusId: 1,
  installed: true,
  pendingRequest: false,
  requestType: null,
  countUsers: 7,
  countEmails: 7,
  countContents: 7,
  countComments: 7,
  modifiedDate: new Date(2024, 0, 7, 12).toISOString(),
  population: 7000,
} as unknown as SiteListRecord;

const PROPERTIES = [
  'display',
  'vertical-align',
  'border-bottom',
  'text-align',
  'padding',
  'color',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'letter-spacing',
] as const;

const looks = (element: Element) => Object.fromEntries(PROPERTIES.map((property) => [property, getComputedStyle(element).getPropertyValue(property)]));

describe('SiteTable body cells', () => {
  afterEach(cleanup);

  it('look like MUI small body TableCells, text left and numbers right', () => {
    render(
      <ThemeProvider theme={createTheme(theme)}>
        <I18nContextProvider value={i18nProvider}>
          <SiteTable rows={[SITE]} held={['Sites']} />
          <Table size="small">
            <TableBody>
              <TableRow>
                {/* The list's cells have 8 px a side (the row fits a 1280 px screen: SiteTable's CELL_PADDING). */}
                <TableCell data-testid="mui-text" sx={{ padding: '6px 8px' }}>
                  texto
                </TableCell>
                <TableCell data-testid="mui-number" align="right" sx={{ padding: '6px 8px' }}>
                  1
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
          <Stack data-testid="mui-stack" direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
            <span>x</span>
          </Stack>
        </I18nContextProvider>
      </ThemeProvider>,
    );
    const name = screen.getByText('Alcaldía 07');
    const population = screen.getByText((7000).toLocaleString('es-CO'));
    expect(name.tagName).toBe('TD');
    const text = looks(screen.getByTestId('mui-text'));
    const number = looks(screen.getByTestId('mui-number'));
    expect(text['padding']).toBe('6px 8px');
    // The headers have the same sides as the cells under them.
    expect(getComputedStyle(screen.getByRole('columnheader', { name: 'Nombre' })).getPropertyValue('padding')).toBe('6px 8px');
    expect(text['border-bottom']).not.toBe('');
    expect(number['text-align']).toBe('right');
    expect(looks(name)).toEqual(text);
    expect(looks(population)).toEqual(number);
    // The status cell's line is drawn as MUI's Stack drew it.
    const line = ['display', 'flex-direction', 'gap', 'align-items', 'flex-wrap'] as const;
    const lineLooks = (element: Element) => Object.fromEntries(line.map((property) => [property, getComputedStyle(element).getPropertyValue(property)]));
    expect(lineLooks(screen.getByTestId('mui-stack'))).toMatchObject({ display: 'flex', gap: '8px' });
    expect(lineLooks(screen.getByText('Activo').parentElement!)).toEqual(lineLooks(screen.getByTestId('mui-stack')));
  });
});
