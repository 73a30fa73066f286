/**
 * The resource engine on throwaway declarations: one declaration gives list, one, create, update
 * and delete routes with validation, duplicates, permissions, rules, audit and OpenAPI entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { PERMISSIONS } from '../../resources/permissions';
import { catalogueName } from '../../resources/catalogues/validation';
import { defineResource } from '../../resources/types';
import { lists } from '../../i18n/es/server';
import { errors } from '../../i18n/es/errors';
import { validation } from '../../i18n/es/index';
import { createTableSql } from '../../server/resources/tableSql';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

interface Color {
  id: number;
  name: string;
  hex: string | null;
  weight: number | null;
  locked: boolean;
  archived: boolean;
}

const colors = defineResource<Color>({
  name: 'colors',
  apiPath: '/colors/',
  idField: 'id',
  table: 'test_colors',
  title: 'resources.colors.title',
  fields: [
    { source: 'id', type: 'id', label: 'resources.colors.fields.id' },
    { source: 'name', type: 'text', label: 'resources.colors.fields.name', maxLength: 100, searchable: true },
    { source: 'hex', type: 'text', label: 'resources.colors.fields.hex', maxLength: 7, nullable: true },
    { source: 'weight', type: 'decimal', label: 'resources.colors.fields.weight', nullable: true },
    { source: 'locked', type: 'boolean', label: 'resources.colors.fields.locked', readOnly: true, defaultValue: false },
    { source: 'archived', type: 'boolean', label: 'resources.colors.fields.archived', readOnly: true, defaultValue: false, list: false },
  ],
  schema: yup.object({
    name: catalogueName(),
    hex: yup.string().nullable().max(7, 'validation.invalid'),
    weight: yup.number().typeError('validation.invalid').nullable(),
  }),
  permissions: { read: ['Reports', 'Settings'], write: ['Settings'] },
  sort: { field: 'name', order: 'ASC' },
  pageSize: 20,
  editMode: 'dialog',
  softDelete: { field: 'archived' },
  unique: ['name'],
  rules: { canEdit: (record) => !record.locked, canDelete: (record) => !record.locked },
});

/** Hard delete, referenced by another table: deleting a used shape answers 409. */
const shapes = defineResource<{ shapeID: number; name: string }>({
  name: 'shapes',
  apiPath: '/shapeType',
  idField: 'shapeID',
  table: 'test_shapes',
  title: 'resources.shapes.title',
  fields: [
    { source: 'shapeID', type: 'id', label: 'resources.shapes.fields.shapeID' },
    { source: 'name', type: 'text', label: 'resources.shapes.fields.name', maxLength: 100 },
  ],
  schema: yup.object({ name: catalogueName() }),
  permissions: { read: ['Settings'], write: ['Settings'] },
  sort: { field: 'shapeID', order: 'ASC' },
  pageSize: 20,
  editMode: 'inline',
});

let testApp: TestApp;
let settings: Record<string, string>;
let reader: Record<string, string>;

beforeAll(async () => {
  testApp = await createTestApp({ seed: 'none', extraResources: [colors, shapes] });
  const { database } = testApp;
  for (const p of PERMISSIONS) {
    await database.query('insert into permissions (permission_id, name) values ($1, $2) on conflict do nothing', [p.permissionID, p.name]);
  }
  await database.query(createTableSql(colors));
  await database.query(createTableSql(shapes));
  await database.query('create table test_shape_uses (id serial primary key, shape_id integer not null references test_shapes(shape_id))');
  settings = bearer(await testApp.tokenFor(['Settings']));
  reader = bearer(await testApp.tokenFor(['Reports']));
});

afterAll(async () => {
  await testApp?.close();
});

async function create(name: string, extra: Record<string, unknown> = {}) {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/v1/colors/', headers: settings, payload: { name, ...extra } });
  expect(response.statusCode).toBe(201);
  return response.json() as Color;
}

