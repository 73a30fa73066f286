/**
 * Issue 6, the engine's field kinds: one throwaway resource with every kind (text, email, url, integer, decimal,
 * boolean, date, datetime, enum, color, reference, json, richText, audience), its table created from the same
 * column builders the engine queries; create, read, update, list filters, Spanish refusals, sanitised rich
 * text, refused references, validated audiences, and a lint-clean OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audience as audienceMessages } from '../../i18n/es/audience';
import { validation } from '../../i18n/es/index';
import { PERMISSIONS } from '../../resources/permissions';
import { defineResource, type ResourceDeclaration } from '../../resources/types';
import { createTableSql } from '../../server/resources/tableSql';
import { lintOpenApi } from '../helpers/openapiLint';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const shades = defineResource<{ shadeID: number; name: string; gone: boolean }>({
  name: 'shades',
  apiPath: '/shades/',
  idField: 'shadeID',
  table: 'test_shades',
  title: 'resources.shades.title',
  fields: [
    { source: 'shadeID', type: 'id', label: 'resources.shades.fields.shadeID' },
    { source: 'name', type: 'text', label: 'resources.shades.fields.name', maxLength: 50, required: true },
    { source: 'gone', type: 'boolean', label: 'resources.shades.fields.gone', readOnly: true, defaultValue: false },
  ],
  permissions: { read: ['Settings'], write: ['Settings'] },
  sort: { field: 'shadeID', order: 'ASC' },
  pageSize: 20,
  editMode: 'dialog',
  softDelete: { field: 'gone' },
});

/** Every field kind, no hand-written schema: the base rules come from the fields. */
export const kinds: ResourceDeclaration = defineResource({
  name: 'kinds',
  apiPath: '/kinds/',
  idField: 'id',
  table: 'test_kinds',
  title: 'resources.kinds.title',
  fields: [
    { source: 'id', type: 'id', label: 'resources.kinds.fields.id' },
    { source: 'title', type: 'text', label: 'resources.kinds.fields.title', maxLength: 50, required: true, searchable: true },
    { source: 'contact', type: 'email', label: 'resources.kinds.fields.contact' },
    { source: 'website', type: 'url', label: 'resources.kinds.fields.website', maxLength: 200 },
    { source: 'quantity', type: 'integer', label: 'resources.kinds.fields.quantity' },
    { source: 'price', type: 'decimal', label: 'resources.kinds.fields.price' },
    { source: 'active', type: 'boolean', label: 'resources.kinds.fields.active', defaultValue: false },
    { source: 'startsOn', type: 'date', label: 'resources.kinds.fields.startsOn' },
    { source: 'happensAt', type: 'datetime', label: 'resources.kinds.fields.happensAt' },
    { source: 'size', type: 'enum', label: 'resources.kinds.fields.size', choices: [{ id: 'S' }, { id: 'M' }, { id: 'L' }] },
    { source: 'tint', type: 'color', label: 'resources.kinds.fields.tint' },
    { source: 'shadeID', type: 'reference', label: 'resources.kinds.fields.shadeID', reference: { resource: 'shades', display: 'name' } },
    { source: 'extra', type: 'json', label: 'resources.kinds.fields.extra', list: false },
    { source: 'body', type: 'richText', label: 'resources.kinds.fields.body', list: false },
    { source: 'audience', type: 'audience', label: 'resources.kinds.fields.audience', list: false },
  ],
  permissions: { read: ['Settings'], write: ['Settings'] },
  sort: { field: 'title', order: 'ASC' },
  pageSize: 20,
  editMode: 'dialog',
});

let testApp: TestApp;
let headers: Record<string, string>;
let shadeID: number;
let goneShadeID: number;

const AUDIENCE = { segment: 0, departments: [], municipalities: [], groups: [], siteTypes: [1] };
const FULL = {
  title: 'Uno',
  contact: 'ana@example.com',
  website: 'https://example.com/a',
  quantity: 3,
  price: '2.5',
  active: true,
  startsOn: '2026-02-28',
  happensAt: '2026-02-28T10:30:00.000Z',
  size: 'M',
  tint: '#A1B2C3',
  extra: { a: [1, 2], b: 'x' },
  body: '<p>Hola <strong>mundo</strong><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>',
  audience: AUDIENCE,
};

