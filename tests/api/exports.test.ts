import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import Papa from 'papaparse';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { exportTexts } from '../../i18n/es/exports';
import { resources } from '../../i18n/es/index';
import { errors } from '../../i18n/es/errors';
import { siteListSpec } from '../../server/sites/filter';
import { siteListSql, type SiteListRow } from '../../server/sites/listQuery';
import { readListQuery } from '../../server/lists/listQuery';
import { csvChunks, exportBatches, readExportQuery, xlsxStream } from '../../server/exports/listExport';
import { siteExportColumns } from '../../server/routes/sites';
import { auditResource } from '../../resources/audit';
import { resourceExportSource } from '../../server/resources/exports';
import type { Readable } from 'node:stream';

let t: TestApp;
let sitesToken: string;
let reportsToken: string;
let department: number;
let municipality: number;

/** 5,000 sites with one name prefix: more than two batches of 2,000 rows. */
const BULK = 5000;
const PREFIX = 'Exportación';

async function download(url: string, token?: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? bearer(token) : {} });
  return response;
}

function parseCsv(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(body.slice(1), { delimiter: ';', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** Every row of the list's own SQL for the same query string, without paging: what the export must give. */
async function listIds(rawQuery: Record<string, string>): Promise<number[]> {
  const query = { ...readListQuery(siteListSpec, rawQuery), pageSize: 1_000_000 };
  const { text, params } = siteListSql(query);
  const rows = await t.database.query<SiteListRow>(text, params);
  return rows.map((row) => Number(row.id));
}

const siteHeaders = exportTexts.columns.sites;

/** Texts the worksheet must escape or keep: quotes, <, &, control characters, CR LF, leading '=' and spaces, emoji. */
const AWKWARD_XLSX = ['=SUMA(1;2) "citas"', '<b>negrita</b> & más', 'control\u0001\u0007\u001F\u007Ffin', 'línea\r\nnueva\rvieja', '  espacios  ',
  '\tpestaña', '😀 emoji 👍🏽', "'apóstrofo", '\u00A0duro\u3000', '\u0001', '-3', '@arroba'];

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Every cell of the first worksheet as exceljs reads it back: row by row, its value and its type. */
async function sheetCells(file: Buffer | ArrayBuffer): Promise<{ rows: number; cells: [number, number, ExcelJS.ValueType, unknown][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const cells: [number, number, ExcelJS.ValueType, unknown][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    row.eachCell({ includeEmpty: false }, (cell, column) => cells.push([number, column, cell.type, cell.value]));
  });
  return { rows: sheet.rowCount, cells };
}

/** The worksheet's XML of an XLSX file. */
async function sheetXml(file: Buffer | ArrayBuffer): Promise<string> {
  return (await JSZip.loadAsync(file)).file('xl/worksheets/sheet1.xml')!.async('string');
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  sitesToken = await t.tokenFor(['Sites']);
  reportsToken = await t.tokenFor(['Reports']);
  const [place] = await t.database.query<{ id: number; parent: number }>(
    'select id, parent_location_id as parent from locations where parent_location_id is not null order by id limit 1',
  );
  municipality = place!.id;
  department = place!.parent;
  const [type] = await t.database.query<{ id: number }>('select id from site_types order by id limit 1');
  // Every third site without municipality nor population, every fourth active, modified in few distinct instants
  // (with microseconds) so that order keys repeat and empty keys occur: the batches must still neither skip nor repeat a row.
  await t.database.query(
    `insert into sites (name, alias, parent_location_id, location_id, site_type_id, order_type, installed, status_id, population, modified_date)
     select '${PREFIX} ' || lpad(n::text, 5, '0'), 'exportacion-' || n, $1, case when n % 3 = 0 then null else $2::int end, $3, 0,
            n % 4 = 0, case when n % 4 = 0 then 1 else 2 end, case when n % 3 = 0 then null else n % 50 end,
            timestamptz '2026-01-01 00:00:00.123456+00' + (n % 7) * interval '1 second'
       from generate_series(1, ${BULK}) n`,
    [department, municipality, type!.id],
  );
  await t.database.query(
    `insert into sites (name, alias, parent_location_id, site_type_id, order_type) values ('=HYPERLINK("http://x")', 'formula-site', $1, $2, 0)`,
    [department, type!.id],
  );
});
afterAll(async () => t?.close());

describe('GET /api/v1/sitesexport', () => {
  it('streams every matching site as CSV (UTF-8 BOM, ;), in the list order, with Spanish headers and file name', async () => {
    const response = await download(`/sitesexport?name=exportacion`, sitesToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="portales-${day}.csv"; filename*=UTF-8''portales-${day}.csv`);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(Object.values(siteHeaders));
    expect(rows).toHaveLength(BULK);
    expect(rows.map((row) => Number(row[0]))).toEqual(await listIds({ name: 'exportacion' }));
    const first = rows[0]!;
    expect(first[1]).toBe(`${PREFIX} 00001`);
    expect(first[header.indexOf(siteHeaders.statusName)]).toBe('Inactivo');
    expect(first[header.indexOf(siteHeaders.pendingRequest)]).toBe('No');
    // 2026-01-01 00:00:01 UTC, written as Colombia reads it (resources/dates.ts).
    expect(first[header.indexOf(siteHeaders.modifiedDate)]).toBe('31/12/2025 07:00 p. m.');
  });

  it.each([
    ['status tab and department', { name: 'exportacion', status: '1', parentLocationId: '' }],
    ['inactive, by population descending (empty last)', { name: 'exportacion', status: '2', orderBy: '-population' }],
    ['by municipality (empty last), ties by id', { name: 'exportacion', orderBy: 'childLocation' }],
    ['by modification date descending (repeated instants with microseconds)', { name: 'exportacion', orderBy: '-modifiedDate' }],
    ['by id descending', { name: 'exportacion', orderBy: '-id' }],
    ['by population ascending', { name: 'exportacion', orderBy: 'population' }],
  ])('gives exactly the rows of the list, in its order: %s', async (_label, filter) => {
    const query: Record<string, string> = { ...filter };
    if ('parentLocationId' in query) query.parentLocationId = String(department);
    const response = await download(`/sitesexport?${new URLSearchParams({ ...query, page: '3', pageSize: '5' })}`, reportsToken);
    expect(response.statusCode).toBe(200);
    const [, ...rows] = parseCsv(response.body);
    const expected = await listIds(query);
    expect(expected.length).toBeGreaterThan(1000);
    expect(rows.map((row) => Number(row[0]))).toEqual(expected);
  });

  it.each([
    ['by name (the default order)', { name: 'exportacion' }],
    ['by population ascending (empty keys last: a section read after the filled ones)', { name: 'exportacion', orderBy: 'population' }],
    ['by population descending (empty last)', { name: 'exportacion', orderBy: '-population' }],
    ['by municipality descending (empty last)', { name: 'exportacion', orderBy: '-childLocation' }],
    ['by modification date (repeated instants)', { name: 'exportacion', orderBy: 'modifiedDate' }],
  ])('reads the same rows in small keyset batches, none skipped nor repeated: %s', async (_label, filter) => {
    const batches: number[][] = [];
    const batchSql = (query: Parameters<typeof siteListSql>[0], batch: Parameters<typeof siteListSql>[1]) => siteListSql(query, batch).text;
    for await (const rows of exportBatches<SiteListRow>(t.database, siteListSpec, readExportQuery(siteListSpec, filter), batchSql, 700)) {
      batches.push(rows.map((row) => Number(row.id)));
    }
    expect(batches.length).toBeGreaterThan(5);
    expect(batches.flat()).toEqual(await listIds(filter));
  });

  it('answers the very CSV that the columns give from the rows, awkward texts, requests and states included, and guards formulas', async () => {
    const awkward = ['=SUMA(1;2)', ' con espacios ', 'comillas "dobles"; y punto y coma', 'línea\r\nnueva', '@arroba', '-menos', 'ñandú'];
    const targets = await t.database.query<{ id: number }>(`select id from sites where name like '${PREFIX} 000%' order by id limit ${awkward.length}`);
    for (const [index, target] of targets.entries()) {
      await t.database.query('update sites set alias = $1, url = $2 where id = $3', [awkward[index], index % 2 ? null : `https://${index}.gov.co`, target.id]);
    }
    // Demo data holds pending requests of each kind, active and inactive sites; a filter over every site.
    const query = readExportQuery(siteListSpec, {});
    const batchSql = (q: Parameters<typeof siteListSql>[0], batch: Parameters<typeof siteListSql>[1]) => siteListSql(q, batch).text;
    let expected = '';
    for await (const chunk of csvChunks(siteExportColumns, exportBatches<SiteListRow>(t.database, siteListSpec, query, batchSql))) expected += chunk;
    const response = await download('/sitesexport', sitesToken);
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeGreaterThan(BULK * 50);
    expect(response.body).toBe(expected);
    for (const text of awkward) expect(response.body).toContain(text.startsWith('=') || text.startsWith('@') || text.startsWith('-') ? `"'${text}"` : text.replace(/"/g, '""'));
    const kinds = Object.values(resources.siterequests.choices.kind);
    expect(kinds.some((label) => response.body.includes(label))).toBe(true);
  });

  it('matches the pages of GET /sites/ for a filter', async () => {
    const filter = `name=exportacion%2000&status=1&locationId=${municipality}`;
    const ids: number[] = [];
    for (let page = 1; ; page += 1) {
      const list = await t.app.inject({ method: 'GET', url: `/api/v1/sites/?${filter}&pageSize=100&page=${page}`, headers: bearer(sitesToken) });
      const body = list.json() as { results: { id: number }[]; meta: { hasNextPage: boolean } };
      ids.push(...body.results.map((row) => row.id));
      if (!body.meta.hasNextPage) break;
    }
    expect(ids.length).toBeGreaterThan(0);
    const [, ...rows] = parseCsv((await download(`/sitesexport?${filter}`, sitesToken)).body);
    expect(rows.map((row) => Number(row[0]))).toEqual(ids);
  });

  it('streams XLSX that reads back with the same rows, Spanish headers and real dates', async () => {
    const response = await download('/sitesexport?name=exportacion&format=xlsx&orderBy=-id', sitesToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/filename\*=UTF-8''portales-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe(exportTexts.sheet);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(Object.values(siteHeaders));
    expect(sheet.rowCount).toBe(BULK + 1);
    const ids: number[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) ids.push(Number(row.getCell(1).value));
    });
    expect(ids).toEqual(await listIds({ name: 'exportacion', orderBy: '-id' }));
    const last = sheet.getRow(2);
    expect(last.getCell(2).value).toBe(`${PREFIX} 0${BULK}`);
    expect(last.getCell(Object.keys(siteHeaders).indexOf('modifiedDate') + 1).value).toBeInstanceOf(Date);
  });

  it('writes awkward texts, empty cells, numbers, dates and yes/no in XLSX as exceljs reads them back', async () => {
    const name = `=SUMA(1) "citas" <b> & 'ñandú' 😀 zzxlsxraro\u0001\u0007\u001F fin `;
    const [type] = await t.database.query<{ id: number }>('select id from site_types order by id limit 1');
    const [site] = await t.database.query<{ id: number }>(
      `insert into sites (name, alias, parent_location_id, site_type_id, order_type, population, modified_date)
       values ($1, 'zzxlsxraro', $2, $3, 0, 1234, '2026-03-04T05:06:07.890Z') returning id`,
      [name, department, type!.id],
    );
    const response = await download('/sitesexport?name=zzxlsxraro&format=xlsx', sitesToken);
    expect(response.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(response.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(
      ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'],
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const cell = (key: keyof typeof siteHeaders) => sheet.getRow(2).getCell(Object.keys(siteHeaders).indexOf(key) + 1).value;
    expect(cell('id')).toBe(Number(site!.id));
    // The control characters (which XML cannot hold) are dropped; the rest, leading '=' and edge space included, is text.
    expect(cell('name')).toBe(`=SUMA(1) "citas" <b> & 'ñandú' 😀 zzxlsxraro fin `);
    expect(cell('childLocation')).toBeNull();
    expect(cell('population')).toBe(1234);
    // A real date cell (dd/mm/yyyy) holding Colombia's wall time of 05:06:07.890 UTC, which exceljs reads as that UTC time.
    expect(cell('modifiedDate')).toEqual(new Date('2026-03-04T00:06:07.890Z'));
    expect(sheet.getRow(2).getCell(Object.keys(siteHeaders).indexOf('modifiedDate') + 1).numFmt).toBe('dd/mm/yyyy hh:mm AM/PM');
    expect(cell('pendingRequest')).toBe(exportTexts.values.no);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
  });

  it('answers the very worksheet that the columns give from the rows in small batches, awkward texts, requests, states and dates included', async () => {
    const [type] = await t.database.query<{ id: number }>('select id from site_types order by id limit 1');
    for (const [index, name] of AWKWARD_XLSX.entries()) {
      await t.database.query(
        `insert into sites (name, alias, url, parent_location_id, site_type_id, order_type, installed, status_id, population, modified_date)
         values ($1, $2, $3, $4, $5, 0, $6, $7, $8, timestamptz '2026-05-06 07:08:09.987654+00' + $9::int * interval '1 day 1.001001 second')`,
        [name, index % 3 ? `zzxlsxdb-${index}` : `zzxlsxdb ${name}`, index % 2 ? null : `https://${index}.gov.co/?a=1&b=<2>`, department, type!.id,
          index % 2 === 0, index % 2 ? 2 : 1, index % 4 ? index * 1000 : null, index],
      );
    }
    // Demo data holds pending requests of each kind, active and inactive sites; a filter over every site, in small batches.
    // (The alias cannot be null: sites_alias_unique, not null; the URL, the municipality and the population can.)
    const query = readExportQuery(siteListSpec, { orderBy: '-modifiedDate' });
    const batchSql = (q: Parameters<typeof siteListSql>[0], batch: Parameters<typeof siteListSql>[1]) => siteListSql(q, batch).text;
    const node = await bytesOf(xlsxStream(siteExportColumns, exportBatches<SiteListRow>(t.database, siteListSpec, query, batchSql, 700)));
    const nodeXml = await sheetXml(node);
    expect(nodeXml.length).toBeGreaterThan(BULK * 300);
    const expected = await sheetCells(node);
    expect(expected.rows).toBeGreaterThan(BULK + AWKWARD_XLSX.length);
    // The route (default batches): the same worksheet and the same cells read back.
    const response = await download('/sitesexport?format=xlsx&orderBy=-modifiedDate', sitesToken);
    expect(response.statusCode).toBe(200);
    expect(await sheetXml(response.rawPayload)).toBe(nodeXml);
    expect(await sheetCells(response.rawPayload)).toEqual(expected);
    // Every awkward name reads back as its text minus the characters XML forbids.
    const names = new Set(expected.cells.filter(([row, column]) => row > 1 && column === 2).map(([, , , value]) => value));
    for (const name of AWKWARD_XLSX) {
      const kept = name.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/g, '');
      if (kept) expect(names.has(kept), JSON.stringify(name)).toBe(true);
    }
    expect(Object.values(resources.siterequests.choices.kind).some((label) => nodeXml.includes(`<t>${label}</t>`))).toBe(true);
    for (const label of [exportTexts.values.yes, exportTexts.values.no, '&lt;b&gt;negrita&lt;/b&gt; &amp; más', 'línea\r\nnueva\rvieja'.replace(/\r/g, '&#13;')]) {
      expect(nodeXml.includes(label), label).toBe(true);
    }
  });

  it('keeps a formula-like name as text in the CSV (no formula injection)', async () => {
    const [, row] = parseCsv((await download('/sitesexport?name=hyperlink', sitesToken)).body);
    expect(row![1]).toBe(`'=HYPERLINK("http://x")`);
  });

  it('answers an empty file with its headers when nothing matches', async () => {
    const rows = parseCsv((await download('/sitesexport?name=ningun-sitio-asi', sitesToken)).body);
    expect(rows).toEqual([Object.values(siteHeaders)]);
  });

  it('refuses an unknown format and a bad filter with a Spanish 400', async () => {
    const format = await download('/sitesexport?format=pdf', sitesToken);
    expect(format.statusCode).toBe(400);
    expect(format.json()).toEqual({
      error: { code: 'BadArgument', message: exportTexts.format.invalid, details: [{ code: 'BadArgument', target: 'format', message: exportTexts.format.invalid }] },
    });
    const filter = await download('/sitesexport?parentLocationId=abc', sitesToken);
    expect(filter.statusCode).toBe(400);
    expect(filter.json().error.details[0].target).toBe('parentLocationId');
  });

  it('needs Sites or Reports: other permissions 403, no token 401', async () => {
    for (const permission of ['Impersonate', 'Settings', 'Users'] as const) {
      const response = await download('/sitesexport', await t.tokenFor([permission]));
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(errors.forbidden);
    }
    expect((await download('/sitesexport')).statusCode).toBe(401);
    expect((await download('/sitesrequestexport')).statusCode).toBe(401);
    expect((await download('/sitesrequestexport', await t.tokenFor(['Impersonate']))).statusCode).toBe(403);
  });
});

describe('GET /api/v1/sitesrequestexport', () => {
  it('exports the requests of the filtered sites with site name, type, location, kind, status and dates', async () => {
    const [site] = await t.database.query<{ id: number }>(`select id from sites where name = '${PREFIX} 00004'`);
    await t.database.query(
      `insert into site_requests (site_id, kind, status, creation_date, processed_date) values
         ($1, 'FirstTime', 'Approved', '2026-02-01T10:00:00Z', '2026-02-02T10:00:00Z'),
         ($1, 'ChangeAdmin', 'PendingApproval', '2026-03-01T10:00:00Z', null)`,
      [site!.id],
    );
    const response = await download(`/sitesrequestexport?name=${encodeURIComponent(`${PREFIX} 00004`)}`, reportsToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename\*=UTF-8''solicitudes-portales-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(Object.values(exportTexts.columns.site_requests));
    expect(rows.map((row) => row.slice(1))).toEqual([
      [String(site!.id), `${PREFIX} 00004`, expect.any(String), expect.any(String), expect.any(String), 'Cambio de administrador', 'Por aprobar', '01/03/2026 05:00 a. m.', ''],
      [String(site!.id), `${PREFIX} 00004`, expect.any(String), expect.any(String), expect.any(String), 'Primera vez', 'Aprobada', '01/02/2026 05:00 a. m.', '02/02/2026 05:00 a. m.'],
    ]);
    const pending = parseCsv((await download(`/sitesrequestexport?siteId=${site!.id}&requestStatus=PendingApproval`, sitesToken)).body);
    expect(pending).toHaveLength(2);
  });
});

describe('GET /api/v1/audit/export', () => {
  it('exports the audit trail for Settings holders, with the list filters', async () => {
    const settings = await t.tokenFor(['Settings']);
    await t.database.query(
      `insert into audit_log (action, resource, record_id, record_label, user_email)
       select 'update', 'exporttest', n::text, 'Registro ' || n, 'alguien@portales.test' from generate_series(1, 30) n`,
    );
    const response = await download('/audit/export?resource=exporttest&format=xlsx', settings);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const auditFields = resources.audit.fields;
    // The screen's columns: the user id and the before/after values stay on the record's page.
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      auditFields.id, auditFields.at, auditFields.userEmail, auditFields.action, auditFields.resource,
      auditFields.recordId, auditFields.recordLabel, auditFields.clientAddress,
    ]);
    expect(sheet.rowCount).toBe(31);
    expect((await download('/audit/export', sitesToken)).statusCode).toBe(403);
  });

  it('writes action and resource codes by their Spanish labels as the screen shows them (issue 21)', async () => {
    const settings = await t.tokenFor(['Settings']);
    // A declaration's action and title, codes the server writes by name, and codes nobody labels (written as they are).
    const lines = [
      ['changeStatus', 'siterequests', 'Cambio de estado de la solicitud', 'Solicitudes de la entidad'],
      ['install', 'sites', 'Instalación del portal', 'Portales'],
      ['update', 'emails', 'Modificación', 'Correos de las entidades'],
      ['login_failed', 'auth', 'Inicio de sesión fallido', 'Autenticación'],
      ['otraAccion', 'otrorecurso', 'otraAccion', 'otrorecurso'],
    ];
    for (const [index, [action, resource]] of lines.entries()) {
      await t.database.query(
        `insert into audit_log (at, user_id, action, resource, record_id) values (timestamptz '2026-11-20 10:00:00+00' + $1::int * interval '1 minute', 9901, $2, $3, 'x')`,
        [index, action, resource],
      );
    }
    const source = resourceExportSource(auditResource, auditResource.exports![0]!);
    const query = readExportQuery(source.spec, { userId: '9901', orderBy: 'at' });
    let node = '';
    for await (const chunk of csvChunks(source.columns, exportBatches(t.database, source.spec, query, source.sql, 2))) node += chunk;
    const csv = await download('/audit/export?userId=9901&orderBy=at&format=csv', settings);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe(node);
    const expected = lines.map(([, , action, resource]) => [action, resource]);
    expect(parseCsv(csv.body).slice(1).map((row) => [row[3], row[4]])).toEqual(expected);
    const xlsx = await download('/audit/export?userId=9901&orderBy=at&format=xlsx', settings);
    const nodeXlsx = await bytesOf(xlsxStream(source.columns, exportBatches(t.database, source.spec, query, source.sql, 2)));
    expect(await sheetXml(xlsx.rawPayload)).toBe(await sheetXml(nodeXlsx));
    const { cells } = await sheetCells(xlsx.rawPayload);
    const labelled = (column: number) => cells.filter(([row, at]) => row > 1 && at === column).map(([, , , value]) => value);
    expect(labelled(4)).toEqual(expected.map(([action]) => action));
    expect(labelled(5)).toEqual(expected.map(([, resource]) => resource));
  });

  it('writes its XLSX rows with awkward texts, the same cells in small batches as through the route, whatever the order', async () => {
    const settings = await t.tokenFor(['Settings']);
    for (const [index, text] of AWKWARD_XLSX.entries()) {
      await t.database.query(
        `insert into audit_log (at, action, resource, record_id, record_label, user_email, client_address)
         values (timestamptz '2026-11-23 05:04:54.123456+00' + $1::int * interval '1.5 second', $2, 'xlsxdb', $3, $4, $5, $6::inet)`,
        [index % 3, text, index % 2 ? null : text, index % 3 ? text : null, index % 2 ? `${index}@x.co` : null, index % 2 ? '10.0.0.1' : null],
      );
    }
    const source = resourceExportSource(auditResource, auditResource.exports![0]!);
    for (const orderBy of ['-at', 'recordLabel', '-userEmail']) {
      const query = readExportQuery(source.spec, { resource: 'xlsxdb', orderBy });
      const node = await bytesOf(xlsxStream(source.columns, exportBatches(t.database, source.spec, query, source.sql, 5)));
      const expected = await sheetCells(node);
      expect(expected.rows).toBe(AWKWARD_XLSX.length + 1);
      const response = await download(`/audit/export?resource=xlsxdb&format=xlsx&orderBy=${orderBy}`, settings);
      expect(await sheetCells(response.rawPayload)).toEqual(expected);
      expect(await sheetXml(response.rawPayload)).toBe(await sheetXml(node));
      // The action column (4) holds each awkward text as it reads back (control characters dropped).
      const actions = expected.cells.filter(([row, column]) => row > 1 && column === 4).map(([, , , value]) => value);
      const kept = AWKWARD_XLSX.map((text) => text.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/g, '')).filter((text) => text !== '');
      expect([...actions].sort()).toEqual([...kept].sort());
    }
  });
});
