/**
 * `BENCH_ONLY=sites npm run bench` (issue 8, 'Portales a escala' in docs/performance.md): the portal side at scale, on the
 * real server of bench/run.ts.
 * (a) `GET /sitesexport` csv and xlsx of every site and of two filters (the active tab, one department), each against
 *     the same statement run by the database itself: `COPY (…) TO STDOUT` through psql on PostgreSQL, the statement's
 *     whole result through the driver on PGlite (psql cannot reach the embedded database);
 * (b) the bulk portal file: a generated BENCH_FILE_LINES-line csv (10,000) with five bad lines (two repeated aliases,
 *     a bad URL, an unknown municipality, an alias the database holds) uploaded and checked (`POST /sitesfile/`), then
 *     the file of its good lines checked and saved ('Guardar entidades': one transaction); the saved portals are deleted
 *     afterwards;
 * (c) the e-mail accounts load: a BENCH_EMAILS-row (100,000) xlsx written with exceljs' streaming writer, uploaded
 *     through the files service (`POST /uploadfiles/elementType=bulkExcel`, as the dialog does), `POST /emails/`, and
 *     its job run to the end by a job runner in this process.
 * Memory as the other parts measure it (bench/measure.ts rssPeak): the peak RSS and heap above the level before, of this
 * process, which holds the server, the job runner, the client and (PGlite) the database's worker thread.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { AppContext } from '../server/context';
import { createJobRunner } from '../server/jobs';
import { keysetSelect } from '../server/exports/keyset';
import { readListQuery, SqlParams } from '../server/lists/listQuery';
import { siteListSpec } from '../server/sites/filter';
import { siteListSql } from '../server/sites/listQuery';
import { visitSheetRows } from '../server/loads/sheet';
import { copyThroughput, GOAL_OF_COPY, inlineParams, lineBreaks, rssPeak, table } from './measure';

const FILE_LINES = Number(process.env.BENCH_FILE_LINES ?? 10_000);
const EMAILS = Number(process.env.BENCH_EMAILS ?? 100_000);
const GOAL_RSS_MB = 100;

export interface SitesBench {
  address: string;
  headers: Record<string, string>;
  context: AppContext;
  /** The PostgreSQL database of the run (COPY through psql), undefined on PGlite. */
  databaseUrl: string | undefined;
}

const mb = (bytes: number) => Math.round(bytes / 1048576);
const perSecond = (count: number, ms: number) => (ms > 0 ? Math.round(count / (ms / 1000)) : 0);

export async function benchSites(bench: SitesBench): Promise<void> {
  await measureSiteExports(bench);
  await measurePortalFile(bench);
  await measureEmailLoad(bench);
}

/** The whole statement of the site list for a filter, unpaged, with its parameters written in (for psql and the driver). */
function siteExportStatement(filter: Record<string, string>): string {
  const query = readListQuery(siteListSpec, filter);
  const params = new SqlParams();
  const { text } = siteListSql(query, { params, after: [], keys: keysetSelect(siteListSpec, query), limit: '' });
  return inlineParams(text, params.values);
}

/** The reference of an export: COPY through psql (PostgreSQL), or the statement's rows through the driver (PGlite). */
async function reference(bench: SitesBench, statement: string): Promise<{ how: string; rows: number; ms: number }> {
  if (bench.databaseUrl) {
    const copy = await copyThroughput(bench.databaseUrl, statement);
    return { how: 'COPY', rows: copy.rows, ms: copy.ms };
  }
  const start = performance.now();
  const rows = await bench.context.database.query(statement);
  return { how: 'consulta', rows: rows.length, ms: performance.now() - start };
}

