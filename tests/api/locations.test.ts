import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { locations } from '../../server/db/schema';
import type { LocationRecord } from '../../resources/locations';
import { errors } from '../../i18n/es/errors';
import { lists } from '../../i18n/es/server';

type LocationItem = LocationRecord;
interface ListBody {
  results: LocationItem[];
  meta: { hasNextPage: boolean };
}

let t: TestApp;
let token: string;

async function list(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/locations/${query}`, headers: bearer(token) });
  return { status: response.statusCode, body: response.json() as ListBody };
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  // Any signed-in superadmin may read locations, whatever permissions it holds.
  token = await t.tokenFor(['Messages']);
});
afterAll(async () => t?.close());

describe('GET /api/v1/locations/', () => {
  it('lists the 33 departments under the country root, ordered by name', async () => {
    const { status, body } = await list('?parentLocationId=170');
    expect(status).toBe(200);
    expect(body.meta).toEqual({ hasNextPage: false });
    expect(body.results).toHaveLength(33);
    expect(body.results.every((l) => l.parentLocationId === 170 && !l.isMunicipality)).toBe(true);
    const names = body.results.map((l) => l.name);
    const plain = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    expect(names).toEqual([...names].sort((a, b) => (plain(a) < plain(b) ? -1 : 1)));
    expect(names.indexOf('Córdoba')).toBe(names.indexOf('Cesar') + 2); // Cesar, Chocó, Córdoba
    const antioquia = body.results.find((l) => l.id === 5)!;
    expect(antioquia).toMatchObject({ name: 'Antioquia', code: '05' });
    // A department's point is its capital's municipal seat.
    const [medellin] = await t.database.db.select().from(locations).where(eq(locations.id, 5001));
    expect([antioquia.latitude, antioquia.longitude]).toEqual([medellin!.latitude, medellin!.longitude]);

    const departments = await list('?isMunicipality=false');
    expect(departments.body.results).toHaveLength(33);
    expect(departments.body.results.some((l) => l.id === 170)).toBe(false);
  });

  it('lists the 125 municipalities of Antioquia', async () => {
    const { body } = await list('?parentLocationId=5&pageSize=200');
    expect(body).toMatchObject({ meta: { hasNextPage: false } });
    expect(body.results).toHaveLength(125);
    expect(body.results.every((l) => l.isMunicipality && l.parentLocationId === 5 && l.code.startsWith('05'))).toBe(true);
    const paged = await list('?parentLocationId=5');
    expect(paged.body.results).toHaveLength(100);
    expect(paged.body.meta.hasNextPage).toBe(true);
  });

  it('counts 1,122 municipality-level entities', async () => {
    const { body } = await list('?isMunicipality=true&pageSize=2000');
    const [db] = await t.database.db.select({ n: count() }).from(locations).where(and(eq(locations.isMunicipality, true), isNotNull(locations.parentLocationId)));
    expect(body.results).toHaveLength(1122);
    expect(body.results).toHaveLength(Number(db!.n));
    expect(body.results.every((l) => l.latitude! > -4.3 && l.latitude! < 13.5 && l.longitude! > -82 && l.longitude! < -66.8)).toBe(true);
  });

  it('searches by name ignoring case and accents', async () => {
    const { body } = await list('?search=medell');
    expect(body.results.map((l) => l.name)).toContain('Medellín');
    expect(body.results.every((l) => l.name.toLowerCase().includes('medell'))).toBe(true);
    const accentless = await list('?search=BOGOTA&isMunicipality=true');
    expect(accentless.body.results.map((l) => l.id)).toEqual([11001]);
  });

  it('needs a signed-in user and refuses bad parameters in Spanish', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/locations/' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe(errors.unauthorized);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/locations/?pageSize=5000', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('El tamaño de página debe ser un número entre 1 y 2000');
    const badFlag = await t.app.inject({ method: 'GET', url: '/api/v1/locations/?isMunicipality=si', headers: bearer(token) });
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().error.message).toBe(lists.query.boolean);
  });

  it('reads several ids as repeated keys or as a comma list', async () => {
    for (const query of ['?id=5&id=11', '?id=5,11', '?id=11,5&id=5']) {
      const { status, body } = await list(query);
      expect(status, query).toBe(200);
      expect(body.results.map((l) => l.name), query).toEqual(['Antioquia', 'Bogotá, D.C.']);
    }
  });
});
