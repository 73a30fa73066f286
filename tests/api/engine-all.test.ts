/**
 * Issue 6, done-when: one throwaway set of declarations using every field kind, an action, a nested path, a singleton
 * and an export, and nothing else written by hand: the engine gives them working routes, an audit line per write and
 * lint-clean OpenAPI entries. (Their screens: tests/component/engine-parts.test.tsx and engine-field-kinds.test.tsx.)
 * Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_KINDS } from '../../resources/fieldKinds';
import { PERMISSIONS } from '../../resources/permissions';
import type { FieldType } from '../../resources/types';
import { createJunctionSql, createTableSql } from '../../server/resources/tableSql';
import { lintOpenApi } from '../helpers/openapiLint';
import { multipart } from '../helpers/multipart';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { defineTestResource } from '../helpers/testResource';

const ACCESS = { routeAccess: ['Settings'], permissions: { read: ['Settings'], write: ['Settings'] } } as const;

const tags = defineTestResource({
  ...ACCESS,
  name: 'alltags',
  apiPath: '/alltags/',
  idField: 'id',
  table: 'test_all_tags',
  route: '/pruebas/etiquetas',
  title: 'resources.alltags.title',
  fields: [
    { source: 'id', type: 'id', label: 'resources.alltags.fields.id' },
    { source: 'name', type: 'text', label: 'resources.alltags.fields.name', maxLength: 50, required: true },
  ],
  sort: { field: 'id', order: 'ASC' },
  pageSize: 20,
  editMode: 'dialog',
});

/** Every field kind, an `enable`/`disable` pair of actions and a streamed export. */
const notes = defineTestResource({
  ...ACCESS,
  name: 'allnotes',
  apiPath: '/allnotes/',
  idField: 'id',
  table: 'test_all_notes',
  route: '/pruebas/notas',
  title: 'resources.allnotes.title',
  fields: [
    { source: 'id', type: 'id', label: 'resources.allnotes.fields.id' },
    { source: 'title', type: 'text', label: 'resources.allnotes.fields.title', maxLength: 50, required: true, searchable: true },
    { source: 'contact', type: 'email', label: 'resources.allnotes.fields.contact' },
    { source: 'website', type: 'url', label: 'resources.allnotes.fields.website', maxLength: 200 },
    { source: 'quantity', type: 'integer', label: 'resources.allnotes.fields.quantity' },
    { source: 'price', type: 'decimal', label: 'resources.allnotes.fields.price' },
    { source: 'enabled', type: 'boolean', label: 'resources.allnotes.fields.enabled', readOnly: true, defaultValue: true },
    { source: 'startsOn', type: 'date', label: 'resources.allnotes.fields.startsOn' },
    { source: 'happensAt', type: 'datetime', label: 'resources.allnotes.fields.happensAt' },
    { source: 'size', type: 'enum', label: 'resources.allnotes.fields.size', choices: [{ id: 'S' }, { id: 'L' }] },
    { source: 'tint', type: 'color', label: 'resources.allnotes.fields.tint' },
    { source: 'tagID', type: 'reference', label: 'resources.allnotes.fields.tagID', reference: { resource: 'alltags', display: 'name' } },
    { source: 'extra', type: 'json', label: 'resources.allnotes.fields.extra', list: false },
    { source: 'body', type: 'richText', label: 'resources.allnotes.fields.body', list: false },
    { source: 'audience', type: 'audience', label: 'resources.allnotes.fields.audience', list: false },
    { source: 'photo', type: 'image', label: 'resources.allnotes.fields.photo', elementType: 'image' },
    { source: 'attachment', type: 'file', label: 'resources.allnotes.fields.attachment', elementType: 'document' },
    { source: 'annexes', type: 'files', label: 'resources.allnotes.fields.annexes', elementType: 'document' },
    { source: 'tags', type: 'manyToMany', label: 'resources.allnotes.fields.tags', reference: { resource: 'alltags', display: 'name' }, ordered: true },
  ],
  actions: [
    { name: 'disable', kind: 'disable', method: 'POST', path: '{id}/disable', scope: 'record', field: 'enabled' },
    { name: 'enable', kind: 'enable', method: 'POST', path: '{id}/enable', scope: 'record', field: 'enabled' },
  ],
  exports: [{ path: '/allnotesexport', formats: ['csv'], fileName: 'notas', fields: ['title', 'quantity', 'enabled'] }],
  sort: { field: 'title', order: 'ASC' },
  pageSize: 20,
  editMode: 'dialog',
});

