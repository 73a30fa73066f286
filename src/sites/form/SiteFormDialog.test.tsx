import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, type DataProvider, type GetListParams } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../../../dataProvider/errors';
import { spanishMessages } from '../../../i18n/es';
import { unusedDataProvider } from '../../../tests/helpers/unusedDataProvider';
import type { SiteMapProps } from './SiteMap';
import { SiteFormDialog } from './SiteFormDialog';

// The URL check waits for a typing pause and the map is a lazy chunk: allow a busy machine time to get there.
configure({ asyncUtilTimeout: 5000 });

/** Leaflet replaced at its module boundary: the fake shows what the form gives the map and picks a point on demand. */
vi.mock('./SiteMap', () => ({
  default: (props: SiteMapProps) => (
    <div data-testid="fake-map">
      <span data-testid="marker">{props.position ? props.position.join(' ') : 'sin marcador'}</span>
      <span data-testid="view">{`${props.center.join(' ')} @${props.zoom}`}</span>
      <span data-testid="tiles">{String(props.tileUrl)}</span>
      <button type="button" onClick={() => props.onPick(6.251842, -75.563591)}>
        elegir punto
      </button>
    </div>
  ),
}));

const LOCATIONS = [
  { id: 5, name: 'Antioquia', parentLocationId: 170, isMunicipality: false },
  { id: 25, name: 'Cundinamarca', parentLocationId: 170, isMunicipality: false },
  { id: 5001, name: 'Medellín', parentLocationId: 5, isMunicipality: true },
  { id: 5088, name: 'Bello', parentLocationId: 5, isMunicipality: true },
  { id: 25754, name: 'Soacha', parentLocationId: 25, isMunicipality: true },
];
const SITE_TYPES = [
  { id: 1, name: 'Gobernación' },
  { id: 2, name: 'Alcaldía' },
  { id: 5, name: 'Otras entidades' },
];
const INSTALLED_SITE = {
  id: 40,
  name: 'Alcaldía de Bello',
  alias: 'bello',
  parentLocationId: 5,
  locationId: 5088,
  siteTypeId: 2,
  orderType: 1,
  allowedUrl: 'https://www.bello.gov.co,https://bello.gov.co',
  address: 'Carrera 50 # 51-00',
  siteLatitude: 6.337,
  siteLongitude: -75.558,
  installed: true,
};

interface Recorded {
  creates: Array<Record<string, unknown>>;
  updates: Array<{ id: unknown; data: Record<string, unknown> }>;
  urlChecks: string[];
}

function fakeDataProvider(options: { takenUrls?: string[]; createError?: unknown } = {}) {
  const recorded: Recorded = { creates: [], updates: [], urlChecks: [] };
  const locationsFor = (f: Record<string, unknown>) =>
    LOCATIONS.filter((l) => l.parentLocationId === f.parentLocationId && l.isMunicipality === f.isMunicipality);
  const dataProvider = {
    ...unusedDataProvider,
    getList: (async (resource: string, params: GetListParams) => {
      const data = resource === 'locations' ? locationsFor(params.filter ?? {}) : resource === 'sitetypes' ? SITE_TYPES : [];
      return { data, total: data.length };
    }) as DataProvider['getList'],
    getMany: (async (resource: string, params: { ids: unknown[] }) => {
      const all: Array<{ id: number }> = resource === 'locations' ? LOCATIONS : resource === 'sitetypes' ? SITE_TYPES : [];
      return { data: all.filter((r) => params.ids.map(Number).includes(r.id)) };
    }) as DataProvider['getMany'],
    getOne: (async (_resource: string, params: { id: unknown }) => ({ data: { ...INSTALLED_SITE, id: params.id } })) as DataProvider['getOne'],
    create: (async (_resource: string, params: { data: Record<string, unknown> }) => {
      recorded.creates.push(params.data);
      if (options.createError) throw options.createError;
      return { data: { ...params.data, id: 99 } };
    }) as DataProvider['create'],
    update: (async (_resource: string, params: { id: unknown; data: Record<string, unknown> }) => {
      recorded.updates.push({ id: params.id, data: params.data });
      return { data: { ...params.data, id: params.id } };
    }) as DataProvider['update'],
    request: async (path: string, requestOptions?: { query?: Record<string, unknown> }) => {
      if (path === '/clientconfig/') return { status: 200, headers: new Headers(), json: { tileUrl: 'https://teselas.test/{z}/{x}/{y}.png' } };
      if (path === '/allowurl/') {
        const url = String(requestOptions?.query?.url);
        recorded.urlChecks.push(url);
        return { status: 200, headers: new Headers(), json: { available: !(options.takenUrls ?? []).includes(url) } };
      }
      throw new Error(`llamada inesperada ${path}`);
    },
  } as unknown as DataProvider;
  return { dataProvider, recorded };
}

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], {
  allowMissing: true,
});

