/**
 * Issue 6, the engine's `file`/`image` and `manyToMany` kinds on a throwaway declaration: the file column holds the
 * stored file's id, checked against the field's element type and reference-counted in the record's transaction
 * (replace and delete release, the purge takes the orphans); the links live in a junction table generated from the
 * declaration, replaced with the record, read back with it (in order when `ordered`), filtered by `?<source>=<id>`.
 * A `detailOnly` file, links and computed list (a throwaway `albums`) are answered with one record, never in the list
 * nor the export. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { defineTestResource } from '../helpers/testResource';
import sharp from 'sharp';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { files as fileMessages } from '../../i18n/es/files';
import { validation } from '../../i18n/es/index';
import { PERMISSIONS } from '../../resources/permissions';
import { fileStorageOf, purgeOrphanFiles } from '../../server/files';
import { createJunctionSql, createTableSql } from '../../server/resources/tableSql';
import { lintOpenApi } from '../helpers/openapiLint';
import { multipart } from '../helpers/multipart';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const labels = defineTestResource({
  name: 'labels',
  apiPath: '/labels/',
  idField: 'labelID',
  table: 'test_labels',
  route: '/configuracion/etiquetas',
  title: 'resources.labels.title',
  fields: [
    { source: 'labelID', type: 'id', label: 'resources.labels.fields.labelID' },
    { source: 'name', type: 'text', label: 'resources.labels.fields.name', maxLength: 50, required: true },
  ],
  routeAccess: ['Settings'],
  permissions: { read: ['Settings'], write: ['Settings'] },
  sort: { field: 'labelID', order: 'ASC' },
  pageSize: 20,
  editMode: 'dialog',
});

const posts = defineTestResource({
  name: 'posts',
  apiPath: '/posts/',
  idField: 'id',
  table: 'test_posts',
  route: '/configuracion/publicaciones',
  title: 'resources.posts.title',
  fields: [
    { source: 'id', type: 'id', label: 'resources.posts.fields.id' },
    { source: 'title', type: 'text', label: 'resources.posts.fields.title', maxLength: 50, required: true, searchable: true },
    { source: 'photo', type: 'image', label: 'resources.posts.fields.photo', elementType: 'image' },
    { source: 'attachment', type: 'file', label: 'resources.posts.fields.attachment', elementType: 'document' },
    { source: 'labels', type: 'manyToMany', label: 'resources.posts.fields.labels', reference: { resource: 'labels', display: 'name' } },
    { source: 'ranking', type: 'manyToMany', label: 'resources.posts.fields.ranking', reference: { resource: 'labels', display: 'name' }, ordered: true },
  ],
  routeAccess: ['Settings'],
  permissions: { read: ['Settings'], write: ['Settings'] },
  sort: { field: 'title', order: 'ASC' },
  pageSize: 20,
  editMode: 'dialog',
});

/** `detailOnly` fields of each kind (a file, links, a computed list) beside a listed computed count and a default export. */
const albums = defineTestResource({
  name: 'albums',
  apiPath: '/albums/',
  idField: 'id',
  table: 'test_albums',
  route: '/configuracion/albumes',
  title: 'resources.albums.title',
  fields: [
    { source: 'id', type: 'id', label: 'resources.albums.fields.id' },
    { source: 'title', type: 'text', label: 'resources.albums.fields.title', maxLength: 50, required: true },
    { source: 'cover', type: 'image', label: 'resources.albums.fields.cover', elementType: 'image', detailOnly: true },
    { source: 'tags', type: 'manyToMany', label: 'resources.albums.fields.tags', reference: { resource: 'labels', display: 'name' }, ordered: true, detailOnly: true },
    {
      source: 'tagCount',
      type: 'integer',
      label: 'resources.albums.fields.tagCount',
      readOnly: true,
      computed: { sql: 'select count(*)::int from test_albums_tags j where j.record_id = t.id' },
    },
    {
      source: 'tagNames',
      type: 'json',
      label: 'resources.albums.fields.tagNames',
      readOnly: true,
      detailOnly: true,
      computed: { sql: `select coalesce(json_agg(l.name order by j.position), '[]'::json) from test_albums_tags j join test_labels l on l.label_id = j.target_id where j.record_id = t.id` },
    },
  ],
  routeAccess: ['Settings'],
  permissions: { read: ['Settings'], write: ['Settings'] },
  sort: { field: 'title', order: 'ASC' },
  pageSize: 20,
  editMode: 'dialog',
  exports: [{ path: '/albumsexport', formats: ['csv'], fileName: 'albumes' }],
});