/** Nested under a note: `/allnotes/{noteId}/comments/`. */
const comments = defineTestResource({
  ...ACCESS,
  name: 'allcomments',
  apiPath: '/allnotes/{noteId}/comments/',
  idField: 'id',
  table: 'test_all_comments',
  route: '',
  title: 'resources.allcomments.title',
  parent: { param: 'noteId', field: 'noteId', resource: 'allnotes' },
  fields: [
    { source: 'id', type: 'id', label: 'resources.allcomments.fields.id' },
    { source: 'noteId', type: 'reference', label: 'resources.allcomments.fields.noteId', reference: { resource: 'allnotes', display: 'title' } },
    { source: 'text', type: 'text', label: 'resources.allcomments.fields.text', maxLength: 200, required: true },
  ],
  sort: { field: 'id', order: 'ASC' },
  pageSize: 20,
  editMode: 'dialog',
});

/** One settings record. */
const settings = defineTestResource({
  ...ACCESS,
  name: 'allsettings',
  apiPath: '/allsettings',
  idField: 'id',
  table: 'test_all_settings',
  route: '',
  title: 'resources.allsettings.title',
  singleton: true,
  fields: [
    { source: 'id', type: 'id', label: 'resources.allsettings.fields.id' },
    { source: 'greeting', type: 'text', label: 'resources.allsettings.fields.greeting', maxLength: 100 },
  ],
  sort: { field: 'id', order: 'ASC' },
  pageSize: 1,
  editMode: 'dialog',
});

