/** The audit trail listing (docs/decisions/0010-audit-trail.md): GET /audit/ for holders of Settings. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const API = '/api/v1';
let t: TestApp;
let settingsToken: string;

const list = (query = '', token = settingsToken) => t.app.inject({ method: 'GET', url: `${API}/audit/${query}`, headers: bearer(token) });

async function entry(at: string, userId: number | null, resource: string, action: string, recordId: string) {
  await t.database.query(
    `insert into audit_log (at, user_id, user_email, action, resource, record_id, before, after, client_address)
     values ($1, $2, $3, $4, $5, $6, $7, $8, '192.168.1.20')`,
    [at, userId, userId ? `u${userId}@portales.test` : null, action, resource, recordId, null, JSON.stringify({ recordId })],
  );
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  settingsToken = await t.tokenFor(['Settings']);
  await entry('2021-03-01T10:00:00Z', 501, 'pruebas', 'create', 'a');
  await entry('2021-03-02T10:00:00Z', 502, 'pruebas', 'update', 'b');
  await entry('2021-03-03T23:30:00Z', 501, 'pruebas', 'delete', 'c');
  await entry('2021-03-04T10:00:00Z', 501, 'otras', 'update', 'd');
});
afterAll(async () => {
  await t?.close();
});

const recordIds = (response: { json(): { results: Array<{ recordId: string }> } }) =>
  response.json().results.map((row) => row.recordId);

describe('GET /audit/', () => {
  it('lists newest first with who, what, before, after and from where', async () => {
    const response = await list('?resource=pruebas');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ hasNextPage: false });
    expect(body.results.map((row: { recordId: string }) => row.recordId)).toEqual(['c', 'b', 'a']);
    expect(body.results[0]).toEqual({
      id: expect.any(Number),
      at: '2021-03-03T23:30:00.000Z',
      userId: 501,
      userEmail: 'u501@portales.test',
      action: 'delete',
      resource: 'pruebas',
      recordId: 'c',
      recordLabel: null,
      before: null,
      after: { recordId: 'c' },
      clientAddress: '192.168.1.20',
    });
  });

  it('filters by user, resource and dates (a bare "to" date includes the whole day)', async () => {
    expect(recordIds(await list('?userId=501'))).toEqual(['d', 'c', 'a']);
    expect(recordIds(await list('?userId=501&resource=pruebas'))).toEqual(['c', 'a']);
    expect(recordIds(await list('?resource=pruebas&from=2021-03-02'))).toEqual(['c', 'b']);
    expect(recordIds(await list('?userId=501&to=2021-03-03'))).toEqual(['c', 'a']);
    expect(recordIds(await list('?userId=501&to=2021-03-03T12:00:00Z'))).toEqual(['a']);
    expect(recordIds(await list('?from=2021-03-02T00:00:00Z&to=2021-03-02T23:59:59Z'))).toEqual(['b']);
  });

  it('pages 20 by default and honours pageSize', async () => {
    for (let i = 0; i < 21; i += 1) await entry(`2020-01-01T00:00:${String(i).padStart(2, '0')}Z`, 777, 'muchas', 'update', `m${i}`);
    const byDefault = await list('?resource=muchas');
    expect(byDefault.json().results).toHaveLength(20);
    expect(byDefault.json().meta).toEqual({ hasNextPage: true, nextCursor: expect.any(String) });
    expect(recordIds(byDefault)[0]).toBe('m20');

    const first = await list('?userId=501&pageSize=2');
    expect(recordIds(first)).toEqual(['d', 'c']);
    expect(first.json().meta).toEqual({ hasNextPage: true, nextCursor: expect.any(String) });
    const second = await list('?userId=501&pageSize=2&page=2');
    // The same page read after the first one's last row (its cursor) is the same page.
    const continued = await list(`?userId=501&pageSize=2&page=2&cursor=${first.json().meta.nextCursor}`);
    expect(recordIds(continued)).toEqual(['a']);
    expect(recordIds(second)).toEqual(['a']);
    expect(second.json().meta.hasNextPage).toBe(false);
  });

  it('shows the mutations made through the API, signed by their author', async () => {
    await t.app.inject({ method: 'GET', url: `${API}/auth/logout/`, headers: bearer(await t.tokenFor(['Sites'], 'saliente@portales.test')) });
    const body = (await list('?resource=auth')).json();
    expect(body.results[0]).toMatchObject({ action: 'logout', userEmail: 'saliente@portales.test', clientAddress: '127.0.0.1' });
  });

  it('refuses invalid filters with a Spanish 400', async () => {
    for (const [query, target, message] of [
      ['?from=ayer', 'from', 'La fecha no es válida'],
      ['?to=2021-13-45', 'to', 'La fecha no es válida'],
      ['?userId=uno', 'userId', 'El valor debe ser un número entero válido'],
      ['?pageSize=500', 'pageSize', 'El tamaño de página debe ser un número entre 1 y 100'],
    ]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.details, query).toEqual([expect.objectContaining({ target, message })]);
    }
  });

  it('is reserved to Settings', async () => {
    const forbidden = await list('', await t.tokenFor(['Users', 'Sites', 'Reports']));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('Forbidden');
    expect((await t.app.inject({ method: 'GET', url: `${API}/audit/` })).statusCode).toBe(401);
  });
});

describe('GET /audit/actors/ (the user filter)', () => {
  const actors = (query = '', token = settingsToken) =>
    t.app.inject({ method: 'GET', url: `${API}/audit/actors/${query}`, headers: bearer(token) });

  it('lists the superadmins found in the trail to a Settings-only token (no Users needed), searchable and paged', async () => {
    const active = await t.tokenFor(['Sites'], 'actora.auditada@portales.test');
    await t.app.inject({ method: 'GET', url: `${API}/auth/logout/`, headers: bearer(active) });
    await t.tokenFor(['Sites'], 'sin.registros@portales.test');

    const all = await actors();
    expect(all.statusCode).toBe(200);
    const emails = all.json().results.map((row: { email: string }) => row.email);
    expect(emails).toContain('actora.auditada@portales.test');
    expect(emails).not.toContain('sin.registros@portales.test');
    expect(all.json().results[0]).toEqual({ id: expect.any(Number), name: expect.any(String), email: expect.any(String) });

    const found = (await actors('?q=ACTORA')).json();
    expect(found.results.map((row: { email: string }) => row.email)).toEqual(['actora.auditada@portales.test']);
    expect(found.meta).toEqual({ hasNextPage: false });
    expect((await actors('?search=actora.auditada')).json().results).toHaveLength(1);
    expect((await actors('?search=100%25')).json().results).toEqual([]);

    const paged = (await actors('?pageSize=1')).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.meta.hasNextPage).toBe(all.json().results.length > 1);
  });

  it('has the screen\'s access: Settings, never Users', async () => {
    expect((await actors('', await t.tokenFor(['Settings']))).statusCode).toBe(200);
    const withoutSettings = await actors('', await t.tokenFor(['Users', 'Sites', 'Reports']));
    expect(withoutSettings.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${API}/audit/actors/` })).statusCode).toBe(401);
    expect((await actors('?pageSize=0')).statusCode).toBe(400);
  });
});

describe('readable trail: the record named, soft deletes and deactivations said as such', () => {
  const lines = async (resource: string, recordId: number | string) =>
    (await list(`?resource=${resource}&pageSize=100`)).json().results.filter((row: { recordId: string }) => row.recordId === String(recordId)) as Array<{
      action: string;
      recordLabel: string | null;
    }>;

  it('a document type deleted (only marked deleted) is a soft delete, named by its name', async () => {
    const headers = bearer(settingsToken);
    const created = await t.app.inject({ method: 'POST', url: `${API}/documentType`, headers, payload: { name: 'Documento auditado' } });
    const id = created.json().documentTypeID as number;
    await t.app.inject({ method: 'PUT', url: `${API}/documentType/${id}`, headers, payload: { name: 'Documento auditado dos' } });
    expect((await t.app.inject({ method: 'DELETE', url: `${API}/documentType/${id}`, headers })).statusCode).toBe(200);
    expect((await lines('documenttypes', id)).map((row) => [row.action, row.recordLabel])).toEqual([
      ['soft_delete', 'Documento auditado dos'],
      ['update', 'Documento auditado dos'],
      ['create', 'Documento auditado'],
    ]);
  });

  it('a superadmin set inactive is a deactivation, and set active again a reactivation', async () => {
    const headers = bearer(await t.tokenFor(['Users']));
    // Users (5): a Users-only holder may grant only what it holds; the password comes by the invitation link.
    const unchanged = { name: 'Persona Desactivada', email: 'desactivada@portales.test', permissions: [{ permissionID: 5 }] };
    const created = await t.app.inject({ method: 'POST', url: `${API}/users/`, headers, payload: unchanged });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await t.app.inject({ method: 'PUT', url: `${API}/users/${id}`, headers, payload: { ...unchanged, deleted: true } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `${API}/users/${id}`, headers, payload: { ...unchanged, deleted: false } })).statusCode).toBe(200);
    expect((await lines('superadmins', id)).map((row) => [row.action, row.recordLabel])).toEqual([
      ['reactivate', 'Persona Desactivada'],
      ['deactivate', 'Persona Desactivada'],
      ['create', 'Persona Desactivada'],
    ]);
  });

  it('a sign-in line is named by the user who signed in', async () => {
    const rows = (await list('?resource=auth&pageSize=100')).json().results as Array<{ action: string; recordLabel: string | null; userEmail: string }>;
    const logout = rows.find((row) => row.action === 'logout');
    expect(logout?.recordLabel).toBe(logout?.userEmail);
  });
});
