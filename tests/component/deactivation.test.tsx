/**
 * The bulk deactivation screen (src/users/deactivation) over a fake dataProvider.request: the four modes and what
 * switching clears, the spec's messages (§5), the exact count in the confirmation, the request sent, the form reset
 * with the notice, and the entity search of 'Una entidad' (from 3 characters, 350 ms). Fake timers throughout.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import { DeactivationPage } from '../../src/users/deactivation';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

interface Call {
  path: string;
  method: string;
  query: Record<string, unknown>;
  body?: unknown;
}

const SITE_TYPES = [
  { id: 1, name: 'Gobernación' },
  { id: 2, name: 'Alcaldía' },
];

function fakeDataProvider(calls: Call[], administrators: number): DataProvider {
  return {
    ...unusedDataProvider,
    request: async (path: string, options: { method?: string; query?: Record<string, unknown>; body?: unknown } = {}) => {
      const method = options.method ?? 'GET';
      calls.push({ path, method, query: options.query ?? {}, body: options.body });
      const ok = (json: unknown) => ({ status: 200, headers: new Headers(), json });
      if (path === '/sitetypes/') return ok({ results: SITE_TYPES });
      if (path === '/siteusers/delete/count') return ok({ administrators, portals: 3 });
      if (path === '/siteusers/delete/' && method === 'POST') return ok({ jobId: 7, count: administrators });
      if (path === '/siteusers/delete/') return ok({ results: [] });
      if (path === '/siteusers/delete/sites') return ok({ results: [{ id: 12, name: 'Alcaldía de Medellín', location: 'Medellín, Antioquia' }] });
      if (path === '/jobs/7') {
        return ok({ id: 7, kind: 'users.deactivate', status: 'running', progress: { done: 1, total: 42, percent: 2 }, counts: { queued: 41, done: 1, failed: 0, skipped: 0 }, error: null, cancelRequested: false });
      }
      if (path === '/locations/' || path === '/sites/groups/') return ok({ results: [] });
      throw new Error(`unexpected ${method} ${path}`);
    },
  } as unknown as DataProvider;
}

function renderPage(calls: Call[], administrators = 42) {
  return render(
    <AdminContext dataProvider={fakeDataProvider(calls, administrators)} i18nProvider={i18nProvider}>
      <DeactivationPage />
    </AdminContext>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const consult = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Consultar administradores' }));
  await advance(0);
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('DeactivationPage', () => {
  it('offers the four modes; each shows its own inputs and switching clears the others', async () => {
    renderPage([]);
    await advance(0);
    for (const name of ['Total', 'Segmentada', 'Una entidad', 'Grupos']) expect(screen.getByRole('radio', { name })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Todo el país' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Total' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Gobernación' }));
    expect(screen.getByRole('checkbox', { name: 'Gobernación' })).toBeChecked();

    fireEvent.click(screen.getByRole('radio', { name: 'Segmentada' }));
    await advance(0);
    expect(screen.getByRole('combobox', { name: 'Departamentos' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Gobernación' })).toBeChecked();

    fireEvent.click(screen.getByRole('radio', { name: 'Grupos' }));
    await advance(0);
    expect(screen.getByRole('combobox', { name: 'Grupos' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Gobernación' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Una entidad' }));
    await advance(0);
    expect(screen.getByRole('combobox', { name: 'Entidad' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Grupos' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Total' }));
    await advance(0);
    expect(screen.getByRole('checkbox', { name: 'Gobernación' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Atrás' })).toHaveAttribute('href', expect.stringMatching(/\/configuracion$/));
  });

  it('says the spec messages and asks nothing while a rule is broken', async () => {
    const calls: Call[] = [];
    renderPage(calls);
    await advance(0);
    await consult();
    expect(screen.getByRole('alert')).toHaveTextContent('Debes seleccionar una o más entidades');
    fireEvent.click(screen.getByRole('radio', { name: 'Segmentada' }));
    await consult();
    expect(screen.getByRole('alert')).toHaveTextContent('Debes seleccionar al menos un filtro');
    fireEvent.click(screen.getByRole('radio', { name: 'Una entidad' }));
    await consult();
    expect(screen.getByRole('alert')).toHaveTextContent('Debes seleccionar al menos un filtro');
    fireEvent.click(screen.getByRole('radio', { name: 'Grupos' }));
    await consult();
    expect(screen.getByRole('alert')).toHaveTextContent('Debes seleccionar al menos un filtro');
    expect(calls.filter((c) => c.path === '/siteusers/delete/count')).toHaveLength(0);
  });

  it("a message answers the choice it was given for: switching mode or changing a filter clears it", async () => {
    renderPage([]);
    await advance(0);
    await consult();
    expect(screen.getByRole('alert')).toHaveTextContent('Debes seleccionar una o más entidades');
    fireEvent.click(screen.getByRole('radio', { name: 'Grupos' }));
    await advance(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Total' }));
    await consult();
    expect(screen.getByRole('alert')).toHaveTextContent('Debes seleccionar una o más entidades');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Gobernación' }));
    await advance(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('no active administrator matches: the no-match text and no confirmation', async () => {
    renderPage([], 0);
    await advance(0);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas' }));
    await consult();
    expect(screen.getByText('Para el filtro que seleccionaste no existen usuarios administradores activos')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('confirms with the exact count, sends the comma-separated request, resets the form and follows the job', async () => {
    const calls: Call[] = [];
    renderPage(calls);
    await advance(0);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas' }));
    await consult();
    const counted = calls.filter((c) => c.path === '/siteusers/delete/count');
    expect(counted).toHaveLength(1);
    expect(counted[0]!.query).toEqual({ locations: '', parentLocations: '', siteTypes: '1,2', sites: '', groups: '' });
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Estás a punto de inactivar 42 administradores de entidades territoriales, ¿deseas continuar?');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Inactivar administradores' }));
    await advance(0);
    const sent = calls.filter((c) => c.path === '/siteusers/delete/' && c.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ locations: '', parentLocations: '', siteTypes: '1,2', sites: '', groups: '' });
    expect(screen.getByText('La inactivación quedó en proceso: el cambio se verá reflejado en unos minutos.')).toBeInTheDocument();
    await advance(500); // the dialog's closing transition (it hides the page from the accessibility tree while open)
    expect(screen.getByRole('checkbox', { name: 'Gobernación' })).not.toBeChecked();
    expect(calls.some((c) => c.path === '/jobs/7')).toBe(true);
    expect(screen.getByText('En ejecución')).toBeInTheDocument();
  });

  it("'Una entidad' searches from 3 characters, 350 ms after the last key, and sends that one site", async () => {
    const calls: Call[] = [];
    renderPage(calls);
    await advance(0);
    fireEvent.click(screen.getByRole('radio', { name: 'Una entidad' }));
    await advance(0);
    const searches = () => calls.filter((c) => c.path === '/siteusers/delete/sites');
    const input = screen.getByRole('combobox', { name: 'Entidad' });
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'Al' } });
    await advance(2000);
    expect(searches()).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'Alc' } });
    await advance(349);
    expect(searches()).toHaveLength(0);
    await advance(1);
    expect(searches().map((c) => c.query)).toEqual([{ name: 'Alc' }]);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Alcaldía de Medellín (Medellín, Antioquia)' }));
    await consult();
    expect(calls.find((c) => c.path === '/siteusers/delete/count')!.query).toMatchObject({ sites: '12', siteTypes: '' });
  });
});
