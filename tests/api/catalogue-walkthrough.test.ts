/**
 * docs/adding-a-resource.md walked on a throwaway catalogue: a reference and a model written as the guide writes them
 * (labels by convention, rules, unique) and the screen facts an area row gives. The engine alone then answers its list,
 * create, edit and delete, documents them in OpenAPI, writes their audit lines, refuses who lacks the permission, and
 * the client derives its route (the generated screen, the area's access) and offers it in the audit's resource filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { SETTINGS } from '../../resources/areas';
import { catalogueName } from '../../resources/catalogues/validation';
import { defineReference, defineResource } from '../../resources/types';
import { createTableSql } from '../../server/resources/tableSql';
import { resourceChoices } from '../../src/audit/auditRules';
import { buildAppRoutes } from '../../src/routes/appRoutes';
import { GeneratedResourcePage } from '../../src/routes/lazyScreen';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

interface ColorRecord {
  colorID: number;
  name: string;
  isEditable: boolean;
}

// Step 1: the reference.
const colorsReference = defineReference({
  name: 'colors',
  apiPath: '/colors/',
  idField: 'colorID',
  permissions: { read: SETTINGS, write: SETTINGS },
});

// Step 2: the model; step 3's area row gives the screen facts (route, access, 'Atrás').
const colorsResource = {
  ...defineResource<ColorRecord>({
    ...colorsReference,
    table: 'walkthrough_colors',
    fields: [
      { source: 'colorID', type: 'id' },
      { source: 'name', type: 'text', maxLength: 100, searchable: true },
      { source: 'isEditable', type: 'boolean', readOnly: true, defaultValue: true, list: false },
    ],
    schema: yup.object({ name: catalogueName() }),
    sort: { field: 'name', order: 'ASC' },
    pageSize: 20,
    editMode: 'dialog',
    unique: ['name'],
    rules: { canEdit: (record) => record.isEditable, canDelete: (record) => record.isEditable },
    messages: { confirmDelete: 'resources.colors.confirm_delete', locked: 'resources.colors.locked' },
  }),
  route: '/configuracion/colores',
  routeAccess: SETTINGS,
  parentRoute: '/configuracion',
};

let testApp: TestApp;
let settings: Record<string, string>;

beforeAll(async () => {
  testApp = await createTestApp({ extraResources: [colorsResource] });
  // Step 4: the table (here from the declaration; in the project, the generated migration).
  await testApp.database.query(createTableSql(colorsResource));
  settings = bearer(await testApp.tokenFor(['Settings']));
});

afterAll(async () => {
  await testApp?.close();
});

describe('adding a catalogue as docs/adding-a-resource.md says', () => {
  it('lists, creates, edits and deletes it, with one audit line per write', async () => {
    const created = await testApp.app.inject({ method: 'POST', url: '/api/v1/colors/', headers: settings, payload: { name: 'Azul', colorID: 99 } });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as ColorRecord).colorID;
    expect(id).not.toBe(99);
    expect(created.json()).toMatchObject({ name: 'Azul', isEditable: true });

    const edited = await testApp.app.inject({ method: 'PUT', url: `/api/v1/colors/${id}`, headers: settings, payload: { name: 'Azul cielo' } });
    expect(edited.statusCode).toBe(200);
    const list = await testApp.app.inject({ method: 'GET', url: '/api/v1/colors/?search=cielo', headers: settings });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { results: ColorRecord[] }).results.map((row) => row.name)).toEqual(['Azul cielo']);

    const duplicate = await testApp.app.inject({ method: 'POST', url: '/api/v1/colors/', headers: settings, payload: { name: 'AZUL CIELO' } });
    expect(duplicate.statusCode).toBe(400);

    const deleted = await testApp.app.inject({ method: 'DELETE', url: `/api/v1/colors/${id}`, headers: settings });
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/v1/colors/${id}`, headers: settings })).statusCode).toBe(404);

    const audit = await testApp.database.query<{ action: string }>("select action from audit_log where resource = 'colors' and record_id = $1 order by id", [String(id)]);
    expect(audit.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses a superadmin without its permission, reading and writing', async () => {
    const reports = bearer(await testApp.tokenFor(['Reports']));
    expect((await testApp.app.inject({ method: 'GET', url: '/api/v1/colors/', headers: reports })).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'POST', url: '/api/v1/colors/', headers: reports, payload: { name: 'Rojo' } })).statusCode).toBe(403);
  });

  it('documents its five routes in OpenAPI under its tag', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: settings });
    const paths = (response.json() as { paths: Record<string, Record<string, { tags?: string[] }>> }).paths;
    expect(Object.keys(paths['/api/v1/colors/'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(paths['/api/v1/colors/{id}'] ?? {})).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(paths['/api/v1/colors/']?.post?.tags).toEqual(['colors']);
  });

  it('gets its route with the generated screen and its access, and a place in the audit filter', () => {
    const route = buildAppRoutes([colorsResource]).find((candidate) => candidate.path === '/configuracion/colores');
    expect(route).toMatchObject({ screen: GeneratedResourcePage, resource: 'colors', permissions: SETTINGS, title: 'resources.colors.title' });
    expect(resourceChoices([colorsResource]).map((choice) => choice.id)).toContain('colors');
  });
});
