/**
 * The loads of the site list (population, e-mail accounts, digital-government index) and the bulk site update
 * (spec 01 §2, §4, §7; spec 03 'actualizar-sitios'): bad rows reported by line, nothing half-applied, the e-mail
 * busy rule (raced), the example files, and the export → edit → upload round trip. PGlite and PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner, enqueueJob, type JobRunner } from '../../server/jobs';
import { postgresConstraint, postgresErrorCode } from '../../server/resources/dbErrors';
import { EXAMPLE_BUILDERS, type ExampleFileName } from '../../server/loads/examples';
import { readSheetRows } from '../../server/loads/sheet';
import { multipart } from '../helpers/multipart';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const API = '/api/v1';
let t: TestApp;
let sites: string;
let settings: string;
let runner: JobRunner;
let siteIds: number[];

/** A build folder as vite writes it: public/ copied beside index.html. */
const PUBLIC_FILES = path.resolve(import.meta.dirname, '../../public/content/files');
let buildDir: string;

beforeAll(async () => {
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-build-'));
  fs.writeFileSync(path.join(buildDir, 'index.html'), '<!doctype html><title>portales</title>');
  fs.cpSync(PUBLIC_FILES, path.join(buildDir, 'content/files'), { recursive: true });
  t = await createTestApp({ staticDir: buildDir });
  sites = await t.tokenFor(['Sites']);
  settings = await t.tokenFor(['Settings']);
  runner = createJobRunner(t.context, { pollMs: 10, log: () => {} });
  const rows = await t.database.query<{ id: number }>('select id from sites where not is_deleted order by id limit 4');
  siteIds = rows.map((row) => Number(row.id));
  // Three active portals for the bulk update's export; the fourth stays inactive.
  await t.database.query('update sites set installed = true, status_id = 1 where id = any($1::int[])', [siteIds.slice(0, 3)]);
  // The fourth is a municipal site of Medellín (population load).
  await t.database.query('update sites set parent_location_id = 5, location_id = 5001 where id = $1', [siteIds[3]]);
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(buildDir, { recursive: true, force: true });
});