describe('resource engine: create and read', () => {
  it('creates a record, ignoring the id and read-only fields of the body, and reads it back', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/colors/',
      headers: settings,
      payload: { id: 999, name: '  Rojo ', hex: '#ff0000', weight: '2.5', locked: true, archived: true, unknown: 'x' },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json() as Color & { unknown?: string };
    expect(created.id).not.toBe(999);
    expect(created).toMatchObject({ name: 'Rojo', hex: '#ff0000', weight: 2.5, locked: false, archived: false });
    expect(created.unknown).toBeUndefined();

    const one = await testApp.app.inject({ method: 'GET', url: `/api/v1/colors/${created.id}`, headers: reader });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(created);
  });

  it('lists with search, order, filters and pages, in the list envelope', async () => {
    await create('Azul', { weight: 1 });
    await create('Azul cielo', { weight: 1 });
    await create('Verde', { weight: 3 });

    const all = await testApp.app.inject({ method: 'GET', url: '/api/v1/colors', headers: reader });
    expect(all.statusCode).toBe(200);
    const body = all.json() as { results: Color[]; meta: { hasNextPage: boolean } };
    expect(body.meta).toEqual({ hasNextPage: false });
    expect(body.results.map((c) => c.name)).toEqual(['Azul', 'Azul cielo', 'Rojo', 'Verde']);

    const searched = await testApp.app.inject({ method: 'GET', url: '/api/v1/colors/?search=AZUL', headers: reader });
    expect((searched.json() as { results: Color[] }).results.map((c) => c.name)).toEqual(['Azul', 'Azul cielo']);
    const accented = await testApp.app.inject({ method: 'GET', url: `/api/v1/colors/?search=${encodeURIComponent('ÁZUL')}`, headers: reader });
    expect((accented.json() as { results: Color[] }).results.map((c) => c.name)).toEqual(['Azul', 'Azul cielo']);

    const descending = await testApp.app.inject({ method: 'GET', url: '/api/v1/colors/?orderBy=-name&pageSize=2', headers: reader });
    const page1 = descending.json() as { results: Color[]; meta: { hasNextPage: boolean } };
    expect(page1.results.map((c) => c.name)).toEqual(['Verde', 'Rojo']);
    expect(page1.meta).toEqual({ hasNextPage: true });
    const page2 = await testApp.app.inject({ method: 'GET', url: '/api/v1/colors/?orderBy=-name&pageSize=2&page=2', headers: reader });
    expect((page2.json() as { results: Color[]; meta: { hasNextPage: boolean } }).meta.hasNextPage).toBe(false);
    expect((page2.json() as { results: Color[] }).results.map((c) => c.name)).toEqual(['Azul cielo', 'Azul']);

    const filtered = await testApp.app.inject({ method: 'GET', url: '/api/v1/colors/?weight=1', headers: reader });
    expect((filtered.json() as { results: Color[] }).results.map((c) => c.name)).toEqual(['Azul', 'Azul cielo']);
  });

  it('refuses an unknown order field and a malformed filter with a Spanish 400', async () => {
    const order = await testApp.app.inject({ method: 'GET', url: '/api/v1/colors/?orderBy=secret', headers: reader });
    expect(order.statusCode).toBe(400);
    expect(order.json().error.message).toBe(lists.query.order_by);
    expect(order.json().error.details[0].target).toBe('orderBy');

    const filter = await testApp.app.inject({ method: 'GET', url: '/api/v1/colors/?weight=heavy', headers: reader });
    expect(filter.statusCode).toBe(400);
    expect(filter.json().error.details[0]).toMatchObject({ target: 'weight', message: lists.query.number });
  });

  it('answers 404 in the envelope for a missing record', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/colors/424242'],
      ['PUT', '/api/v1/colors/424242'],
      ['DELETE', '/api/v1/colors/424242'],
      ['GET', '/api/v1/colors/abc'],
    ] as const) {
      const response = await testApp.app.inject({ method, url, headers: settings, payload: method === 'PUT' ? { name: 'Gris' } : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'NotFound', message: errors.not_found });
    }
  });
});

describe('resource engine: validation and duplicates', () => {
  it('answers 400 with one Spanish detail per refused field', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/colors/',
      headers: settings,
      payload: { name: 'x'.repeat(101), hex: '#1234567890', weight: 'pesado' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json() as { error: { code: string; message: string; details: Array<{ target: string; message: string }> } };
    expect(error.code).toBe('BadArgument');
    expect(error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target: 'name', message: validation.catalogue.name }),
        expect.objectContaining({ target: 'hex', message: validation.invalid }),
        expect.objectContaining({ target: 'weight', message: validation.invalid }),
      ]),
    );
    const missing = await testApp.app.inject({ method: 'POST', url: '/api/v1/colors/', headers: settings, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([expect.objectContaining({ target: 'name', message: 'Debes registrar un nombre válido' })]);
  });

  it('refuses a duplicate name, whatever its case, as BadArgument on the field', async () => {
    const first = await create('Naranja');
    const duplicate = await testApp.app.inject({ method: 'POST', url: '/api/v1/colors/', headers: settings, payload: { name: 'NARANJA' } });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error).toMatchObject({ code: 'BadArgument', message: errors.duplicate, details: [{ code: 'BadArgument', target: 'name' }] });

    const other = await create('Amarillo');
    const renamed = await testApp.app.inject({ method: 'PUT', url: `/api/v1/colors/${other.id}`, headers: settings, payload: { name: 'naranja' } });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.details[0].target).toBe('name');

    const same = await testApp.app.inject({ method: 'PUT', url: `/api/v1/colors/${first.id}`, headers: settings, payload: { name: 'naranja' } });
    expect(same.statusCode).toBe(200);
    expect(same.json().name).toBe('naranja');
  });
});

describe('resource engine: access', () => {
  it('needs a token, and a write permission to change', async () => {
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/v1/colors/' });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await testApp.app.inject({ method: 'POST', url: '/api/v1/colors/', headers: reader, payload: { name: 'Negro' } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe(errors.forbidden);
    const noRead = bearer(await testApp.tokenFor(['Sites']));
    expect((await testApp.app.inject({ method: 'GET', url: '/api/v1/colors/', headers: noRead })).statusCode).toBe(403);
  });
});