const API = '/api/v1';
let t: TestApp;
let headers: Record<string, string>;
const label: Record<string, number> = {};

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url: `${API}${url}`, headers, payload: payload as Record<string, unknown> });
const put = (url: string, payload: unknown) => t.app.inject({ method: 'PUT', url: `${API}${url}`, headers, payload: payload as Record<string, unknown> });
const get = (url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers });
const remove = (url: string) => t.app.inject({ method: 'DELETE', url: `${API}${url}`, headers });

/** The refusal's `{ target: message }` pairs. */
function refusals(response: { statusCode: number; json(): unknown }): Record<string, string> {
  expect(response.statusCode).toBe(400);
  const { error } = response.json() as { error: { details: Array<{ target: string; message: string }> } };
  return Object.fromEntries(error.details.map((detail) => [detail.target, detail.message]));
}

function upload(elementType: string, filename: string, content: Buffer) {
  const body = multipart(filename, content);
  return t.app.inject({ method: 'POST', url: `${API}/uploadfiles/elementType=${elementType}`, payload: body.payload, headers: { ...headers, ...body.headers } });
}

interface Uploaded {
  fileID: string;
  filePath: string;
  isImage: boolean;
  name: string;
  thumbnail: string | null;
  fileBigImage: string | null;
}

const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } }).png().toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function uploaded(elementType: string, filename: string, content: Buffer): Promise<Uploaded> {
  const response = await upload(elementType, filename, content);
  expect(response.statusCode).toBe(201);
  return response.json() as Uploaded;
}

const refsOf = async (fileId: string) =>
  (await t.database.query<{ resource: string; record_id: string }>('select resource, record_id from file_refs where file_id = $1', [fileId])).map((row) => `${row.resource}:${row.record_id}`);
const fileExists = async (fileId: string) => (await t.database.query('select 1 from files where id = $1', [fileId])).length === 1;
/** Purges the orphans as the hourly job does, the files made to look two days old. */
async function purge(): Promise<void> {
  await t.database.query(`update files set created_at = now() - interval '48 hours'`);
  await purgeOrphanFiles(t.database, fileStorageOf(t.context), { olderThanHours: 24 });
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'none', extraResources: [labels, posts, albums] });
  for (const p of PERMISSIONS) {
    await t.database.query('insert into permissions (permission_id, name) values ($1, $2) on conflict do nothing', [p.permissionID, p.name]);
  }
  for (const statement of [createTableSql(labels), createTableSql(posts), ...createJunctionSql(posts, [labels]), createTableSql(albums), ...createJunctionSql(albums, [labels])]) {
    await t.database.query(statement);
  }
  headers = bearer(await t.tokenFor(['Settings']));
  for (const name of ['Alfa', 'Beta', 'Gama', 'Delta']) {
    label[name] = ((await post('/labels/', { name })).json() as { labelID: number }).labelID;
  }
});

afterAll(async () => {
  await t?.close();
});

describe('file and manyToMany kinds: tables', () => {
  it('stores the file id in a uuid column and generates one junction table per manyToMany field', () => {
    const table = createTableSql(posts);
    expect(table).toContain('"photo" uuid');
    expect(table).toContain('"attachment" uuid');
    expect(table).not.toContain('"labels"');
    const [labelsTable, labelsIndex, rankingTable] = createJunctionSql(posts, [labels]);
    expect(labelsTable).toContain('create table if not exists "test_posts_labels" ("record_id" integer not null, "target_id" integer not null');
    expect(labelsTable).toContain('primary key ("record_id", "target_id")');
    expect(labelsTable).toContain('foreign key ("record_id") references "test_posts" ("id") on delete cascade');
    expect(labelsTable).toContain('foreign key ("target_id") references "test_labels" ("label_id") on delete cascade');
    expect(labelsTable).not.toContain('position');
    expect(labelsIndex).toBe('create index if not exists "test_posts_labels_target_idx" on "test_posts_labels" ("target_id")');
    expect(rankingTable).toContain('"position" integer not null');
  });
});