const post = (url: string, payload: Record<string, unknown>) => testApp.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });
const put = (url: string, payload: Record<string, unknown>) => testApp.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers, payload });
const get = (url: string) => testApp.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

/** The refusal's `{ target: message }` pairs. */
function refusals(response: { statusCode: number; json(): unknown }): Record<string, string> {
  expect(response.statusCode).toBe(400);
  const { error } = response.json() as { error: { details: Array<{ target: string; message: string }> } };
  return Object.fromEntries(error.details.map((detail) => [detail.target, detail.message]));
}

beforeAll(async () => {
  testApp = await createTestApp({ seed: 'none', extraResources: [shades, kinds] });
  for (const p of PERMISSIONS) {
    await testApp.database.query('insert into permissions (permission_id, name) values ($1, $2) on conflict do nothing', [p.permissionID, p.name]);
  }
  await testApp.database.query(createTableSql(shades));
  await testApp.database.query(createTableSql(kinds));
  headers = bearer(await testApp.tokenFor(['Settings']));
  shadeID = ((await post('/shades/', { name: 'Claro' })).json() as { shadeID: number }).shadeID;
  goneShadeID = ((await post('/shades/', { name: 'Borrado' })).json() as { shadeID: number }).shadeID;
  expect((await testApp.app.inject({ method: 'DELETE', url: `/api/v1/shades/${goneShadeID}`, headers })).statusCode).toBe(200);
});

afterAll(async () => {
  await testApp?.close();
});

describe('field kinds: columns', () => {
  it('creates each kind with its column type', () => {
    const sql = createTableSql(kinds);
    for (const column of ['"title" varchar(50) not null', '"contact" varchar(200)', '"quantity" integer', '"price" double precision', '"active" boolean not null default false', '"starts_on" date', '"happens_at" timestamp with time zone', '"size" varchar(1)', '"tint" varchar(7)', '"shade_id" integer', '"extra" jsonb', '"body" text', '"audience" jsonb']) {
      expect(sql).toContain(column);
    }
  });
});

