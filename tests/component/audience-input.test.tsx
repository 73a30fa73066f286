/**
 * AudienceInput over a fake dataProvider.request: switching segment clears the other selections, the location
 * tags search 200 ms after typing, groups from 3 characters after 350 ms, 'select all' is hidden for groups, and
 * the reach line follows the audience. Fake timers: every delay is stepped explicitly.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Form } from 'ra-core';
import { AdminContext, type DataProvider } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import type { Audience } from '../../resources/audience';
import * as yup from 'yup';
import { AudienceInput } from '../../src/shared/audience';
import { yupValidate } from '../../src/engine/yupValidate';
import { REACH_DELAY_MS } from '../../src/shared/audience/AudienceReach';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

interface Call {
  path: string;
  query: Record<string, unknown>;
  body?: Audience;
}

const DEPARTMENTS = [
  { id: 5, name: 'Antioquia' },
  { id: 8, name: 'Atlántico' },
];
const MUNICIPALITIES = [
  { id: 5001, name: 'Medellín' },
  { id: 8001, name: 'Barranquilla' },
];
const GROUPS = [{ groupID: 4, name: 'Capitales' }];
const SITE_TYPES = [
  { id: 1, name: 'Gobernación' },
  { id: 2, name: 'Alcaldía' },
];

/** Reach: 10 portals and 20 administrators per entity type, or per group. */
const reachOf = (audience: Audience) => {
  const n = audience.segment === 2 ? audience.groups.length : audience.siteTypes.length;
  return { portals: n * 10, administrators: n * 20 };
};

function fakeDataProvider(calls: Call[]): DataProvider {
  return {
    ...unusedDataProvider,
    request: async (path: string, options: { query?: Record<string, unknown>; body?: Audience } = {}) => {
      calls.push({ path, query: options.query ?? {}, body: options.body });
      const ok = (json: unknown) => ({ status: 200, headers: new Headers(), json });
      if (path === '/audience/reach') return ok(reachOf(options.body!));
      if (path === '/sitetypes/') return ok({ results: SITE_TYPES });
      if (path === '/sites/groups/') return ok({ results: GROUPS });
      const parent = options.query?.parentLocationId;
      if (path === '/locations/' && parent !== undefined && parent !== 170) {
        return ok({ results: MUNICIPALITIES.filter((m) => Math.floor(m.id / 1000) === parent) });
      }
      if (path === '/locations/') return ok({ results: options.query?.isMunicipality ? MUNICIPALITIES : DEPARTMENTS });
      throw new Error(`unexpected ${path}`);
    },
  } as unknown as DataProvider;
}

/** Shows the form's current audience, as the tests read it. */
function CurrentValue() {
  const value = useWatch({ name: 'audience' }) as Audience;
  return <pre data-testid="value">{JSON.stringify(value)}</pre>;
}

const current = (): Audience => JSON.parse(screen.getByTestId('value').textContent ?? '{}') as Audience;

function renderInput(
  audience: Audience,
  calls: Call[],
  onSubmit: (data: unknown) => void = () => undefined,
  validate?: (values: Record<string, unknown>) => Promise<Record<string, unknown>>,
) {
  return render(
    <AdminContext dataProvider={fakeDataProvider(calls)} i18nProvider={i18nProvider}>
      <Form record={{ id: 1, audience }} onSubmit={onSubmit} validate={validate}>
        <AudienceInput source="audience" />
        <CurrentValue />
        <button type="submit">enviar</button>
      </Form>
    </AdminContext>,
  );
}