function renderForm(options: { siteId?: number; takenUrls?: string[]; createError?: unknown } = {}) {
  const { dataProvider, recorded } = fakeDataProvider(options);
  const onClose = vi.fn();
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <SiteFormDialog open siteId={options.siteId} onClose={onClose} />
    </AdminContext>,
  );
  return { recorded, onClose };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const field = (label: string) => screen.getByRole('textbox', { name: label });
const numberField = (label: string) => screen.getByRole('spinbutton', { name: label });

describe('SiteFormDialog (spec 01 §5 Site form)', () => {
  afterEach(cleanup);

  it('shows every required-field message on an empty save and sends nothing', async () => {
    const user = userEvent.setup();
    const { recorded } = renderForm();
    await screen.findByRole('heading', { name: 'Nueva entidad' });
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    for (const message of [
      'Debes ingresar el nombre de la entidad',
      'Debes ingresar el alias',
      'Debes seleccionar un departamento',
      'Debes seleccionar un municipio',
      'Debes seleccionar el tipo de entidad',
      'Debes seleccionar el orden de la entidad',
      'Debes ingresar el Dominio (URL)',
      'Debes ingresar la dirección',
      'Debes ingresar la latitud',
      'Debes ingresar la longitud',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(field('Alias'), 'con espacio');
    expect(await screen.findByText('El alias solo admite letras, números, guion bajo (_) o guion (-)')).toBeInTheDocument();
    expect(recorded.creates).toEqual([]);
  });

  it('creates a site: municipalities follow the department, the type sets the order, the map sets the coordinates', async () => {
    const user = userEvent.setup();
    const { recorded, onClose } = renderForm();
    expect(await screen.findByTestId('view')).toHaveTextContent('4.5709 -74.2973 @5');
    expect(await screen.findByTestId('tiles')).toHaveTextContent('https://teselas.test/{z}/{x}/{y}.png');
    expect(screen.getByTestId('marker')).toHaveTextContent('sin marcador');

    await user.type(field('Nombre de la entidad'), 'Alcaldía de Bello');
    await user.type(field('Alias'), 'bello_antioquia');
    await choose(user, 'Departamento', 'Cundinamarca');
    await user.click(screen.getByRole('combobox', { name: 'Municipio' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent?.trim()).filter(Boolean)).toEqual(['Soacha']);
    await user.click(screen.getByRole('option', { name: 'Soacha' }));
    // Another department: the municipality is cleared and the choices are that department's.
    await choose(user, 'Departamento', 'Antioquia');
    expect(screen.getByRole('combobox', { name: 'Municipio' })).not.toHaveTextContent('Soacha');
    await user.click(screen.getByRole('combobox', { name: 'Municipio' }));
    await waitFor(async () => expect((await screen.findAllByRole('option')).map((o) => o.textContent?.trim()).filter(Boolean).sort()).toEqual(['Bello', 'Medellín']));
    await user.click(screen.getByRole('option', { name: 'Bello' }));

    await choose(user, 'Tipo de entidad', 'Alcaldía');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Orden de la entidad' })).toHaveTextContent('Municipal'));
    expect(screen.getByText('Lo define el tipo de entidad')).toBeInTheDocument();

    await user.type(field('Dominio (URL)'), 'https://www.bello.gov.co');
    expect(await screen.findByText('El Dominio (URL) está disponible')).toBeInTheDocument();
    await user.type(field('Dirección'), 'Carrera 50 # 51-00');
    await user.click(screen.getByRole('button', { name: 'elegir punto' }));
    await waitFor(() => expect(numberField('Latitud')).toHaveValue(6.251842));
    expect(numberField('Longitud')).toHaveValue(-75.563591);
    expect(screen.getByTestId('marker')).toHaveTextContent('6.251842 -75.563591');

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(recorded.creates).toHaveLength(1));
    expect(recorded.creates[0]).toEqual({
      name: 'Alcaldía de Bello',
      alias: 'bello_antioquia',
      parentLocationId: 5,
      locationId: 5088,
      siteTypeId: 2,
      orderType: 1,
      allowedUrl: 'https://www.bello.gov.co',
      address: 'Carrera 50 # 51-00',
      siteLatitude: 6.251842,
      siteLongitude: -75.563591,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  }, 60_000);

  it('says a URL is in use as soon as typing pauses, and blocks the save', async () => {
    const user = userEvent.setup();
    const { recorded } = renderForm({ takenUrls: ['https://usada.gov.co'] });
    await user.type(await screen.findByRole('textbox', { name: 'Dominio (URL)' }), 'https://usada.gov.co');
    expect(await screen.findByText('La Url que intentas usar ya se encuentra en uso')).toBeInTheDocument();
    // One check after the pause, not one per keystroke.
    expect(recorded.urlChecks).toEqual(['https://usada.gov.co']);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Debes ingresar el nombre de la entidad')).toBeInTheDocument();
    expect(screen.getByText('La Url que intentas usar ya se encuentra en uso')).toBeInTheDocument();
    expect(recorded.creates).toEqual([]);
  });

  it('marks the fields a BadArgument refusal names (Alias, AllowedUrl, any case) as duplicated', async () => {
    const user = userEvent.setup();
    const createError = toHttpError(400, {
      error: {
        code: 'BadArgument',
        message: 'Datos no válidos',
        details: [
          { code: 'BadArgument', target: 'Alias', message: 'El alias ya se encuentra en uso' },
          { code: 'BadArgument', target: 'ALLOWEDURL', message: 'La URL ya existe' },
        ],
      },
    });
    const { recorded, onClose } = renderForm({ createError });
    await user.type(await screen.findByRole('textbox', { name: 'Nombre de la entidad' }), 'Gobernación de Antioquia');
    await user.type(field('Alias'), 'antioquia');
    await choose(user, 'Departamento', 'Antioquia');
    await choose(user, 'Tipo de entidad', 'Gobernación');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Orden de la entidad' })).toHaveTextContent('Departamental'));
    await user.type(field('Dominio (URL)'), 'https://antioquia.gov.co');
    await user.type(field('Dirección'), 'Calle 42B # 52-106');
    await user.type(numberField('Latitud'), '6.2442');
    await user.type(numberField('Longitud'), '-75.5812');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(recorded.creates).toHaveLength(1));
    // Departmental: no municipality needed.
    expect(recorded.creates[0]).toMatchObject({ orderType: 0, locationId: null });
    expect(await screen.findByText('El Dominio (URL) ya se encuentra en uso')).toBeInTheDocument();
    const aliasMessages = await screen.findAllByText('El alias ya se encuentra en uso');
    expect(aliasMessages.some((node) => node.closest('.ra-input-alias'))).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits a site: alias locked once installed, map on the site at zoom 7, typed coordinates move the marker, type change confirmed', async () => {
    const user = userEvent.setup();
    const { recorded } = renderForm({ siteId: 40 });
    expect(await screen.findByRole('heading', { name: 'Editar entidad' })).toBeInTheDocument();
    expect(await screen.findByTestId('view')).toHaveTextContent('6.337 -75.558 @7');
    expect(await screen.findByDisplayValue('bello')).toHaveAttribute('readonly');
    expect(screen.getByText('El alias no se puede cambiar porque el portal ya está instalado')).toBeInTheDocument();
    expect(field('Dominio (URL)')).toHaveValue('https://www.bello.gov.co');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Municipio' })).toHaveTextContent('Bello'));

    await user.clear(numberField('Latitud'));
    await user.type(numberField('Latitud'), '7.1');
    await waitFor(() => expect(screen.getByTestId('marker')).toHaveTextContent('7.1 -75.558'));

    await choose(user, 'Tipo de entidad', 'Otras entidades');
    expect(screen.getByRole('combobox', { name: 'Orden de la entidad' })).toHaveTextContent('Municipal');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmación' });
    expect(confirm).toHaveTextContent('Vas a cambiar el tipo de entidad de este portal. ¿Deseas continuar?');
    await user.click(within(confirm).getByRole('button', { name: 'Regresar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirmación' })).toBeNull());
    expect(recorded.updates).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirmación' })).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(recorded.updates).toHaveLength(1));
    expect(recorded.updates[0]).toEqual({
      id: 40,
      data: {
        name: 'Alcaldía de Bello',
        alias: 'bello',
        parentLocationId: 5,
        locationId: 5088,
        siteTypeId: 5,
        orderType: 1,
        allowedUrl: 'https://www.bello.gov.co,https://bello.gov.co',
        address: 'Carrera 50 # 51-00',
        siteLatitude: 7.1,
        siteLongitude: -75.558,
      },
    });
    // The site's own URL is not checked.
    expect(recorded.urlChecks).toEqual([]);
  }, 60_000);
});