describe('field kinds: create, read, update', () => {
  it('stores and answers every kind in its API shape; rich text sanitised on the server', async () => {
    const response = await post('/kinds/', { ...FULL, shadeID });
    expect(response.statusCode).toBe(201);
    const created = response.json() as Record<string, unknown>;
    expect(created).toMatchObject({
      title: 'Uno',
      contact: 'ana@example.com',
      website: 'https://example.com/a',
      quantity: 3,
      price: 2.5,
      active: true,
      startsOn: '2026-02-28',
      happensAt: '2026-02-28T10:30:00.000Z',
      size: 'M',
      tint: '#A1B2C3',
      shadeID,
      extra: { a: [1, 2], b: 'x' },
      audience: AUDIENCE,
    });
    const body = created.body as string;
    expect(body).toContain('<strong>mundo</strong>');
    expect(body).not.toMatch(/script|onerror|javascript:|<img/i);
    const one = await get(`/kinds/${created.id as number}`);
    expect(one.json()).toEqual(created);

    const updated = await put(`/kinds/${created.id as number}`, { title: 'Uno bis', size: 'L', quantity: '', tint: null, body: '<p onclick="x()">b</p>' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Uno bis', size: 'L', quantity: null, tint: null, body: '<p>b</p>', price: 2.5, shadeID });
  });

  it('leaves optional kinds empty and gives booleans their default', async () => {
    const response = await post('/kinds/', { title: 'Vacío' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ contact: null, website: null, quantity: null, active: false, startsOn: null, size: null, shadeID: null, extra: null, audience: null });
  });
});

describe('field kinds: Spanish refusals from the base schema', () => {
  it('answers each bad value with its kind message', async () => {
    const details = refusals(
      await post('/kinds/', {
        title: 'x'.repeat(51),
        contact: 'No es correo',
        website: 'ftp://example.com',
        quantity: 1.5,
        price: 'mucho',
        active: 'tal vez',
        startsOn: '2026-02-30',
        happensAt: 'ayer',
        size: 'XL',
        tint: 'red',
        shadeID: 'uno',
        extra: 'texto',
      }),
    );
    expect(details).toEqual({
      title: validation.field.too_long,
      contact: validation.superadmin.email_invalid,
      website: validation.field.url,
      quantity: validation.field.integer,
      price: validation.field.number,
      active: validation.field.boolean,
      startsOn: validation.field.date,
      happensAt: validation.field.date,
      size: validation.field.choice,
      tint: validation.field.color,
      shadeID: validation.field.reference,
      extra: validation.field.json,
    });
  });

  it('requires the required fields', async () => {
    expect(refusals(await post('/kinds/', { title: '   ' }))).toEqual({ title: validation.field.required });
    expect(refusals(await post('/kinds/', {}))).toEqual({ title: validation.field.required });
  });

  it('refuses a reference to a missing or soft-deleted record with 400', async () => {
    expect(refusals(await post('/kinds/', { title: 'Ref', shadeID: 999_999 }))).toEqual({ shadeID: validation.field.reference });
    expect(refusals(await post('/kinds/', { title: 'Ref', shadeID: goneShadeID }))).toEqual({ shadeID: validation.field.reference });
  });

  it('validates the audience with the audience rules', async () => {
    const details = refusals(await post('/kinds/', { title: 'Aud', audience: { segment: 2, departments: [], municipalities: [], groups: [], siteTypes: [] } }));
    expect(details['audience.groups']).toBe(audienceMessages.validation.groups);
    expect(refusals(await post('/kinds/', { title: 'Aud', audience: 'todos' })).audience).toBe(audienceMessages.validation.invalid);
  });
});

describe('field kinds: list filters and order', () => {
  it('filters by each comparable kind', async () => {
    await post('/kinds/', { title: 'Filtro A', contact: 'a@example.org', quantity: 7, price: 1.25, active: true, startsOn: '2026-03-01', size: 'S', tint: '#000000', shadeID });
    await post('/kinds/', { title: 'Filtro B', contact: 'b@example.org', quantity: 8, price: 9, active: false, startsOn: '2026-03-02', size: 'L', tint: '#FFFFFF' });
    const titles = async (query: string) => {
      const response = await get(`/kinds/?${query}`);
      expect(response.statusCode).toBe(200);
      return (response.json() as { results: Array<{ title: string }> }).results.map((record) => record.title);
    };
    expect(await titles('contact=a@example.org')).toEqual(['Filtro A']);
    expect(await titles('quantity=7&quantity=8')).toEqual(['Filtro A', 'Filtro B']);
    expect(await titles('price=9')).toEqual(['Filtro B']);
    expect(await titles('search=filtro&active=false')).toEqual(['Filtro B']);
    expect(await titles('startsOn=2026-03-01')).toEqual(['Filtro A']);
    // The date-range widget's names (src/engine/fieldKinds.tsx): `<source>From` and `<source>To`, whole days included.
    expect(await titles('search=filtro&startsOnFrom=2026-03-02')).toEqual(['Filtro B']);
    expect(await titles('search=filtro&startsOnTo=2026-03-01')).toEqual(['Filtro A']);
    expect(await titles('search=filtro&startsOnFrom=2026-03-01&startsOnTo=2026-03-02')).toEqual(['Filtro A', 'Filtro B']);
    expect((await get('/kinds/?startsOnFrom=ayer')).statusCode).toBe(400);
    expect(await titles('size=S')).toEqual(['Filtro A']);
    expect(await titles('tint=%23FFFFFF')).toEqual(['Filtro B']);
    expect(await titles(`search=filtro&shadeID=${shadeID}`)).toEqual(['Filtro A']);
    expect(await titles('search=filtro&orderBy=-quantity')).toEqual(['Filtro B', 'Filtro A']);
  });
});

describe('field kinds: OpenAPI', () => {
  it('documents every kind and stays lint-clean', async () => {
    const app = await createTestApp({ seed: 'none', extraResources: [shades, kinds], env: { API_DOCS: '1' } });
    try {
      const response = await app.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      const document = response.json() as { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: { properties: Record<string, Record<string, unknown>> } }> }> }>> };
      const record = document.paths['/api/v1/kinds/{id}']!.get!.responses['200']!.content['application/json']!.schema.properties;
      expect(record.size).toMatchObject({ type: 'string', enum: ['S', 'M', 'L'], nullable: true });
      expect(record.tint).toMatchObject({ type: 'string', pattern: '^#[0-9A-Fa-f]{6}$' });
      expect(record.startsOn).toMatchObject({ type: 'string', format: 'date' });
      expect(record.shadeID).toMatchObject({ type: 'integer', nullable: true });
      expect(await lintOpenApi(document)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