describe('resource engine: update, rules, delete and audit', () => {
  it('updates, and refuses changing or deleting a record its rules lock', async () => {
    const color = await create('Violeta', { weight: 4 });
    const updated = await testApp.app.inject({
      method: 'PUT',
      url: `/api/v1/colors/${color.id}`,
      headers: settings,
      payload: { ...color, name: 'Morado', locked: true },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: color.id, name: 'Morado', weight: 4, locked: false });

    await testApp.database.query('update test_colors set locked = true where id = $1', [color.id]);
    const edit = await testApp.app.inject({ method: 'PUT', url: `/api/v1/colors/${color.id}`, headers: settings, payload: { name: 'Lila' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toMatchObject({ code: 'Locked', message: errors.locked });
    const remove = await testApp.app.inject({ method: 'DELETE', url: `/api/v1/colors/${color.id}`, headers: settings });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error.code).toBe('Locked');
  });

  it('soft-deletes: the record disappears from the list and from reads, and may be declared again', async () => {
    const color = await create('Café');
    const removed = await testApp.app.inject({ method: 'DELETE', url: `/api/v1/colors/${color.id}`, headers: settings });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id: color.id, name: 'Café' });
    const [row] = await testApp.database.query<{ archived: boolean }>('select archived from test_colors where id = $1', [color.id]);
    expect(row?.archived).toBe(true);
    const list = await testApp.app.inject({ method: 'GET', url: '/api/v1/colors/?pageSize=1000', headers: reader });
    expect((list.json() as { results: Color[] }).results.some((c) => c.id === color.id)).toBe(false);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/v1/colors/${color.id}`, headers: reader })).statusCode).toBe(404);
    await create('café');
  });

  it('writes one audit line per mutation with before and after', async () => {
    const color = await create('Turquesa');
    await testApp.app.inject({ method: 'PUT', url: `/api/v1/colors/${color.id}`, headers: settings, payload: { name: 'Aguamarina' } });
    await testApp.app.inject({ method: 'DELETE', url: `/api/v1/colors/${color.id}`, headers: settings });
    const rows = await testApp.database.query<{ action: string; before: { name?: string } | null; after: { name?: string } | null; user_email: string }>(
      "select action, before, after, user_email from audit_log where resource = 'colors' and record_id = $1 order by id",
      [String(color.id)],
    );
    // 'colors' only marks deleted records: the trail records a soft delete as such.
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'soft_delete']);
    expect(rows[0]?.after?.name).toBe('Turquesa');
    expect(rows[1]?.before?.name).toBe('Turquesa');
    expect(rows[1]?.after?.name).toBe('Aguamarina');
    expect(rows[2]?.before?.name).toBe('Aguamarina');
    expect(rows[0]?.user_email).toMatch(/@portales\.test$/);
  });

  it('hard-deletes, and answers 409 (not 500) for a record still referenced', async () => {
    const free = await testApp.app.inject({ method: 'POST', url: '/api/v1/shapeType', headers: settings, payload: { name: 'Círculo' } });
    const used = await testApp.app.inject({ method: 'POST', url: '/api/v1/shapeType', headers: settings, payload: { name: 'Cuadrado' } });
    const usedId = (used.json() as { shapeID: number }).shapeID;
    await testApp.database.query('insert into test_shape_uses (shape_id) values ($1)', [usedId]);

    const inUse = await testApp.app.inject({ method: 'DELETE', url: `/api/v1/shapeType/${usedId}`, headers: settings });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error).toMatchObject({ code: 'InUse', message: errors.in_use });

    const freeId = (free.json() as { shapeID: number }).shapeID;
    const deleted = await testApp.app.inject({ method: 'DELETE', url: `/api/v1/shapeType/${freeId}`, headers: settings });
    expect(deleted.statusCode).toBe(200);
    const rows = await testApp.database.query('select 1 from test_shapes where shape_id = $1', [freeId]);
    expect(rows).toHaveLength(0);
    const audit = await testApp.database.query<{ action: string }>("select action from audit_log where resource = 'shapes' and record_id = $1", [String(usedId)]);
    expect(audit.map((r) => r.action)).toEqual(['create']);
  });
});

describe('resource engine: OpenAPI', () => {
  it('documents the generated routes with their tag, body and answers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: reader });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const collection = document.paths['/api/v1/colors/'];
    const item = document.paths['/api/v1/colors/{id}'];
    expect(Object.keys(collection ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(item ?? {})).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(collection?.post?.tags).toEqual(['colors']);
    const body = JSON.stringify(collection?.post?.requestBody);
    expect(body).toContain('"name"');
    expect(body).toContain('100');
    const list = JSON.stringify(collection?.get?.responses);
    expect(list).toContain('hasNextPage');
    expect(list).toContain('"maxLength":7');
    expect(document.paths['/api/v1/shapeType/{id}']).toBeDefined();
  });
});
