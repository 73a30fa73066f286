/**
 * docs/adding-a-resource.md walked on a throwaway catalogue: one declaration written as the guide writes it (reference,
 * settings page and model; labels by convention, rules, unique). What `npm run db:generate` writes from it names it
 * (reference, area row, list, table); the engine alone then answers its list, create, edit and delete, documents them in
 * OpenAPI, writes their audit lines and refuses who lacks the permission; the client derives its route (the generated
 * screen, the area's access), its row in the settings index and its place in the audit's resource filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { AREA_LIST, settingsAreas } from '../../resources/areas';
import { catalogueArea, defineCatalogue } from '../../resources/catalogue';
import { catalogueName } from '../../resources/catalogues/validation';
import { discoverCatalogues, renderCatalogueFiles } from '../../scripts/catalogueFiles';
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

// Step 1: the declaration (resources/catalogues/colors.ts); step 2, its texts, is not needed by these checks.
const colorsResource = defineCatalogue<ColorRecord>({
  name: 'colors',
  apiPath: '/colors/',
  idField: 'colorID',
  area: 'settings.colors',
  settingsPage: { path: '/configuracion/colores', position: 20 },
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
});

let testApp: TestApp;
let settings: Record<string, string>;

beforeAll(async () => {
  testApp = await createTestApp({ extraResources: [colorsResource] });
  // Step 3: the table (here from the declaration; in the project, the migration npm run db:generate writes).
  await testApp.database.query(createTableSql(colorsResource));
  settings = bearer(await testApp.tokenFor(['Settings']));
});

afterAll(async () => {
  await testApp?.close();
});

describe('adding a catalogue as docs/adding-a-resource.md says', () => {
  it('is named by every file npm run db:generate writes: reference, area row, list and table', async () => {
    const files = renderCatalogueFiles([...(await discoverCatalogues()), { module: 'colors', exportName: 'colorsResource', declaration: colorsResource }]);
    expect(files['resources/generated/catalogueScreens.ts']).toContain(
      "{ name: 'colors', apiPath: '/colors/', idField: 'colorID', area: 'settings.colors', permissions: { read: ['Sites', 'Impersonate', 'Reports', 'GlobalContents', 'Users', 'GlobalBanners', 'Messages', 'Tickets', 'Settings'], write: ['Settings'] } }",
    );
    expect(files['resources/generated/catalogueScreens.ts']).toContain("'settings.colors': { path: '/configuracion/colores', title: 'resources.colors.title', permissions: ['Settings']");
    expect(files['resources/generated/catalogues.ts']).toContain("import { colorsResource } from '../catalogues/colors';");
    expect(files['resources/generated/catalogues.ts']).toMatch(/catalogueResources: readonly ResourceDeclaration\[\] = \[.*, colorsResource\]/);
    expect(files['server/db/schema/catalogues.ts']).toContain('export const colors = resourceTable(colorsResource);');
  });

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

  it('lets every superadmin read it and only Settings change it (the catalogues default)', async () => {
    const reports = bearer(await testApp.tokenFor(['Reports']));
    expect((await testApp.app.inject({ method: 'GET', url: '/api/v1/colors/', headers: reports })).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'POST', url: '/api/v1/colors/', headers: reports, payload: { name: 'Rojo' } })).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/v1/colors/', headers: {} })).statusCode).toBe(401);
  });

  it('documents its five routes in OpenAPI under its tag', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: settings });
    const paths = (response.json() as { paths: Record<string, Record<string, { tags?: string[] }>> }).paths;
    expect(Object.keys(paths['/api/v1/colors/'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(paths['/api/v1/colors/{id}'] ?? {})).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(paths['/api/v1/colors/']?.post?.tags).toEqual(['colors']);
  });

  it('gets its route with the generated screen and its access, its settings-index row and a place in the audit filter', () => {
    expect(colorsResource).toMatchObject({ route: '/configuracion/colores', routeAccess: ['Settings'], parentRoute: '/configuracion', title: 'resources.colors.title' });
    const route = buildAppRoutes([colorsResource]).find((candidate) => candidate.path === '/configuracion/colores');
    expect(route).toMatchObject({ screen: GeneratedResourcePage, resource: 'colors', permissions: ['Settings'], title: 'resources.colors.title' });
    const rows = settingsAreas([...AREA_LIST, { key: colorsResource.area, ...catalogueArea(colorsResource) }]);
    expect(rows.find((row) => row.path === '/configuracion/colores')).toMatchObject({ path: '/configuracion/colores', settings: { position: 20, title: 'resources.colors.title', description: 'resources.colors.description' } });
    expect(resourceChoices([colorsResource]).map((choice) => choice.id)).toContain('colors');
  });
});
