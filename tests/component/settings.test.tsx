/** The settings index: the spec's sub-pages in order, the declared catalogues included, each row a link. */
import { cleanup, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import { catalogueResources, resources } from '../../resources';
import type { ResourceReference } from '../../resources/types';
import { SettingsIndexPage } from '../../src/settings/SettingsIndexPage';
import { SPEC_ORDER, settingsEntries, settingsParentOf } from '../../src/settings/settingsEntries';
import { UnderConstruction } from '../../src/pages/UnderConstruction';

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

afterEach(() => cleanup());

describe('settingsEntries', () => {
  it("lists every spec sub-route once, in the spec's order, the catalogues from their declarations", () => {
    const entries = settingsEntries(resources);
    const routes = entries.map((entry) => entry.route);
    expect(routes.slice(0, SPEC_ORDER.length)).toEqual([...SPEC_ORDER]);
    expect(new Set(routes).size).toBe(routes.length);
    for (const declaration of catalogueResources) {
      expect(entries).toContainEqual({ route: declaration.route, title: declaration.title, description: declaration.description });
    }
  });

  it('adds a newly declared catalogue of /configuracion after the spec rows, and ignores other areas', () => {
    const extra = { ...catalogueResources[0]!, name: 'colors', route: '/configuracion/colores', title: 'resources.colors.title' } satisfies ResourceReference;
    const elsewhere = { ...catalogueResources[0]!, name: 'x', route: '/otra/ruta', parentRoute: '/otra' } satisfies ResourceReference;
    const routes = settingsEntries([...resources, extra, elsewhere]).map((entry) => entry.route);
    expect(routes.at(-1)).toBe('/configuracion/colores');
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
    expect(links).toHaveLength(settingsEntries(resources).length);
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
    expect(within(list).getAllByRole('listitem')).toHaveLength(settingsEntries(resources).length);
    const results = await axe.run(container, { runOnly: { type: 'rule', values: ['list', 'listitem', 'link-name'] } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});

describe('settingsParentOf (the settings sub-pages\' "Atrás")', () => {
  it.each([
    ['/configuracion/fuentes-temas', '/configuracion'],
    ['/configuracion/tipos/', '/configuracion'],
    ['/Configuracion/Auditoria', '/configuracion'],
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