/** Lets timers up to `ms` fire and the answers they ask for arrive. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const audience = (segment: 0 | 1 | 2, parts: Partial<Omit<Audience, 'segment'>> = {}): Audience => ({
  segment,
  departments: [],
  municipalities: [],
  groups: [],
  siteTypes: [],
  ...parts,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AudienceInput', () => {
  it('switching segment clears the other selections; groups hide the entity types and their select-all', async () => {
    const calls: Call[] = [];
    renderInput(audience(1, { departments: [5], municipalities: [8001], siteTypes: [1] }), calls);
    await advance(0);
    expect(screen.getByRole('checkbox', { name: 'Seleccionar todas' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Departamentos' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Grupos' }));
    expect(current()).toEqual(audience(2));
    expect(screen.queryByRole('checkbox', { name: 'Seleccionar todas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Departamentos' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Grupos' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Todo el país' }));
    await advance(0);
    expect(current()).toEqual(audience(0));
    expect(screen.getByRole('checkbox', { name: 'Seleccionar todas' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Grupos' })).not.toBeInTheDocument();
  });

  it('searches departments 200 ms after the last key, and a department drops its municipalities', async () => {
    const calls: Call[] = [];
    renderInput(audience(1, { municipalities: [5001, 8001], siteTypes: [1] }), calls);
    await advance(0);
    const input = screen.getByRole('combobox', { name: 'Departamentos' });
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'An' } });
    await advance(150);
    fireEvent.change(input, { target: { value: 'Ant' } });
    await advance(199);
    const searches = () => calls.filter((c) => c.path === '/locations/' && c.query.search === 'Ant');
    expect(searches()).toHaveLength(0);
    expect(calls.some((c) => c.path === '/locations/' && c.query.search === 'An')).toBe(false);
    await advance(1);
    expect(searches()).toHaveLength(1);
    expect(searches()[0]!.query.parentLocationId).toBe(170);

    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Antioquia' }));
    expect(current()).toEqual(audience(1, { departments: [5], municipalities: [8001], siteTypes: [1] }));
  });

  it('searches groups only from 3 characters, 350 ms after the last key', async () => {
    const calls: Call[] = [];
    renderInput(audience(2), calls);
    await advance(0);
    const groupCalls = () => calls.filter((c) => c.path === '/sites/groups/');
    const input = screen.getByRole('combobox', { name: 'Grupos' });
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'Ca' } });
    await advance(2000);
    expect(groupCalls()).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'Cap' } });
    await advance(349);
    expect(groupCalls()).toHaveLength(0);
    await advance(1);
    expect(groupCalls()).toEqual([{ path: '/sites/groups/', query: { name: 'Cap', pageSize: 100 }, body: undefined }]);

    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Capitales' }));
    expect(current()).toEqual(audience(2, { groups: [4] }));
  });

  it('the reach line follows the audience, asking once it stops changing', async () => {
    const calls: Call[] = [];
    renderInput(audience(0), calls);
    await advance(0);
    const reachCalls = () => calls.filter((c) => c.path === '/audience/reach');
    // No entity type yet: the audience reaches no one and nothing is asked.
    expect(screen.getByRole('status')).toHaveTextContent('Llega a 0 portales · 0 administradores');
    await advance(REACH_DELAY_MS * 2);
    expect(reachCalls()).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Gobernación' }));
    await advance(REACH_DELAY_MS / 2);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas' }));
    expect(current()).toEqual(audience(0, { siteTypes: [1, 2] }));
    await advance(REACH_DELAY_MS - 1);
    expect(reachCalls()).toHaveLength(0);
    await advance(1);
    expect(reachCalls()).toHaveLength(1);
    expect(reachCalls()[0]!.body).toEqual(audience(0, { siteTypes: [1, 2] }));
    expect(screen.getByRole('status')).toHaveTextContent('Llega a 20 portales · 40 administradores');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Alcaldía' }));
    await advance(REACH_DELAY_MS);
    expect(screen.getByRole('status')).toHaveTextContent('Llega a 10 portales · 20 administradores');
  });

  it('names the chosen departments, municipalities and groups of a saved audience', async () => {
    const calls: Call[] = [];
    renderInput(audience(1, { departments: [5], municipalities: [8001, 0], siteTypes: [1] }), calls);
    await advance(0);
    expect(screen.getByRole('button', { name: 'Antioquia' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Barranquilla' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Todos los municipios' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/locations/').map((c) => c.query.parentLocationId).sort()).toEqual([170, 8]);
    cleanup();

    renderInput(audience(2, { groups: [4] }), calls);
    await advance(0);
    expect(screen.getByRole('button', { name: 'Capitales' })).toBeInTheDocument();
  });

  it('refuses to submit an incomplete audience with the spec message', async () => {
    const calls: Call[] = [];
    const submitted: unknown[] = [];
    renderInput(audience(0, { siteTypes: [1] }), calls, (data) => submitted.push(data));
    await advance(0);
    fireEvent.click(screen.getByRole('radio', { name: 'Departamentos y municipios' }));
    fireEvent.click(screen.getByRole('button', { name: 'enviar' }));
    await advance(0);
    expect(screen.getByText('Debes ingresar un departamento y/o municipio')).toBeInTheDocument();
    expect(submitted).toHaveLength(0);

    fireEvent.click(screen.getByRole('radio', { name: 'Grupos' }));
    await advance(0);
    expect(screen.getByText('Debes ingresar por lo menos un grupo')).toBeInTheDocument();
  });

  it("shows a generated form's nested errors under their part (audience.departments, audience.siteTypes)", async () => {
    const calls: Call[] = [];
    const submitted: unknown[] = [];
    // A record-level rule beyond the audience's own: departments required, and at least two entity types.
    const schema = yup.object({
      audience: yup.object({
        departments: yup.array().min(1, 'Faltan departamentos'),
        siteTypes: yup.array().min(2, 'Faltan tipos de entidad'),
      }),
    });
    renderInput(audience(1, { municipalities: [5001], siteTypes: [1] }), calls, (data) => submitted.push(data), yupValidate(schema, (key) => key));
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'enviar' }));
    await advance(0);
    const departments = screen.getByText('Faltan departamentos');
    const siteTypes = screen.getByText('Faltan tipos de entidad');
    expect(submitted).toHaveLength(0);
    // Each under its own input: the departments' message comes before the municipalities input, the types' after it.
    const municipalities = screen.getByRole('combobox', { name: 'Municipios' });
    expect(departments.compareDocumentPosition(municipalities) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(siteTypes.compareDocumentPosition(municipalities) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  });
});