/** (a) The site exports of every row, alone and filtered, csv and xlsx, against the database's own output. */
async function measureSiteExports(bench: SitesBench): Promise<void> {
  const [department] = await bench.context.database.query<{ id: number }>(
    'select parent_location_id as id from sites where not is_deleted group by parent_location_id order by count(*) desc limit 1',
  );
  const filters: Array<[string, Record<string, string>]> = [
    ['todas', {}],
    ['activos (status=1)', { status: '1' }],
    [`departamento ${department?.id ?? 5}`, { parentLocationId: String(department?.id ?? 5) }],
  ];
  const rows: Array<Array<string | number>> = [];
  for (const [label, filter] of filters) {
    const statement = siteExportStatement(filter);
    const base = await reference(bench, statement);
    for (const format of ['csv', 'xlsx'] as const) {
      const url = `/api/v1/sitesexport?${new URLSearchParams({ ...filter, format })}`;
      const memory = rssPeak();
      const start = performance.now();
      const response = await fetch(`${bench.address}${url}`, { headers: bench.headers });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        if (format === 'csv') lines += lineBreaks(chunk);
      }
      const ms = performance.now() - start;
      const growth = memory.stop();
      // The xlsx rows are not counted by reading the workbook back: they are the statement's.
      const exported = format === 'csv' ? Math.max(0, lines - 1) : base.rows;
      const share = perSecond(exported, ms) / Math.max(1, perSecond(base.rows, base.ms));
      const ok = response.status === 200 && exported === base.rows && share >= GOAL_OF_COPY[format] && growth < GOAL_RSS_MB;
      rows.push([
        `${label} ${format}`,
        response.status,
        exported,
        Math.round(ms),
        perSecond(exported, ms),
        `${base.how} ${base.rows}`,
        Math.round(base.ms),
        perSecond(base.rows, base.ms),
        `${Math.round(share * 100)}%`,
        mb(bytes),
        growth,
        memory.heap(),
        bench.databaseUrl ? (ok ? 'OK' : 'over') : exported === base.rows && growth < GOAL_RSS_MB ? 'filas y memoria OK' : 'over',
      ]);
    }
  }
  console.log(
    `GET /sitesexport frente a ${bench.databaseUrl ? 'COPY (psql)' : 'la consulta completa por el controlador (PGlite: sin psql)'} de la misma sentencia; ` +
      `objetivo ≥ ${GOAL_OF_COPY.csv * 100}% de COPY en CSV, ≥ ${GOAL_OF_COPY.xlsx * 100}% en XLSX y < ${GOAL_RSS_MB} MB de RSS (servidor, cliente${bench.databaseUrl ? '' : ' y PGlite'} en el mismo proceso)`,
  );
  table(['Exportación', 'estado', 'filas', 'ms', 'filas/s', 'referencia', 'ref ms', 'ref filas/s', 'de ref', 'MB', 'RSS +MB', 'heap +MB', 'objetivo'], rows);
}

/** Uploads `content` through the files service as the browser does (multipart, part `file`): its fileID. */
async function upload(bench: SitesBench, elementType: string, name: string, content: Buffer, type: string): Promise<{ fileID: string; ms: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type }), name);
  const start = performance.now();
  const response = await fetch(`${bench.address}/api/v1/uploadfiles/elementType=${elementType}`, { method: 'POST', headers: bench.headers, body: form });
  const body = (await response.json()) as { fileID?: string; error?: { message: string } };
  if (response.status !== 201 || !body.fileID) throw new Error(`upload ${name}: ${response.status} ${body.error?.message ?? ''}`);
  return { fileID: body.fileID, ms: performance.now() - start };
}