describe('file and image kinds', () => {
  it('references the uploaded image on create, answers the upload shape, releases it on replace and on delete; the purge takes the orphans', async () => {
    const first = await uploaded('image', 'portada.png', await png());
    const created = await post('/posts/', { title: 'Con foto', photo: first.fileID });
    expect(created.statusCode).toBe(201);
    const record = created.json() as { id: number; photo: Uploaded };
    expect(record.photo).toEqual(first);
    expect(record.photo).toMatchObject({ isImage: true, name: 'portada.png' });
    expect(record.photo.thumbnail).toBe(`${API}/files/${first.fileID}/thumbnail`);
    expect(await refsOf(first.fileID)).toEqual([`posts:${record.id}`]);
    expect((await get(`/posts/${record.id}`)).json()).toMatchObject({ photo: first });

    // The form sends back what it read (the object): the same file, nothing changes.
    expect((await put(`/posts/${record.id}`, { title: 'Con foto', photo: record.photo })).json()).toMatchObject({ photo: first });
    expect(await refsOf(first.fileID)).toEqual([`posts:${record.id}`]);

    const second = await uploaded('image', 'nueva.png', await png());
    const replaced = await put(`/posts/${record.id}`, { title: 'Con foto', photo: { ...second } });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ title: 'Con foto', photo: second });
    expect(await refsOf(first.fileID)).toEqual([]);
    expect(await refsOf(second.fileID)).toEqual([`posts:${record.id}`]);

    await purge();
    expect(await fileExists(first.fileID)).toBe(false);
    expect(await fileExists(second.fileID)).toBe(true);

    expect((await remove(`/posts/${record.id}`)).statusCode).toBe(200);
    expect(await refsOf(second.fileID)).toEqual([]);
    await purge();
    expect(await fileExists(second.fileID)).toBe(false);
  });

  it('clears a file with null (the reference goes) and keeps it when the body leaves the field out', async () => {
    const document = await uploaded('document', 'acta.pdf', pdf);
    const id = ((await post('/posts/', { title: 'Con acta', attachment: document.fileID })).json() as { id: number }).id;
    expect(((await put(`/posts/${id}`, { title: 'Con acta 2' })).json() as { attachment: Uploaded }).attachment).toEqual(document);
    expect(await refsOf(document.fileID)).toEqual([`posts:${id}`]);
    expect((await put(`/posts/${id}`, { title: 'Con acta', attachment: null })).json()).toMatchObject({ attachment: null });
    expect(await refsOf(document.fileID)).toEqual([]);
  });

  it('refuses a disguised file at upload', async () => {
    const response = await upload('image', 'foto.png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: { message: string } }).error.message).toBe(fileMessages.errors.wrong_type);
  });

  it('refuses on write a file of a kind the element type does not take, an unknown file and a value that is no file id', async () => {
    const document = await uploaded('document', 'informe.pdf', pdf);
    const image = await uploaded('image', 'foto.png', await png());
    expect(refusals(await post('/posts/', { title: 'Mal', photo: document.fileID }))).toEqual({ photo: fileMessages.errors.wrong_type });
    expect(refusals(await post('/posts/', { title: 'Mal', attachment: image.fileID }))).toEqual({ attachment: fileMessages.errors.wrong_type });
    expect(refusals(await post('/posts/', { title: 'Mal', photo: randomUUID() }))).toEqual({ photo: fileMessages.errors.file_not_found });
    expect(refusals(await post('/posts/', { title: 'Mal', photo: 'foto.png' }))).toEqual({ photo: validation.field.file });
    expect(refusals(await post('/posts/', { title: 'Mal', photo: { fileID: 7 } }))).toEqual({ photo: validation.field.file });
    // Nothing was written: no record, no reference.
    expect((await get('/posts/?search=mal')).json()).toMatchObject({ results: [] });
    expect(await refsOf(document.fileID)).toEqual([]);
  });

  it('filters by having a file or not', async () => {
    const image = await uploaded('image', 'filtro.png', await png());
    await post('/posts/', { title: 'Filtro con', photo: image.fileID });
    await post('/posts/', { title: 'Filtro sin' });
    const titles = async (query: string) => ((await get(`/posts/?search=filtro&${query}`)).json() as { results: Array<{ title: string }> }).results.map((row) => row.title);
    expect(await titles('photo=true')).toEqual(['Filtro con']);
    expect(await titles('photo=false')).toEqual(['Filtro sin']);
  });
});