async function workbook(rows: unknown[][], header: string[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g']): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Hoja');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(content: Buffer, elementType = 'bulkExcel', name = 'carga.xlsx'): Promise<string> {
  const body = multipart(name, content);
  const response = await t.app.inject({
    method: 'POST',
    url: `${API}/uploadfiles/elementType=${elementType}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(sites) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ fileID: string }>().fileID;
}

const post = (url: string, payload: Record<string, unknown>, token = sites) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, payload, headers: bearer(token) });

async function job(id: number) {
  const response = await t.app.inject({ method: 'GET', url: `${API}/jobs/${id}`, headers: bearer(sites) });
  return response.json<{ status: string; error: string | null; result: Record<string, unknown> | null; progress: { percent: number }; counts: Record<string, number> }>();
}

async function failedLines(id: number): Promise<{ key: string; message: string }[]> {
  const response = await t.app.inject({ method: 'GET', url: `${API}/jobs/${id}/items?state=failed&pageSize=100`, headers: bearer(sites) });
  return response.json<{ results: { key: string; message: string }[] }>().results;
}

/** Starts a load and runs the queue; answers the finished job and its id. */
async function load(url: string, rows: unknown[][] | Buffer, extra: Record<string, unknown> = {}) {
  const fileID = await upload(Buffer.isBuffer(rows) ? rows : await workbook(rows));
  const response = await post(url, { fileID, ...extra });
  expect(response.statusCode, response.body).toBe(202);
  const { jobId } = response.json<{ jobId: number }>();
  await runner.drain();
  return { id: jobId, ...(await job(jobId)) };
}

const thisYear = new Date().getFullYear();

describe('population load (POST /locations/)', () => {
  it('reports every bad row by line and changes nothing', async () => {
    const before = await t.database.query('select id, population from locations where id in (5001, 11001) order by id');
    const finished = await load('/locations/', [
      ['05001', 1000],
      ['99999', 10],
      ['abc', 5],
      ['11001', -3],
      ['5001', 7],
    ]);
    expect(finished.status).toBe('failed');
    expect(finished.error).toBe('El archivo tiene 4 filas con errores: no se aplicó ningún cambio.');
    expect(await failedLines(finished.id)).toEqual([
      { key: 'línea 3', message: 'Línea 3: no existe un municipio con el código 99999.', state: 'failed', finishedAt: expect.any(String) },
      { key: 'línea 4', message: 'Línea 4: el código DANE del municipio no es válido (5 dígitos).', state: 'failed', finishedAt: expect.any(String) },
      { key: 'línea 5', message: 'Línea 5: la población debe ser un número entero entre 0 y 2147483647.', state: 'failed', finishedAt: expect.any(String) },
      { key: 'línea 6', message: 'Línea 6: 05001 ya aparece en la línea 2.', state: 'failed', finishedAt: expect.any(String) },
    ]);
    expect(await t.database.query('select id, population from locations where id in (5001, 11001) order by id')).toEqual(before);
  });

  it('updates municipalities and their sites, departmental sites with the department total', async () => {
    const finished = await load('/locations/', [
      ['05001', 2500000],
      [5002, 1200],
    ]);
    expect(finished.status).toBe('done');
    expect(finished.progress.percent).toBe(100);
    expect(finished.result).toMatchObject({ rows: 2, municipalities: 2 });
    const rows = await t.database.query<{ id: number; population: number }>('select id, population from locations where id in (5001, 5002) order by id');
    expect(rows.map((row) => row.population)).toEqual([2500000, 1200]);
    const departmental = await t.database.query<{ population: number | null }>(
      'select population from sites where location_id is null and parent_location_id = 5 and not is_deleted',
    );
    const [total] = await t.database.query<{ total: number }>('select sum(population)::int as total from locations where parent_location_id = 5 and is_municipality');
    expect(departmental.length).toBeGreaterThan(0);
    for (const site of departmental) expect(site.population).toBe(total!.total);
    const [site] = await t.database.query<{ population: number }>('select population from sites where id = $1', [siteIds[3]]);
    expect(site!.population).toBe(2500000);
  });

  it('changes only what the file names: its municipalities, their sites and the totals of their departments; the preview counts them first', async () => {
    // Every site shows a population (as the demo's list does), and no municipality of Caldas was ever loaded.
    await t.database.query('update sites set population = 1000 + id');
    await t.database.query('update locations set population = null where parent_location_id = 17');
    type Site = { id: number; population: number | null; location_id: number | null; parent_location_id: number; is_deleted: boolean };
    const sitesBefore = await t.database.query<Site>('select * from sites order by id');
    const locationsBefore = await t.database.query('select * from locations where id not in (17001, 17174) order by id');
    const named = new Map([
      [17001, 450_000],
      [17174, 50_000],
    ]);
    const fileID = await upload(await workbook([...named].map(([code, population]) => [String(code), population])));

    const preview = await post('/locations/preview', { fileID });
    expect(preview.statusCode, preview.body).toBe(200);
    // Nothing is written by the preview.
    expect(await t.database.query('select * from sites order by id')).toEqual(sitesBefore);

    // Caldas' departmental sites: the file's two municipalities plus what the others' sites show.
    const shown = new Map<number, number>();
    for (const site of sitesBefore) {
      if (site.parent_location_id !== 17 || site.location_id === null || named.has(site.location_id) || site.is_deleted || site.population === null) continue;
      shown.set(site.location_id, Math.max(shown.get(site.location_id) ?? 0, site.population));
    }
    const total = 500_000 + [...shown.values()].reduce((sum, value) => sum + value, 0);
    const expected = (site: Site): number | null => {
      if (site.is_deleted) return site.population;
      if (site.location_id !== null) return named.get(site.location_id) ?? site.population;
      return site.parent_location_id === 17 ? total : site.population;
    };
    const changing = sitesBefore.filter((site) => expected(site) !== site.population);
    expect(changing.filter((site) => site.location_id === 17001).length).toBeGreaterThan(0);
    expect(changing.filter((site) => site.location_id === null).length).toBeGreaterThan(0);
    expect(preview.json()).toEqual({ rows: 2, portals: changing.length, errorCount: 0, errors: [] });

    const started = await post('/locations/', { fileID });
    expect(started.statusCode, started.body).toBe(202);
    await runner.drain();
    const finished = await job(started.json<{ jobId: number }>().jobId);
    expect(finished.status, finished.error ?? '').toBe('done');
    expect(finished.result).toMatchObject({ municipalities: 2, sites: changing.length });

    const sitesAfter = await t.database.query<Site>('select * from sites order by id');
    expect(sitesAfter).toEqual(sitesBefore.map((site) => ({ ...site, population: expected(site) })));
    expect(await t.database.query('select * from locations where id not in (17001, 17174) order by id')).toEqual(locationsBefore);
    expect(await t.database.query('select id, population from locations where id in (17001, 17174) order by id')).toEqual([
      { id: 17001, population: 450_000 },
      { id: 17174, population: 50_000 },
    ]);
  });

  it('previews a file with bad lines: every line, no portal counted; an unreadable file is a 400', async () => {
    const fileID = await upload(await workbook([['17001', 1], ['99999', 2], ['x', 3]]));
    const preview = await post('/locations/preview', { fileID });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      rows: 3,
      portals: 0,
      errorCount: 2,
      errors: [
        { line: 3, message: 'Línea 3: no existe un municipio con el código 99999.' },
        { line: 4, message: 'Línea 4: el código DANE del municipio no es válido (5 dígitos).' },
      ],
    });
    const empty = await post('/locations/preview', { fileID: await upload(await workbook([])) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('El archivo no tiene filas para cargar (la primera fila es el encabezado).');
    expect((await post('/locations/preview', {})).json().error.message).toBe('Debes adjuntar un archivo.');
    expect((await post('/locations/preview', { fileID }, settings)).statusCode).toBe(403);
  });

  it('loads its example file', async () => {
    const finished = await load('/locations/', await EXAMPLE_BUILDERS['ejemplo-poblacion.xlsx']());
    expect(finished.status, finished.error ?? '').toBe('done');
    const [bogota] = await t.database.query<{ population: number }>('select population from locations where id = 11001');
    expect(bogota!.population).toBe(7_907_281);
  });

  it('refuses a missing or unknown file, and callers without Sites', async () => {
    expect((await post('/locations/', {})).json().error.message).toBe('Debes adjuntar un archivo.');
    expect((await post('/locations/', { fileID: '00000000-0000-4000-8000-000000000000' })).json().error.message).toBe('El archivo no existe.');
    expect((await post('/locations/', { fileID: 'x' }, settings)).statusCode).toBe(403);
  });

  it('refuses an old binary .xls workbook at once: only .xlsx can be read', async () => {
    const cfb = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(cfb);
    const fileID = await upload(cfb, 'bulkExcel', 'poblacion.xls');
    const response = await post('/locations/', { fileID });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('No se pudo leer el archivo: debe ser un libro de Excel (.xlsx).');
  });

  it('fails a workbook without worksheets, and one with only its header, with their messages', async () => {
    const fileID = await upload(Buffer.from(await new ExcelJS.Workbook().xlsx.writeBuffer()), 'bulkExcel', 'vacio.xlsx');
    const response = await post('/locations/', { fileID });
    const { jobId } = response.json<{ jobId: number }>();
    await runner.drain();
    expect((await job(jobId)).error).toBe('No se pudo leer el archivo: debe ser un libro de Excel (.xlsx).');
    const headerOnly = await load('/locations/', []);
    expect(headerOnly.status).toBe('failed');
    expect(headerOnly.error).toBe('El archivo no tiene filas para cargar (la primera fila es el encabezado).');
  });
});

describe('e-mail accounts load (GET /emails/check, POST /emails/, GET /emails/)', () => {
  it('checks the period: years 2000 to the current one, months up to the current one', async () => {
    const fileID = await upload(await workbook([[siteIds[0], 'a@b.co']]));
    const refusal = async (payload: Record<string, unknown>) => (await post('/emails/', { fileID, ...payload })).json().error.message;
    expect(await refusal({ month: 1 })).toBe('Debes seleccionar el año');
    expect(await refusal({ year: 1999, month: 1 })).toBe(`El año debe estar entre 2000 y ${thisYear}`);
    expect(await refusal({ year: thisYear + 1, month: 1 })).toBe(`El año debe estar entre 2000 y ${thisYear}`);
    expect(await refusal({ year: thisYear })).toBe('Debes seleccionar el mes');
    expect(await refusal({ year: 2020, month: 13 })).toBe('El mes debe estar entre 1 y 12');
    if (new Date().getMonth() < 11) {
      expect(await refusal({ year: thisYear, month: new Date().getMonth() + 2 })).toBe(`El mes debe estar entre 1 y ${new Date().getMonth() + 1}`);
    }
  });

  it('reports bad rows by line and keeps the previous accounts and counts', async () => {
    const [a, b] = siteIds;
    const first = await load('/emails/', [[a, 'uno@entidad.gov.co', '2024-01-05'], [b, 'dos@entidad.gov.co', null]], { year: 2024, month: 1 });
    expect(first.status, first.error ?? '').toBe('done');
    const bad = await load(
      '/emails/',
      [
        [a, 'nuevo@entidad.gov.co', '2024-02-01'],
        [999999, 'x@entidad.gov.co', null],
        [a, 'no es correo', null],
        [a, 'NUEVO@entidad.gov.co', null],
        [b, 'fecha@entidad.gov.co', '2024-02-31'],
      ],
      { year: 2024, month: 1 },
    );
    expect(bad.status).toBe('failed');
    expect((await failedLines(bad.id)).map((item) => item.message)).toEqual([
      'Línea 3: no existe la entidad con id 999999.',
      'Línea 4: el correo electrónico no es válido.',
      'Línea 5: nuevo@entidad.gov.co ya aparece en la línea 2.',
      'Línea 6: la fecha de último ingreso no es válida (AAAA-MM-DD).',
    ]);
    const accounts = await t.app.inject({ method: 'GET', url: `${API}/emails/?year=2024&month=1`, headers: bearer(sites) });
    expect(accounts.json().results.map((row: { email: string }) => row.email)).toEqual(['uno@entidad.gov.co', 'dos@entidad.gov.co']);
    const counts = await t.database.query<{ count_emails: number }>('select count_emails from sites where id = any($1::int[]) order by id', [[a, b]]);
    expect(counts.map((row) => row.count_emails)).toEqual([1, 1]);
  });

  it("replaces a month's accounts, sets countEmails from the newest month and pages by 2000", async () => {
    const [a, b] = siteIds;
    const rows = Array.from({ length: 2001 }, (_, index) => [a, `cuenta${index}@entidad.gov.co`, null]);
    const finished = await load('/emails/', [...rows, [b, 'otra@entidad.gov.co', '2024-03-01']], { year: 2024, month: 3 });
    expect(finished.status, finished.error ?? '').toBe('done');
    expect(finished.result).toMatchObject({ year: 2024, month: 3, accounts: 2002 });
    const counts = await t.database.query<{ count_emails: number }>('select count_emails from sites where id = any($1::int[]) order by id', [[a, b]]);
    expect(counts.map((row) => row.count_emails)).toEqual([2001, 1]);
    const page1 = await t.app.inject({ method: 'GET', url: `${API}/emails/?year=2024&month=3`, headers: bearer(sites) });
    expect(page1.json().results).toHaveLength(2000);
    expect(page1.json().meta.hasNextPage).toBe(true);
    const page2 = await t.app.inject({ method: 'GET', url: `${API}/emails/?year=2024&month=3&page=2`, headers: bearer(sites) });
    expect(page2.json().results).toEqual([
      { siteId: a, siteName: expect.any(String), email: 'cuenta2000@entidad.gov.co', lastLogin: null, year: 2024, month: 3 },
      { siteId: b, siteName: expect.any(String), email: 'otra@entidad.gov.co', lastLogin: '2024-03-01T00:00:00.000Z', year: 2024, month: 3 },
    ]);
    // An older month loaded later does not change the counts (they follow the newest month).
    const older = await load('/emails/', [[a, 'vieja@entidad.gov.co', null]], { year: 2023, month: 12 });
    expect(older.status).toBe('done');
    const after = await t.database.query<{ count_emails: number }>('select count_emails from sites where id = $1', [a]);
    expect(after[0]!.count_emails).toBe(2001);
    const tooBig = await t.app.inject({ method: 'GET', url: `${API}/emails/?pageSize=2001`, headers: bearer(sites) });
    expect(tooBig.statusCode).toBe(400);
  });

  it("replaces the month's accounts of the sites the file names only: other sites' accounts and counts are unchanged", async () => {
    const [a, b, c] = siteIds;
    const first = await load('/emails/', [[a, 'a1@entidad.gov.co', null], [a, 'a2@entidad.gov.co', null], [b, 'b1@entidad.gov.co', null]], { year: 2025, month: 1 });
    expect(first.status, first.error ?? '').toBe('done');
    // Sites never loaded keep the count they show (the demo's 31 for Abejorral).
    await t.database.query('update sites set count_emails = 31 where id not in (select site_id from mail_accounts)');
    const sitesBefore = await t.database.query('select * from sites where id <> $1 order by id', [c]);
    const accountsBefore = await t.database.query('select * from mail_accounts where site_id <> $1 order by id', [c]);

    // A newer month naming only c: it becomes c's newest month, and nobody else's.
    const fileID = await upload(await workbook([[c, 'c1@entidad.gov.co', null], [c, 'c2@entidad.gov.co', null], [c, 'c3@entidad.gov.co', null]]));
    const preview = await post('/emails/preview', { fileID, year: 2025, month: 2 });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ rows: 3, portals: 1, errorCount: 0, errors: [] });
    expect((await post('/emails/preview', { fileID, year: 2025 })).json().error.message).toBe('Debes seleccionar el mes');
    expect((await post('/emails/', { fileID, year: 2025, month: 2 })).statusCode).toBe(202);
    await runner.drain();
    expect(await t.database.query('select * from sites where id <> $1 order by id', [c])).toEqual(sitesBefore);
    expect(await t.database.query('select * from mail_accounts where site_id <> $1 order by id', [c])).toEqual(accountsBefore);
    expect((await t.database.query<{ count_emails: number }>('select count_emails from sites where id = $1', [c]))[0]!.count_emails).toBe(3);

    // The same month again naming only a: b's accounts of that month stay, a's are replaced.
    const again = await load('/emails/', [[a, 'a3@entidad.gov.co', null]], { year: 2025, month: 1 });
    expect(again.status, again.error ?? '').toBe('done');
    const month = await t.database.query<{ site_id: number; email: string }>('select site_id, email from mail_accounts where year = 2025 and month = 1 order by email');
    expect(month).toEqual([
      { site_id: a, email: 'a3@entidad.gov.co' },
      { site_id: b, email: 'b1@entidad.gov.co' },
    ]);
    const counts = await t.database.query<{ count_emails: number }>('select count_emails from sites where id = any($1::int[]) order by id', [[a, b, c]]);
    expect(counts.map((row) => row.count_emails)).toEqual([1, 1, 3]);
  });

  it('refuses a second file while one is processing: the check and the load, even when sent at once', async () => {
    const check = () => t.app.inject({ method: 'GET', url: `${API}/emails/check`, headers: bearer(sites) });
    expect((await check()).statusCode).toBe(200);
    const fileID = await upload(await workbook([[siteIds[0], 'carrera@entidad.gov.co', null]]));
    const answers = await Promise.all(Array.from({ length: 4 }, () => post('/emails/', { fileID, year: 2024, month: 4 })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([202, 400, 400, 400]);
    for (const answer of answers.filter((item) => item.statusCode === 400)) {
      expect(answer.json().error.message).toBe('Hay un archivo de correos en proceso: espera a que termine para cargar otro.');
    }
    const busy = await check();
    expect(busy.statusCode).toBe(400);
    expect(busy.json().error.message).toBe('Hay un archivo de correos en proceso: espera a que termine para cargar otro.');
    await runner.drain();
    expect((await check()).statusCode).toBe(200);
    const [{ n }] = (await t.database.query<{ n: number }>(`select count(*)::int as n from jobs where kind = 'emails.load' and payload->>'month' = '4'`)) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('the database holds the rule: a second unfinished e-mail load is refused past any check, a finished one frees it', async () => {
    const payload = { fileID: '00000000-0000-4000-8000-000000000000', year: 2024, month: 6 };
    const results = await Promise.allSettled([1, 2].map(() => enqueueJob(t.database.db, { kind: 'emails.load', payload })));
    const refused = results.filter((result) => result.status === 'rejected');
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const reason = (refused[0] as PromiseRejectedResult).reason;
    expect(postgresErrorCode(reason)).toBe('23505');
    expect(postgresConstraint(reason) ?? 'jobs_one_email_load_idx').toBe('jobs_one_email_load_idx');
    // The file does not exist: the job fails, and the rule lets the next load in.
    await runner.drain();
    const again = await enqueueJob(t.database.db, { kind: 'emails.load', payload });
    expect(again).toBeGreaterThan(0);
    await runner.drain();
  });

  it('loads its example file', async () => {
    const finished = await load('/emails/', await EXAMPLE_BUILDERS['ejemplo-correos.xlsx'](), { year: 2024, month: 5 });
    expect(finished.status, finished.error ?? '').toBe('done');
  });
});

describe('digital-government index (POST /govindex/, GET /govindex/{year})', () => {
  it('reports bad rows by line, then loads and reads the year', async () => {
    const [a, b] = siteIds;
    const bad = await load('/govindex/', [[a, 10, 20, 30, 40], [b, 10, 101, 30, 40], [a, 1, 2, 3, 4], ['x', 1, 2, 3, 4]], { year: 2022 });
    expect(bad.status).toBe('failed');
    expect((await failedLines(bad.id)).map((item) => item.message)).toEqual([
      'Línea 3: el valor de «Índice 2» debe ser un número entre 0 y 100.',
      `Línea 4: ${a} ya aparece en la línea 2.`,
      'Línea 5: el id de la entidad no es válido.',
    ]);
    const empty = await t.app.inject({ method: 'GET', url: `${API}/govindex/2022`, headers: bearer(sites) });
    expect(empty.json().results).toEqual([]);

    const good = await load('/govindex/', [[a, 10, 20.5, '30,25', 40], [b, 0, 100, 50, 60]], { year: 2022 });
    expect(good.status, good.error ?? '').toBe('done');
    const read = await t.app.inject({ method: 'GET', url: `${API}/govindex/2022`, headers: bearer(sites) });
    expect(read.json().results).toEqual([
      { siteId: a, siteName: expect.any(String), year: 2022, index1: 10, index2: 20.5, index3: 30.25, index4: 40 },
      { siteId: b, siteName: expect.any(String), year: 2022, index1: 0, index2: 100, index3: 50, index4: 60 },
    ]);
    // Loading the year again replaces the values of the sites it names, and only theirs (preview: one portal).
    const othersBefore = await t.database.query('select * from gov_index where site_id <> $1 order by year, site_id', [a]);
    const sitesBefore = await t.database.query('select * from sites order by id');
    const fileID = await upload(await workbook([[a, 1, 2, 3, 4]]));
    expect((await post('/govindex/preview', { fileID, year: 2022 })).json()).toEqual({ rows: 1, portals: 1, errorCount: 0, errors: [] });
    expect((await post('/govindex/preview', { fileID, year: 2017 })).json().error.message).toBe(`El año debe estar entre 2018 y ${thisYear}`);
    expect((await post('/govindex/', { fileID, year: 2022 })).statusCode).toBe(202);
    await runner.drain();
    const again = await t.app.inject({ method: 'GET', url: `${API}/govindex/2022?siteId=${a}`, headers: bearer(sites) });
    expect(again.json().results[0]).toMatchObject({ index1: 1, index4: 4 });
    expect(await t.database.query('select * from gov_index where site_id <> $1 order by year, site_id', [a])).toEqual(othersBefore);
    expect(await t.database.query('select * from sites order by id')).toEqual(sitesBefore);
  });

  it('accepts years 2018 to the current one', async () => {
    const fileID = await upload(await workbook([[siteIds[0], 1, 2, 3, 4]]));
    expect((await post('/govindex/', { fileID, year: 2017 })).json().error.message).toBe(`El año debe estar entre 2018 y ${thisYear}`);
    expect((await post('/govindex/', { fileID })).json().error.message).toBe('Debes seleccionar el año');
    const read = await t.app.inject({ method: 'GET', url: `${API}/govindex/${thisYear + 1}`, headers: bearer(sites) });
    expect(read.statusCode).toBe(400);
    const example = await load('/govindex/', await EXAMPLE_BUILDERS['ejemplo-gobierno-digital.xlsx'](), { year: 2018 });
    expect(example.status, example.error ?? '').toBe('done');
  });
});

describe('example files (/content/files/…)', () => {
  it.each(Object.keys(EXAMPLE_BUILDERS) as ExampleFileName[])('%s is committed under public/ as the builder makes it, and served', async (name) => {
    const served = await t.app.inject({ method: 'GET', url: `/content/files/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('spreadsheetml');
    expect(served.rawPayload.equals(fs.readFileSync(path.join(PUBLIC_FILES, name)))).toBe(true);
    const committed = fs.createReadStream(path.join(PUBLIC_FILES, name));
    const built = Readable.from(await EXAMPLE_BUILDERS[name]());
    expect(await readSheetRows(committed)).toEqual(await readSheetRows(built));
  });
});