async function postJson<T>(bench: SitesBench, url: string, payload: unknown): Promise<{ status: number; body: T; ms: number }> {
  const start = performance.now();
  const response = await fetch(`${bench.address}/api/v1${url}`, {
    method: 'POST',
    headers: { ...bench.headers, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const body = (await response.json()) as T;
  return { status: response.status, body, ms: performance.now() - start };
}

interface PortalFile {
  /** The whole file, bad lines included. */
  withErrors: string;
  /** The same file without its bad lines. */
  good: string;
  bad: number;
  tag: string;
}

/** A portal file of `lines` data lines (the columns of bench/../public/content/files/ejemplo-entidades.csv), five of them bad. */
async function portalFile(bench: SitesBench, lines: number): Promise<PortalFile> {
  const { database } = bench.context;
  const places = await database.query<{ id: number; parent: number }>('select id, parent_location_id as parent from locations where is_municipality order by id');
  const types = await database.query<{ id: number }>('select id from site_types order by id');
  const [taken] = await database.query<{ alias: string }>(`select alias from sites where alias ~ '^[A-Za-z0-9_-]{3,}$' order by id limit 1`);
  const tag = Date.now().toString(36);
  const dane = (id: number, digits: number) => String(id).padStart(digits, '0');
  const line = (index: number, alias = `carga-${tag}-${index}`, url = `https://${alias}.gov.co`, municipality?: string) => {
    const place = places[index % places.length]!;
    return [
      `Entidad de carga ${index} ${tag}`,
      alias,
      String(types[index % types.length]!.id),
      dane(Number(place.parent), 2),
      municipality ?? dane(Number(place.id), 5),
      url,
      `Calle ${(index % 150) + 1} # ${(index % 90) + 1}-${(index % 70) + 10}`,
      (4 + (index % 700) / 100).toFixed(4).replace('.', ','),
      (-74 - (index % 500) / 100).toFixed(4),
    ].join(';');
  };
  // Bad lines at fixed places: a repeated alias (twice), a bad URL, an unknown municipality, an alias the database holds.
  const badAt = new Map<number, string>([
    [Math.floor(lines * 0.1), line(Math.floor(lines * 0.1), `carga-${tag}-1`, `https://otra-${tag}-a.gov.co`)],
    [Math.floor(lines * 0.3), line(Math.floor(lines * 0.3), `carga-${tag}-2`, `https://otra-${tag}-b.gov.co`)],
    [Math.floor(lines * 0.5), line(Math.floor(lines * 0.5), undefined, 'no es una url')],
    [Math.floor(lines * 0.7), line(Math.floor(lines * 0.7), undefined, undefined, '99999')],
    [Math.floor(lines * 0.9), line(Math.floor(lines * 0.9), taken?.alias ?? `carga-${tag}-3`, `https://otra-${tag}-c.gov.co`)],
  ]);
  const header = 'nombre;alias;tipo_entidad;departamento;municipio;url;direccion;latitud;longitud';
  const all: string[] = [header];
  const good: string[] = [header];
  for (let index = 1; index <= lines; index += 1) {
    const bad = badAt.get(index);
    all.push(bad ?? line(index));
    if (!bad) good.push(line(index));
  }
  return { withErrors: `${all.join('\n')}\n`, good: `${good.join('\n')}\n`, bad: badAt.size, tag };
}

interface Panel {
  newPortals: number;
  errorCount: number;
  errors: Array<{ line: number; description: string }>;
  canSave: boolean;
}

/** (b) The bulk portal file: the check of the file with its bad lines, then the check and the save of its good lines. */
async function measurePortalFile(bench: SitesBench): Promise<void> {
  if (FILE_LINES <= 0) return;
  const file = await portalFile(bench, FILE_LINES);
  const rows: Array<Array<string | number>> = [];
  const step = async (label: string, content: string, save: boolean) => {
    const uploaded = await upload(bench, 'portalFile', `entidades-${file.tag}.csv`, Buffer.from(content, 'utf8'), 'text/csv');
    const memory = rssPeak();
    const checked = await postJson<Panel & { inserted?: number; error?: { message: string } }>(bench, '/sitesfile/', { fileID: uploaded.fileID, ...(save ? { save: true } : {}) });
    const growth = memory.stop();
    const lines = content.split('\n').length - 2;
    rows.push([
      label,
      lines,
      checked.status,
      save ? (checked.body.inserted ?? checked.body.error?.message ?? '?') : `${checked.body.newPortals} nuevos, ${checked.body.errorCount} errores${checked.body.canSave ? ', se puede guardar' : ''}`,
      Math.round(uploaded.ms),
      Math.round(checked.ms),
      perSecond(lines, checked.ms),
      growth,
      memory.heap(),
    ]);
    return checked.body;
  };
  try {
    const panel = await step('revisar (con líneas malas)', file.withErrors, false);
    await step('revisar (solo líneas buenas)', file.good, false);
    await step("guardar ('Guardar entidades': revisa otra vez e inserta)", file.good, true);
    console.log(
      `Archivo de entidades (POST /sitesfile/): ${FILE_LINES} líneas, ${file.bad} malas a propósito; errores hallados: ` +
        panel.errors.map((error) => `línea ${error.line}: ${error.description}`).join(' | '),
    );
    table(['Paso', 'líneas', 'estado', 'resultado', 'subida ms', 'ms', 'líneas/s', 'RSS +MB', 'heap +MB'], rows);
  } finally {
    const deleted = await bench.context.database.query<{ id: number }>(`delete from sites where alias like $1 returning id`, [`carga-${file.tag}-%`]);
    console.log(`Portales de la carga borrados al terminar: ${deleted.length}\n`);
  }
}

/** An xlsx of `count` e-mail accounts (site id, e-mail, last login), written by exceljs' streaming writer. */
async function emailWorkbook(bench: SitesBench, count: number, file: string): Promise<void> {
  const siteIds = (await bench.context.database.query<{ id: number }>('select id from sites where not is_deleted order by id')).map((row) => Number(row.id));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('Correos');
  sheet.addRow(['id_entidad', 'correo', 'ultimo_ingreso']).commit();
  const day = 86_400_000;
  const now = Date.now();
  for (let index = 0; index < count; index += 1) {
    const siteId = siteIds[index % siteIds.length]!;
    sheet.addRow([siteId, `cuenta${index}@entidad${siteId}.gov.co`, index % 7 === 0 ? null : new Date(now - (index % 365) * day)]).commit();
  }
  sheet.commit();
  await workbook.commit();
}

/** (c) The e-mail accounts load of EMAILS rows: upload, POST /emails/, the job to the end. */
async function measureEmailLoad(bench: SitesBench): Promise<void> {
  if (EMAILS <= 0) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-bench-emails-'));
  const file = path.join(dir, 'correos.xlsx');
  try {
    const writeStart = performance.now();
    const writeMemory = rssPeak();
    await emailWorkbook(bench, EMAILS, file);
    const writeGrowth = writeMemory.stop();
    const writeMs = performance.now() - writeStart;
    const bytes = fs.statSync(file).size;
    const memory = rssPeak();
    const start = performance.now();
    const uploaded = await upload(bench, 'bulkExcel', 'correos.xlsx', fs.readFileSync(file), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const busy = await fetch(`${bench.address}/api/v1/emails/check`, { headers: bench.headers });
    const now = new Date();
    const posted = await postJson<{ jobId?: number; error?: { message: string } }>(bench, '/emails/', { fileID: uploaded.fileID, year: now.getFullYear(), month: now.getMonth() + 1 });
    if (!posted.body.jobId) throw new Error(`POST /emails/: ${posted.status} ${posted.body.error?.message ?? ''}`);
    const jobStart = performance.now();
    await createJobRunner(bench.context, { instanceId: 'bench-emails', log: (message, error) => console.error(message, error) }).drain();
    const jobMs = performance.now() - jobStart;
    const totalMs = performance.now() - start;
    const growth = memory.stop();
    // The job's first phase alone, outside the server: how much of the job is reading the workbook.
    const readStart = performance.now();
    const read = await visitSheetRows(fs.createReadStream(file), () => {});
    const readMs = performance.now() - readStart;
    const [job] = await bench.context.database.query<{ status: string; result: unknown; error: unknown }>('select status, result, error from jobs where id = $1', [posted.body.jobId]);
    const [accounts] = await bench.context.database.query<{ n: number; sites: number }>(
      'select count(*)::int as n, count(distinct site_id)::int as sites from mail_accounts where job_id = $1',
      [posted.body.jobId],
    );
    const [counted] = await bench.context.database.query<{ n: number }>('select coalesce(sum(count_emails), 0)::int as n from sites');
    console.log(
      `Carga de correos (issue 8): ${EMAILS} filas, xlsx de ${mb(bytes)} MB (${bytes} bytes; límite de bulkExcel 5 MB) escrito en ${Math.round(writeMs)} ms ` +
        `(RSS +${writeGrowth} MB); GET /emails/check antes: ${busy.status}; trabajo ${posted.body.jobId} ${job?.status ?? '?'}; ` +
        `${accounts?.n ?? 0} cuentas de ${accounts?.sites ?? 0} entidades; suma de countEmails: ${counted?.n ?? 0}${job?.status === 'done' ? '' : `; error: ${JSON.stringify(job?.error)}`}`,
    );
    table(
      ['Paso', 'filas', 'ms', 'filas/s', 'RSS +MB', 'heap +MB'],
      [
        ['subida (POST /uploadfiles/elementType=bulkExcel)', EMAILS, Math.round(uploaded.ms), perSecond(EMAILS, uploaded.ms), '', ''],
        ['POST /emails/ (revisa el archivo, encola)', EMAILS, Math.round(posted.ms), '', '', ''],
        ['trabajo emails.load (lee, revisa, aplica en una transacción)', accounts?.n ?? 0, Math.round(jobMs), perSecond(EMAILS, jobMs), '', ''],
        ['de ello, leer el xlsx (visitSheetRows sola, fuera del trabajo)', read, Math.round(readMs), perSecond(read, readMs), '', ''],
        ['total hasta terminado', EMAILS, Math.round(totalMs), perSecond(EMAILS, totalMs), growth, memory.heap()],
      ],
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