describe('manyToMany kind', () => {
  it('writes the links with the record, reads them back (ordered keeps its order), replaces the set on update', async () => {
    const created = await post('/posts/', { title: 'Enlaces', labels: [label.Gama, label.Alfa, label.Gama], ranking: [label.Delta, label.Alfa, label.Beta] });
    expect(created.statusCode).toBe(201);
    const record = created.json() as { id: number; labels: number[]; ranking: number[] };
    expect(record.labels).toEqual([label.Alfa, label.Gama]);
    expect(record.ranking).toEqual([label.Delta, label.Alfa, label.Beta]);
    expect((await get(`/posts/${record.id}`)).json()).toMatchObject({ labels: [label.Alfa, label.Gama], ranking: [label.Delta, label.Alfa, label.Beta] });

    const updated = await put(`/posts/${record.id}`, { title: 'Enlaces', ranking: [label.Beta, label.Delta] });
    expect(updated.json()).toMatchObject({ labels: [label.Alfa, label.Gama], ranking: [label.Beta, label.Delta] });
    expect((await put(`/posts/${record.id}`, { title: 'Enlaces', labels: [] })).json()).toMatchObject({ labels: [], ranking: [label.Beta, label.Delta] });
    expect((await put(`/posts/${record.id}`, { title: 'Enlaces', labels: null })).json()).toMatchObject({ labels: [] });
  });

  it('answers each row of a list page with its own links and filters by a linked record', async () => {
    await post('/posts/', { title: 'Lista 1', labels: [label.Alfa], ranking: [label.Beta, label.Alfa] });
    await post('/posts/', { title: 'Lista 2', labels: [label.Beta, label.Alfa] });
    await post('/posts/', { title: 'Lista 3' });
    const page = async (query: string) => ((await get(`/posts/?search=lista&${query}`)).json() as { results: Array<{ title: string; labels: number[]; ranking: number[] }> }).results;
    expect((await page('')).map(({ title, labels: linked, ranking }) => ({ title, linked, ranking }))).toEqual([
      { title: 'Lista 1', linked: [label.Alfa], ranking: [label.Beta, label.Alfa] },
      { title: 'Lista 2', linked: [label.Alfa, label.Beta], ranking: [] },
      { title: 'Lista 3', linked: [], ranking: [] },
    ]);
    expect((await page(`labels=${label.Beta}`)).map((row) => row.title)).toEqual(['Lista 2']);
    expect((await page(`labels=${label.Alfa}`)).map((row) => row.title)).toEqual(['Lista 1', 'Lista 2']);
    expect((await page(`labels=${label.Gama}&labels=${label.Beta}`)).map((row) => row.title)).toEqual(['Lista 2']);
    expect((await page(`ranking=${label.Beta}`)).map((row) => row.title)).toEqual(['Lista 1']);
  });

  it('reads the links of a whole page with one query per field, not one per row', async () => {
    for (const title of ['Consulta 1', 'Consulta 2', 'Consulta 3']) await post('/posts/', { title, labels: [label.Alfa], ranking: [label.Beta] });
    const dialect = new PgDialect();
    const execute = vi.spyOn(t.database.db, 'execute');
    try {
      const response = await get('/posts/?search=consulta');
      expect((response.json() as { results: unknown[] }).results).toHaveLength(3);
      const junctionReads = execute.mock.calls
        .map(([statement]) => dialect.sqlToQuery(statement as SQL).sql)
        .filter((text) => /from "test_posts_(labels|ranking)"/.test(text));
      expect(junctionReads).toHaveLength(2);
    } finally {
      execute.mockRestore();
    }
  });

  it('refuses an unknown id or a value that is no list with 400, writing nothing', async () => {
    expect(refusals(await post('/posts/', { title: 'Desconocido', labels: [label.Alfa, 999_999] }))).toEqual({ labels: validation.field.reference });
    expect(refusals(await post('/posts/', { title: 'Desconocido', labels: 'uno' }))).toEqual({ labels: validation.field.list });
    expect(refusals(await post('/posts/', { title: 'Desconocido', labels: ['x'] }))['labels[0]']).toBe(validation.field.reference);
    expect((await get('/posts/?search=desconocido')).json()).toMatchObject({ results: [] });
  });

  it('rolls the links back when a later step of the same write fails', async () => {
    const id = ((await post('/posts/', { title: 'Rollback', labels: [label.Alfa] })).json() as { id: number }).id;
    const image = await uploaded('image', 'rollback.png', await png());
    // The file reference (written after the links) fails as if the file had been purged meanwhile.
    await t.database.query(`create or replace function test_refuse_ref() returns trigger language plpgsql as $$
      begin raise exception 'archivo purgado' using errcode = '23503'; end $$`);
    await t.database.query(`create trigger test_refuse_ref before insert on file_refs for each row when (new.resource = 'posts') execute function test_refuse_ref()`);
    try {
      const response = await put(`/posts/${id}`, { title: 'Rollback 2', labels: [label.Beta, label.Gama], photo: image.fileID });
      expect(refusals(response)).toEqual({ fileID: fileMessages.errors.file_not_found });
    } finally {
      await t.database.query('drop trigger test_refuse_ref on file_refs');
    }
    expect((await get(`/posts/${id}`)).json()).toMatchObject({ title: 'Rollback', labels: [label.Alfa], photo: null });
  });

  it('drops the links of a deleted record and of a deleted linked record (on delete cascade)', async () => {
    const temporary = ((await post('/labels/', { name: 'Efímera' })).json() as { labelID: number }).labelID;
    const id = ((await post('/posts/', { title: 'Cascada', labels: [label.Alfa, temporary], ranking: [temporary] })).json() as { id: number }).id;
    expect((await remove(`/labels/${temporary}`)).statusCode).toBe(200);
    expect((await get(`/posts/${id}`)).json()).toMatchObject({ labels: [label.Alfa], ranking: [] });
    expect((await remove(`/posts/${id}`)).statusCode).toBe(200);
    expect(await t.database.query('select 1 from test_posts_labels where record_id = $1', [id])).toEqual([]);
  });
});