const API = '/api/v1';
let t: TestApp;
let headers: Record<string, string>;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `${API}${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const auditActions = async (resource: string) =>
  (await t.database.query<{ action: string }>('select action from audit_log where resource = $1 order by id', [resource])).map((row) => row.action);

async function upload(elementType: string, filename: string, content: Buffer): Promise<{ fileID: string }> {
  const body = multipart(filename, content);
  const response = await t.app.inject({
    method: 'POST',
    url: `${API}/uploadfiles/elementType=${elementType}`,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { fileID: string };
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'none', extraResources: [tags, notes, comments, settings], env: { API_DOCS: '1' } });
  for (const p of PERMISSIONS) {
    await t.database.query('insert into permissions (permission_id, name) values ($1, $2) on conflict do nothing', [p.permissionID, p.name]);
  }
  for (const statement of [
    createTableSql(tags),
    createTableSql(notes),
    ...createJunctionSql(notes, [tags]),
    createTableSql(comments),
    createTableSql(settings),
  ]) {
    await t.database.query(statement);
  }
  headers = bearer(await t.tokenFor(['Settings']));
});

afterAll(async () => {
  await t?.close();
});

describe('one throwaway set: every kind, an action, a nested path, a singleton and an export', () => {
  it('declares every field kind of the engine', () => {
    const declared = new Set<FieldType>(notes.fields.map((field) => field.type));
    expect(Object.keys(FIELD_KINDS).filter((kind) => !declared.has(kind as FieldType))).toEqual([]);
  });

  it('works end to end through the generated routes, with an audit line per write', async () => {
    const first = (await call('POST', '/alltags/', { name: 'Primera' })).json() as { id: number };
    const second = (await call('POST', '/alltags/', { name: 'Segunda' })).json() as { id: number };
    const photo = await upload('image', 'foto.png', await sharp({ create: { width: 20, height: 10, channels: 3, background: '#00f' } }).png().toBuffer());
    const attachment = await upload('document', 'acta.pdf', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'));

    const created = await call('POST', '/allnotes/', {
      title: 'Nota completa',
      contact: 'ana@example.com',
      website: 'https://example.com/nota',
      quantity: 4,
      price: '2.5',
      startsOn: '2026-11-23',
      happensAt: '2026-11-23T10:00:00.000Z',
      size: 'L',
      tint: '#336699',
      tagID: first.id,
      extra: { clave: 'valor' },
      body: '<p>Hola<script>alert(1)</script></p>',
      audience: { segment: 0, departments: [], municipalities: [], groups: [], siteTypes: [1] },
      photo: photo.fileID,
      attachment: attachment.fileID,
      tags: [second.id, first.id],
    });
    expect(created.statusCode).toBe(201);
    const note = created.json() as Record<string, unknown> & { id: number };
    expect(note).toMatchObject({ title: 'Nota completa', quantity: 4, price: 2.5, enabled: true, size: 'L', tint: '#336699', tagID: first.id, tags: [second.id, first.id] });
    expect(note.body).toBe('<p>Hola</p>');
    expect((note.photo as { fileID: string }).fileID).toBe(photo.fileID);
    // A `files` field left out of the body is the empty list.
    expect(note.annexes).toEqual([]);
    expect((note.attachment as { fileID: string }).fileID).toBe(attachment.fileID);

    // The action: disabled, hidden from nothing (a plain field), audited under its name.
    expect((await call('POST', `/allnotes/${note.id}/disable`)).statusCode).toBe(200);
    expect(((await call('GET', `/allnotes/${note.id}`)).json() as { enabled: boolean }).enabled).toBe(false);

    // The nested path: the comment belongs to the note of the path, whatever the body says.
    const comment = await call('POST', `/allnotes/${note.id}/comments/`, { text: 'Buen trabajo', noteId: 999 });
    expect(comment.statusCode).toBe(201);
    expect(comment.json()).toMatchObject({ noteId: note.id, text: 'Buen trabajo' });
    expect(((await call('GET', `/allnotes/${note.id}/comments/`)).json() as { results: unknown[] }).results).toHaveLength(1);
    expect((await call('GET', '/allnotes/999999/comments/')).statusCode).toBe(404);

    // The singleton: defaults until the first write, then the stored record.
    expect((await call('GET', '/allsettings')).json()).toMatchObject({ id: 1, greeting: '' });
    expect((await call('PUT', '/allsettings', { greeting: 'Bienvenidos' })).statusCode).toBe(200);
    expect((await call('GET', '/allsettings')).json()).toMatchObject({ id: 1, greeting: 'Bienvenidos' });

    // The export: every matching row, the declared columns with their Spanish headers' order.
    const exported = await call('GET', '/allnotesexport?format=csv&search=completa');
    expect(exported.statusCode).toBe(200);
    const lines = exported.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Nota completa');

    expect(await auditActions('allnotes')).toEqual(['create', 'disable']);
    expect(await auditActions('allcomments')).toEqual(['create']);
    expect(await auditActions('allsettings')).toEqual(['create']);
  });

  it('documents every route of the set in a lint-clean OpenAPI document', async () => {
    const response = await call('GET', '/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId ?? ''}`),
    );
    for (const expected of [
      /^POST \/api\/v1\/allnotes\/ createAllnotes$/,
      /^POST \/api\/v1\/allnotes\/\{id\}\/disable \w+$/,
      /^GET \/api\/v1\/allnotes\/\{noteId\}\/comments\/ listAllcomments$/,
      /^PUT \/api\/v1\/allsettings updateAllsettings$/,
      /^GET \/api\/v1\/allnotesexport \w+$/,
    ]) {
      expect(operations.some((line) => expected.test(line)), String(expected)).toBe(true);
    }
    expect(await lintOpenApi(response.json())).toEqual([]);
  });
});