describe('bulk site update (GET /exportsitetoupload, PUT /exportsitetoupload/{id})', () => {
  async function exported(): Promise<ExcelJS.Worksheet> {
    const response = await t.app.inject({ method: 'GET', url: `${API}/exportsitetoupload`, headers: bearer(settings) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return book.worksheets[0]!;
  }

  async function put(content: Buffer, preview = false) {
    const body = multipart('entidades.xlsx', content);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${API}/uploadfiles/elementType=siteUpdateExcel`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(settings) },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const url = `${API}/exportsitetoupload/${uploaded.json().fileID}`;
    return preview ? t.app.inject({ method: 'POST', url: `${url}/preview`, headers: bearer(settings) }) : t.app.inject({ method: 'PUT', url, headers: bearer(settings) });
  }

  it('round trip: the export lists the active sites; the edited file updates code and order', async () => {
    const sheet = await exported();
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Id de la entidad', 'Nombre', 'Departamento', 'Municipio', 'Tipo de entidad', 'Código SIGEP', 'Orden (1 municipal, 0 departamental)']);
    const ids = Array.from({ length: sheet.rowCount - 1 }, (_, index) => Number(sheet.getRow(index + 2).getCell(1).value));
    expect(ids).toEqual(siteIds.slice(0, 3));
    sheet.getRow(2).getCell(6).value = 'SIG-001';
    sheet.getRow(2).getCell(7).value = 1;
    sheet.getRow(3).getCell(6).value = 12345;
    sheet.getRow(3).getCell(7).value = 0;
    const response = await put(Buffer.from(await sheet.workbook.xlsx.writeBuffer()));
    expect(response.statusCode, response.body).toBe(200);
    const rows = await t.database.query<{ registry_code: string | null; order_type: number }>(
      'select registry_code, order_type from sites where id = any($1::int[]) order by id',
      [siteIds.slice(0, 2)],
    );
    expect(rows).toEqual([
      { registry_code: 'SIG-001', order_type: 1 },
      { registry_code: '12345', order_type: 0 },
    ]);
    const again = await exported();
    expect(again.getRow(2).getCell(6).value).toBe('SIG-001');
    const audit = await t.database.query<{ n: number }>(`select count(*)::int as n from audit_log where resource = 'sites' and record_id = $1`, [String(siteIds[0])]);
    expect(audit[0]!.n).toBeGreaterThan(0);
  });

  it('changes only the sites the file names', async () => {
    const [a] = siteIds;
    const othersBefore = await t.database.query('select * from sites where id <> $1 order by id', [a]);
    const before = await t.database.query('select * from sites order by id');
    // The review first: the count, nothing written.
    const file = await workbook([[a, 'n', 'd', 'm', 't', 'SOLO-UNO', 1]]);
    const reviewed = await put(file, true);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json()).toEqual({ updated: 1 });
    expect(await t.database.query('select * from sites order by id')).toEqual(before);
    const response = await put(file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ updated: 1 });
    expect(await t.database.query('select * from sites where id <> $1 order by id', [a])).toEqual(othersBefore);
    expect((await t.database.query<{ registry_code: string }>('select registry_code from sites where id = $1', [a]))[0]!.registry_code).toBe('SOLO-UNO');
  });

  it('every bad row by line in the 400, and nothing written', async () => {
    const before = await t.database.query('select id, registry_code, order_type from sites order by id');
    const response = await put(
      await workbook([
        [siteIds[0], 'n', 'd', 'm', 't', 'NUEVO', 0],
        [siteIds[1], 'n', 'd', 'm', 't', 'CODIGO-DEMASIADO-LARGO', 1],
        [siteIds[2], 'n', 'd', 'm', 't', 'X', 2],
        [999999, 'n', 'd', 'm', 't', 'X', 1],
        [siteIds[0], 'n', 'd', 'm', 't', 'Y', 1],
      ]),
    );
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: { message: string; details: { target: string; message: string }[] } }>();
    expect(error.message).toBe('Línea 3: el código SIGEP debe tener máximo 10 caracteres.');
    expect(error.details.map((detail) => [detail.target, detail.message])).toEqual([
      ['línea 3', 'Línea 3: el código SIGEP debe tener máximo 10 caracteres.'],
      ['línea 4', 'Línea 4: el orden debe ser 1 (municipal) o 0 (departamental).'],
      ['línea 5', 'Línea 5: no existe la entidad con id 999999.'],
      ['línea 6', `Línea 6: ${siteIds[0]} ya aparece en la línea 2.`],
    ]);
    expect(await t.database.query('select id, registry_code, order_type from sites order by id')).toEqual(before);
    // The review answers the same lines.
    const reviewed = await put(await workbook([[siteIds[1], 'n', 'd', 'm', 't', 'X', 2]]), true);
    expect(reviewed.statusCode).toBe(400);
    expect(reviewed.json().error.message).toBe('Línea 2: el orden debe ser 1 (municipal) o 0 (departamental).');
  });

  it('xlsx only, 5 MB at most; Settings only', async () => {
    const body = multipart('entidades.xls', Buffer.from('x'));
    const refused = await t.app.inject({
      method: 'POST',
      url: `${API}/uploadfiles/elementType=siteUpdateExcel`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(settings) },
    });
    expect(refused.json().error.message).toBe('No puedes subir este tipo de archivo.');
    const big = multipart('entidades.xlsx', Buffer.alloc(5_242_881, 1));
    const tooBig = await t.app.inject({
      method: 'POST',
      url: `${API}/uploadfiles/elementType=siteUpdateExcel`,
      payload: big.payload,
      headers: { ...big.headers, ...bearer(settings) },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('Sube archivos de menos de 5 Mb');
    expect((await t.app.inject({ method: 'GET', url: `${API}/exportsitetoupload`, headers: bearer(sites) })).statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'PUT', url: `${API}/exportsitetoupload/no-existe`, headers: bearer(settings) });
    expect(missing.json().error.message).toBe('El archivo no existe.');
    // A load's file is not a bulk update file.
    const loadFile = await upload(await workbook([[siteIds[0], 'n', 'd', 'm', 't', 'A', 1]]));
    const wrong = await t.app.inject({ method: 'PUT', url: `${API}/exportsitetoupload/${loadFile}`, headers: bearer(settings) });
    expect(wrong.json().error.message).toBe('El archivo no es un libro de Excel subido para esta carga.');
  });
});