describe('file and manyToMany kinds: OpenAPI', () => {
  it('documents the file object and the list of ids, and stays lint-clean', async () => {
    const app = await createTestApp({ seed: 'none', extraResources: [labels, posts], env: { API_DOCS: '1' } });
    try {
      const document = (await app.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
        paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: { properties: Record<string, Record<string, unknown>> } }> }> }>>;
      };
      const record = document.paths['/api/v1/posts/{id}']!.get!.responses['200']!.content['application/json']!.schema.properties;
      expect(record.photo).toMatchObject({ type: 'object', nullable: true, properties: { fileID: { type: 'string', format: 'uuid' } } });
      expect(record.labels).toMatchObject({ type: 'array', items: { type: 'integer' } });
      expect(await lintOpenApi(document)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('detailOnly fields: read with one record, never in the list nor the export', () => {
  it('answers the file, the links and the computed list with one record and its writes; the list and the export leave them out', async () => {
    const cover = await uploaded('image', 'portada.png', await png());
    const created = await post('/albums/', { title: 'Álbum uno', cover: cover.fileID, tags: [label.Gama, label.Alfa] });
    expect(created.statusCode).toBe(201);
    const album = created.json() as { id: number; cover: Uploaded; tags: number[]; tagNames: string[]; tagCount: number };
    expect(album).toMatchObject({ title: 'Álbum uno', cover, tags: [label.Gama, label.Alfa], tagNames: ['Gama', 'Alfa'], tagCount: 2 });

    const listed = (await get('/albums/?pageSize=100')).json() as { results: Array<Record<string, unknown>> };
    expect(listed.results).toEqual([{ id: album.id, title: 'Álbum uno', tagCount: 2 }]);
    // Filtering by the links still works on the list.
    expect(((await get(`/albums/?tags=${label.Gama}`)).json() as { results: unknown[] }).results).toHaveLength(1);
    expect(((await get(`/albums/?tags=${label.Beta}`)).json() as { results: unknown[] }).results).toHaveLength(0);

    const one = (await get(`/albums/${album.id}`)).json();
    expect(one).toMatchObject({ cover, tags: [label.Gama, label.Alfa], tagNames: ['Gama', 'Alfa'], tagCount: 2 });
    const updated = (await put(`/albums/${album.id}`, { title: 'Álbum uno', tags: [label.Alfa] })).json();
    expect(updated).toMatchObject({ cover, tags: [label.Alfa], tagNames: ['Alfa'], tagCount: 1 });

    const file = await get('/albumsexport?format=csv');
    expect(file.statusCode).toBe(200);
    const [header, row] = file.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header!.split(';')).toEqual(['resources.albums.fields.id', 'resources.albums.fields.title', 'resources.albums.fields.tagCount']);
    expect(row).toContain('Álbum uno');
    expect(file.body).not.toContain('Alfa');
    expect(file.body).not.toContain(cover.fileID);

    const document = (await get('/openapi.json')).json() as { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: Record<string, any> }> }> }>> };
    const listItem = document.paths['/api/v1/albums/']!.get!.responses['200']!.content['application/json']!.schema.properties.results.items.properties;
    expect(Object.keys(listItem).sort()).toEqual(['id', 'tagCount', 'title']);
    const record = document.paths['/api/v1/albums/{id}']!.get!.responses['200']!.content['application/json']!.schema.properties;
    expect(Object.keys(record).sort()).toEqual(['cover', 'id', 'tagCount', 'tagNames', 'tags', 'title']);
  });
});
