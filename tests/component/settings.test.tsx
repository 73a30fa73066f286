/** The settings index: the spec's sub-pages in order, the declared catalogues included, each row a link. */
import { cleanup, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import { catalogueResources } from '../../resources';
import { AREA_LIST, type KeyedArea } from '../../resources/areas';
import { SettingsIndexPage } from '../../src/settings/SettingsIndexPage';
import { settingsEntries, settingsParentOf } from '../../src/settings/settingsEntries';
import { UnderConstruction } from '../../src/pages/UnderConstruction';

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

afterEach(() => cleanup());

/** The index's rows as spec 03 §2 lists them, in its order. */
const SPEC_ROWS = [
  '/configuracion/fuentes-temas',
  '/configuracion/tipos',
  '/configuracion/tramites-tipos',
  '/configuracion/pie-pagina',
  '/configuracion/textos-tramites',
  '/configuracion/tooltips',
  '/configuracion/tipo-documentos',
  '/configuracion/galeria',
  '/configuracion/politicas-datos',
  '/configuracion/logos/globales',
  '/configuracion/logos/contenidos',
  '/configuracion/menu-sitios',
  '/administradores/eliminar',
  '/configuracion/actualizar-sitios',
  '/configuracion/exportar-reporte-correos',
  '/configuracion/actualizacion-administradores',
  '/terminos-condiciones',
];

describe('settingsEntries', () => {
  it("lists every spec sub-route once, in the spec's order, then ticket categories, the audit trail and the inline settings", () => {
    const entries = settingsEntries();
    const inline = ['valores', 'terminos', 'tratamiento-datos', 'texto-solicitud', 'barra-govco', 'pqrds', 'aceptaciones-terminos'].map((page) => `/configuracion/${page}`);
    expect(entries.map((entry) => entry.route)).toEqual([...SPEC_ROWS, '/configuracion/categorias-tickets', '/configuracion/auditoria', ...inline]);
    for (const declaration of catalogueResources) {
      expect(entries).toContainEqual({ route: declaration.route, title: declaration.title, description: expect.stringMatching(/^resources\./) });
    }
  });

  it('places a new area with a settings row at its position, and ignores areas without one', () => {
    const extra = { key: 'settings.colors', path: '/configuracion/colores', title: 't', permissions: ['Settings'], settings: { position: 3.5, title: 'c', description: 'd' } };
    const elsewhere = { key: 'other', path: '/otra/ruta', title: 't', permissions: ['Settings'] };
    const routes = settingsEntries([...AREA_LIST, extra, elsewhere] as KeyedArea[]).map((entry) => entry.route);
    expect(routes.indexOf('/configuracion/colores')).toBe(3);
    expect(routes).not.toContain('/otra/ruta');
  });
});

describe('SettingsIndexPage', () => {
  it('shows one link per sub-page with its Spanish label and opens it', async () => {
    render(
      <TestMemoryRouter initialEntries={['/configuracion']}>
        <AdminContext i18nProvider={i18nProvider}>
          <Routes>
            <Route path="/configuracion" element={<SettingsIndexPage />} />
            <Route path="/configuracion/tramites-tipos" element={<p>pantalla de tipos de trámite</p>} />
          </Routes>
        </AdminContext>
      </TestMemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Configuración' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Configuración' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(settingsEntries().length);
    expect(links[0]).toHaveAttribute('href', '/configuracion/fuentes-temas');
    expect(links[0]).toHaveTextContent('Fuentes y temas');
    expect(within(list).getByRole('link', { name: /Tipos de entidad/ })).toHaveAttribute('href', '/configuracion/tipos');
    expect(within(list).getByRole('link', { name: /Inactivación masiva de administradores/ })).toHaveAttribute('href', '/administradores/eliminar');
    expect(within(list).getByRole('link', { name: /Categorías de tickets/ })).toHaveAttribute('href', '/configuracion/categorias-tickets');
    expect(list.textContent).not.toMatch(/settings\.|resources\./);

    await userEvent.click(within(list).getByRole('link', { name: /Tipos de trámite/ }));
    expect(await screen.findByText('pantalla de tipos de trámite')).toBeInTheDocument();
  });

  it('is a well-formed list: every child of the list is a list item holding its link (axe list, listitem)', async () => {
    const { container } = render(
      <TestMemoryRouter initialEntries={['/configuracion']}>
        <AdminContext i18nProvider={i18nProvider}>
          <SettingsIndexPage />
        </AdminContext>
      </TestMemoryRouter>,
    );
    const list = await screen.findByRole('list', { name: 'Configuración' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(settingsEntries().length);
    const results = await axe.run(container, { runOnly: { type: 'rule', values: ['list', 'listitem', 'link-name'] } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});

describe('settingsParentOf (the settings sub-pages\' "Atrás")', () => {
  it.each([
    ['/configuracion/fuentes-temas', '/configuracion'],
    ['/configuracion/tipos/', '/configuracion'],
    ['/Configuracion/Auditoria', '/configuracion'],
    ['/configuracion/categorias-tickets', '/configuracion'],
    ['/configuracion/logos/globales', '/configuracion'],
    ['/administradores/eliminar', '/configuracion'],
    ['/configuracion', undefined],
    ['/terminos-condiciones', undefined],
    ['/portales', undefined],
    ['/contenidos', undefined],
  ])('%s goes back to %s', (pathname, expected) => {
    expect(settingsParentOf(pathname)).toBe(expected);
  });

  it('the "en construcción" panel of a settings sub-page shows "Atrás" to /configuracion; elsewhere it does not', async () => {
    const screenAt = (path: string) =>
      render(
        <TestMemoryRouter initialEntries={[path]}>
          <AdminContext i18nProvider={i18nProvider}>
            <Routes>
              <Route path="/configuracion" element={<p>índice de configuración</p>} />
              <Route path="*" element={<UnderConstruction title="pages.sections.footer" />} />
            </Routes>
          </AdminContext>
        </TestMemoryRouter>,
      );
    screenAt('/contenidos');
    expect(await screen.findByText('Esta sección está en construcción', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Atrás' })).not.toBeInTheDocument();
    cleanup();

    screenAt('/configuracion/pie-pagina');
    await userEvent.click(await screen.findByRole('link', { name: 'Atrás' }));
    expect(await screen.findByText('índice de configuración')).toBeInTheDocument();
  });
});
