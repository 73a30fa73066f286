/**
 * Unique names hold under concurrency: the rule lives in a unique index (server/db/resourceTable.ts), and its
 * violation gets the same answer as the code check. Run on PostgreSQL too (TEST_DATABASE_URL), where requests
 * really run in parallel; PGlite serialises transactions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errors } from '../../i18n/es/errors';
import { validation } from '../../i18n/es/index';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

let testApp: TestApp;
let settings: Record<string, string>;
let usersAdmin: Record<string, string>;

beforeAll(async () => {
  testApp = await createTestApp({ seed: 'reference' });
  settings = bearer(await testApp.tokenFor(['Settings']));
  usersAdmin = bearer(await testApp.tokenFor(['Users']));
});

afterAll(async () => {
  await testApp?.close();
});

const SIMULTANEOUS = 20;

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = settings) =>
  testApp.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as never });

/** Fires the same request `SIMULTANEOUS` times at once and returns the status codes and bodies. */
async function simultaneously(method: 'POST' | 'PUT', url: string, payload: unknown, headers = settings) {
  const responses = await Promise.all(Array.from({ length: SIMULTANEOUS }, () => inject(method, url, payload, headers)));
  return responses.map((response) => ({ status: response.statusCode, body: response.json() as Record<string, unknown> }));
}

const duplicateAnswer = { code: 'BadArgument', message: errors.duplicate, details: [{ code: 'BadArgument', target: 'name', message: errors.duplicate }] };

describe.each([
  { path: '/sitetypes/', table: 'site_types', id: 'id' },
  { path: '/proceduretypes/', table: 'procedure_types', id: 'procedureTypeID' },
  { path: '/documentType', table: 'document_types', id: 'documentTypeID' },
  { path: '/chats/categories/', table: 'chat_categories', id: 'id' },
])('catalogue $path', ({ path, table, id }) => {
  const item = (key: unknown) => `${path.replace(/\/$/, '')}/${String(key)}`;
  const rowsNamed = async (name: string) =>
    testApp.database.query<{ n: number }>(`select count(*)::int as n from ${table} where lower(name) = lower($1)`, [name]);

  it(`${SIMULTANEOUS} simultaneous identical creates: one row, the others answer the duplicate BadArgument`, async () => {
    const name = `Concurrente ${table}`;
    const answers = await simultaneously('POST', path, { name });
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(SIMULTANEOUS - 1);
    for (const answer of refused) expect(answer).toEqual({ status: 400, body: { error: duplicateAnswer } });
    expect(await rowsNamed(name)).toEqual([{ n: 1 }]);
  });

  it("ignores case and accents: 'Bogotá' and 'BOGOTA' are the same name", async () => {
    const created = await inject('POST', path, { name: `Bogotá ${table}` });
    expect(created.statusCode).toBe(201);
    const again = await inject('POST', path, { name: `BOGOTA ${table.toUpperCase()}` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: duplicateAnswer });
    // ñ is a letter of its own, not an accent.
    expect((await inject('POST', path, { name: `Año ${table}` })).statusCode).toBe(201);
    expect((await inject('POST', path, { name: `Ano ${table}` })).statusCode).toBe(201);
  });

  it('simultaneous renames of two records to one name: one wins, the other answers the duplicate BadArgument', async () => {
    const first = (await inject('POST', path, { name: `Renombrar A ${table}` })).json() as Record<string, unknown>;
    const second = (await inject('POST', path, { name: `Renombrar B ${table}` })).json() as Record<string, unknown>;
    const target = `Renombrado ${table}`;
    const answers = await Promise.all([first, second].map((record) => inject('PUT', item(record[id]), { name: target })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json()).toEqual({ error: duplicateAnswer });
    expect(await rowsNamed(target)).toEqual([{ n: 1 }]);
  });
});

describe('document types (soft delete)', () => {
  it('a deleted type no longer holds its name', async () => {
    const created = (await inject('POST', '/documentType', { name: 'Permiso temporal' })).json() as { documentTypeID: number };
    expect((await inject('DELETE', `/documentType/${created.documentTypeID}`)).statusCode).toBe(200);
    const again = await inject('POST', '/documentType', { name: 'PERMISO TEMPORAL' });
    expect(again.statusCode).toBe(201);
  });
});

describe('superadmins', () => {
  it(`${SIMULTANEOUS} simultaneous creates with one e-mail: one superadmin, the others answer EmailAlreadyUsed`, async () => {
    // Users (5): the only permission the Users-only caller may grant.
    const payload = { name: 'Persona concurrente', email: 'concurrente@portales.test', permissions: [5] };
    const answers = await simultaneously('POST', '/users/', payload, usersAdmin);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(SIMULTANEOUS - 1);
    const used = validation.superadmin.email_used;
    for (const answer of refused) {
      expect(answer).toEqual({
        status: 400,
        body: { error: { code: 'EmailAlreadyUsed', message: used, details: [{ code: 'EmailAlreadyUsed', target: 'email', message: used }] } },
      });
    }
    const rows = await testApp.database.query<{ n: number }>(`select count(*)::int as n from users where lower(email) = 'concurrente@portales.test'`);
    expect(rows).toEqual([{ n: 1 }]);
  });
});
