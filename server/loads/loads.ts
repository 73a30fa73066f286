/**
 * The three loads of the site list (spec 01 §2): population, e-mail accounts and digital-government index. Each is
 * a job (docs/services.md 'Jobs') over a file uploaded to the files service. All or nothing (docs/decisions/README.md
 * 'Loads'): the job reads and checks every row first (progress: rows checked); any bad row fails the job with one
 * failed item per line ('línea N', its message) and nothing is written; otherwise one transaction writes every row
 * (the job's single item 'aplicar', so a cancellation or a lost lease before it leaves the data untouched).
 * A load changes only what its file names (docs/decisions/0018-loads-and-bulk-site-update.md); `previewLoad`
 * answers, before the load is started, the rows read, the bad lines and how many portals the load would change.
 */
import { sql } from 'drizzle-orm';
import { LOAD_ELEMENT_TYPE, LOAD_JOB_KINDS } from '../../resources/loads';
import type { LoadPreview } from '../../resources/loads';
import type { AppContext } from '../context';
import type { Db } from '../db/connection';
import { t } from '../i18n';
import { itemFailure, permanentFailure, registerJobKind, type JobContext } from '../jobs';
import { duplicates, GOV_INDEX_COLUMNS, parseEmailRow, parseGovIndexRow, parsePopulationRow, type EmailRow, type GovIndexRow, type Parsed, type PopulationRow, type RowError } from './rows';
import { openLoadFile, SheetError, visitSheetRows, type SheetRow } from './sheet';

/** Failed lines recorded as job items at most (the job's message counts them all). */
export const MAX_REPORTED_ROWS = 1000;
/** Rows written by one insert statement of a load (one JSON parameter each, in the load's one transaction). */
const APPLY_CHUNK = 5000;

export const rowMessage = (error: RowError) => t(error.key, error.values);
const columnName = (column: string) => t(`loads.columns.${column}`);
/** The rows of `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface LoadDefinition<Row> {
  parse(row: SheetRow): Parsed<Row>;
  /** Errors against the data of the database and between rows (duplicates). */
  check(db: Db, rows: readonly { line: number; value: Row }[]): Promise<RowError[]>;
  apply(tx: Db, rows: readonly Row[], ctx: JobContext<LoadPayload>): Promise<Record<string, unknown>>;
  /** The portals (sites not deleted) that applying `rows` would change. */
  preview(db: Db, rows: readonly Row[], payload: LoadPayload): Promise<number>;
}

export interface LoadPayload {
  fileID: string;
  year?: number;
  month?: number;
}

/** A load file read and checked: the rows read, the good ones and every bad line. */
interface ReadLoad<Row> {
  count: number;
  good: { line: number; value: Row }[];
  errors: RowError[];
}

/** Reads every row of the file (parsing each as it is read) and checks the good ones against the database. */
async function readLoad<Row>(context: AppContext, db: Db, fileID: string, definition: LoadDefinition<Row>, checking?: (count: number) => Promise<void>): Promise<ReadLoad<Row>> {
  const errors: RowError[] = [];
  const good: { line: number; value: Row }[] = [];
  // Each row parsed as it is read: only its values are kept, never the sheet's cells (constant overhead per row).
  const count = await visitSheetRows(await openLoadFile(context, fileID, [LOAD_ELEMENT_TYPE]), (row) => {
    const parsed = definition.parse(row);
    if (parsed.ok) good.push(parsed);
    else errors.push(parsed.error);
  });
  if (count === 0) return { count, good, errors };
  await checking?.(count);
  errors.push(...(await definition.check(db, good)));
  errors.sort((a, b) => a.line - b.line);
  return { count, good, errors };
}

/** Reads, checks and applies a load file: the run of every load job. */
async function runLoad<Row>(ctx: JobContext<LoadPayload>, definition: LoadDefinition<Row>): Promise<Record<string, unknown>> {
  let read: ReadLoad<Row>;
  try {
    read = await readLoad(ctx.app, ctx.db, ctx.job.payload.fileID, definition, (count) => ctx.progress(0, count));
  } catch (error) {
    if (error instanceof SheetError) throw permanentFailure(error.key);
    throw error;
  }
  const { count, good, errors } = read;
  if (count === 0) throw permanentFailure('loads.errors.no_rows');
  await ctx.progress(count);

  if (errors.length > 0) {
    const reported = errors.slice(0, MAX_REPORTED_ROWS);
    const keys = reported.map((error) => `línea ${error.line}`);
    // One failed item per bad line: GET /jobs/{id}/items?state=failed lists them with their messages.
    await ctx.items([...new Set(keys)]);
    await ctx.progress(0);
    for (const [index, error] of reported.entries()) {
      await ctx.runItem(keys[index]!, async () => {
        throw itemFailure(rowMessage(error));
      });
    }
    throw permanentFailure('loads.errors.bad_rows', { count: errors.length });
  }

  let result: Record<string, unknown> = {};
  await ctx.runItem('aplicar', async (tx) => {
    result = await definition.apply(
      tx,
      good.map((row) => row.value),
      ctx,
    );
  });
  return { rows: good.length, ...result };
}

/**
 * What a load would do, without doing it (POST /locations/preview, /emails/preview, /govindex/preview): the rows read,
 * the bad lines (the first MAX_REPORTED_ROWS) and, when there are none, the portals the load would change. A file that
 * cannot be read or has no rows throws its SheetError (the route answers 400).
 */
export async function previewLoad<Row>(context: AppContext, definition: LoadDefinition<Row>, payload: LoadPayload): Promise<LoadPreview> {
  const db = context.database.db;
  const { count, good, errors } = await readLoad(context, db, payload.fileID, definition);
  if (count === 0) throw new SheetError('loads.errors.no_rows');
  const portals = errors.length > 0 ? 0 : await definition.preview(db, good.map((row) => row.value), payload);
  return {
    rows: count,
    portals,
    errorCount: errors.length,
    errors: errors.slice(0, MAX_REPORTED_ROWS).map((error) => ({ line: error.line, message: rowMessage(error) })),
  };
}

/** Ids of `ids` that name no site (deleted sites included: they are gone for the loads). */
async function unknownSites(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  const found = await db.execute(
    sql`select s.id from sites s join jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb) as given(id) on s.id = given.id::int where not s.is_deleted`,
  );
  const known = new Set(rowsOf<{ id: number }>(found).map((row) => Number(row.id)));
  return new Set(unique.filter((id) => !known.has(id)));
}

async function siteErrors(db: Db, rows: readonly { line: number; value: { siteId: number } }[]): Promise<RowError[]> {
  const unknown = await unknownSites(
    db,
    rows.map((row) => row.value.siteId),
  );
  return rows
    .filter((row) => unknown.has(row.value.siteId))
    .map((row) => ({ line: row.line, key: 'loads.rows.unknown_site', values: { line: row.line, id: row.value.siteId } }));
}

// ── Population ──────────────────────────────────────────────────────────────────────────────────────────────
export const populationLoad: LoadDefinition<PopulationRow> = {
  parse: parsePopulationRow,
  async check(db, rows) {
    const codes = [...new Set(rows.map((row) => row.value.locationId))];
    const found = await db.execute(
      sql`select l.id from locations l join jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) as given(id) on l.id = given.id::int where l.is_municipality`,
    );
    const known = new Set(rowsOf<{ id: number }>(found).map((row) => Number(row.id)));
    return [
      ...rows
        .filter((row) => !known.has(row.value.locationId))
        .map((row) => ({ line: row.line, key: 'loads.rows.unknown_municipality', values: { line: row.line, code: row.value.code } })),
      ...duplicates(rows, (value) => String(value.locationId), (value) => value.code),
    ];
  },
  async apply(tx, rows, ctx) {
    const data = populationData(rows);
    // The sites first: their new values overlay the file on the locations' current ones (populationTargets).
    const [changed] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with ${populationTargets(data)},
        changed as (update sites s set population = t.population from target t
          where s.id = t.id and s.population is distinct from t.population returning 1)
        select count(*)::int as n from changed`),
    );
    await tx.execute(sql`
      update locations l set population = v.population
      from jsonb_to_recordset(${data}::jsonb) as v(id int, population int) where l.id = v.id`);
    const sites = Number(changed?.n ?? 0);
    await ctx.audit(tx, { action: 'load', resource: 'locations', recordId: ctx.job.id, recordLabel: t('loads.dialog.population_title'), after: { municipalities: rows.length, sites } });
    return { municipalities: rows.length, sites };
  },
  async preview(db, rows) {
    const [changed] = rowsOf<{ n: number }>(
      await db.execute(sql`
        with ${populationTargets(populationData(rows))}
        select count(*)::int as n from target t join sites s on s.id = t.id where s.population is distinct from t.population`),
    );
    return Number(changed?.n ?? 0);
  },
};

const populationData = (rows: readonly PopulationRow[]) => JSON.stringify(rows.map((row) => ({ id: row.locationId, population: row.population })));

/**
 * The population a load gives each site it reaches (the CTE `target`: site id, population), and no other site:
 * - a site of a municipality the file names takes the file's population;
 * - a departmental site (no municipality) of a department with a municipality in the file takes the department's
 *   total: the sum of its municipalities' populations, each the file's, else the one loaded before
 *   (`locations.population`), else what the municipality's sites show (the population never loaded: the value the
 *   list shows); a department with no known figure at all is left as it is.
 * Every other site, and deleted ones, are not reached (docs/decisions/0018-loads-and-bulk-site-update.md).
 */
function populationTargets(data: string) {
  return sql`
    v as (select * from jsonb_to_recordset(${data}::jsonb) as v(id int, population int)),
    fed as (select distinct l.parent_location_id as id from locations l join v on v.id = l.id),
    municipality as (
      select l.parent_location_id as department, coalesce(v.population, l.population,
        (select max(s.population) from sites s where s.location_id = l.id and not s.is_deleted)) as population
      from locations l join fed on fed.id = l.parent_location_id left join v on v.id = l.id
      where l.is_municipality),
    department as (
      select department as id, least(sum(population), 2147483647)::int as total from municipality group by department),
    target as (
      select s.id, v.population from sites s join v on v.id = s.location_id where not s.is_deleted
      union all
      select s.id, d.total as population from sites s join department d on d.id = s.parent_location_id
      where s.location_id is null and not s.is_deleted and d.total is not null)`;
}

// ── E-mail accounts ─────────────────────────────────────────────────────────────────────────────────────────
export const emailLoad: LoadDefinition<EmailRow> = {
  parse: parseEmailRow,
  async check(db, rows) {
    return [
      ...(await siteErrors(db, rows)),
      ...duplicates(rows, (value) => `${value.siteId} ${value.email}`, (value) => value.email),
    ];
  },
  async apply(tx, rows, ctx) {
    const { year, month } = ctx.job.payload as Required<LoadPayload>;
    // The month's accounts of the sites the file names are replaced by the file's; other sites' are kept.
    const named = JSON.stringify([...new Set(rows.map((row) => row.siteId))]);
    await tx.execute(sql`
      delete from mail_accounts m using jsonb_array_elements_text(${named}::jsonb) as given(id)
      where m.year = ${year} and m.month = ${month} and m.site_id = given.id::int`);
    // In chunks: one 100,000-row JSON parameter would be held whole by the driver and the database at once.
    for (let start = 0; start < rows.length; start += APPLY_CHUNK) {
      const chunk = rows.slice(start, start + APPLY_CHUNK);
      const data = JSON.stringify(chunk.map((row) => ({ site_id: row.siteId, email: row.email, last_login: row.lastLogin?.toISOString() ?? null })));
      await tx.execute(sql`
        insert into mail_accounts (site_id, year, month, email, last_login, job_id)
        select v.site_id, ${year}, ${month}, v.email, v.last_login, ${ctx.job.id}
        from jsonb_to_recordset(${data}::jsonb) as v(site_id int, email text, last_login timestamptz)`);
    }
    // countEmails of the named sites: each one's accounts in its newest month loaded (docs/decisions/0018-loads-and-bulk-site-update.md).
    await tx.execute(sql`
      with named as (select distinct given.id::int as id from jsonb_array_elements_text(${named}::jsonb) as given(id)),
      latest as (select distinct on (m.site_id) m.site_id, m.year, m.month from mail_accounts m join named on named.id = m.site_id
        order by m.site_id, m.year desc, m.month desc),
      counts as (select m.site_id, count(*)::int as n from mail_accounts m join latest l
        on l.site_id = m.site_id and l.year = m.year and l.month = m.month group by m.site_id)
      update sites s set count_emails = c.n from counts c where s.id = c.site_id and s.count_emails is distinct from c.n`);
    await ctx.audit(tx, { action: 'load', resource: 'emails', recordId: ctx.job.id, recordLabel: `${year}-${String(month).padStart(2, '0')}`, after: { year, month, accounts: rows.length } });
    return { year, month, accounts: rows.length };
  },
  async preview(_db, rows) {
    // The portals whose accounts of the month are replaced: those the file names.
    return new Set(rows.map((row) => row.siteId)).size;
  },
};

// ── Digital-government index ────────────────────────────────────────────────────────────────────────────────
export const govIndexLoad: LoadDefinition<GovIndexRow> = {
  parse: (row) => parseGovIndexRow(row, columnName),
  async check(db, rows) {
    return [...(await siteErrors(db, rows)), ...duplicates(rows, (value) => String(value.siteId), (value) => String(value.siteId))];
  },
  async apply(tx, rows, ctx) {
    const { year } = ctx.job.payload as Required<Pick<LoadPayload, 'year'>>;
    const data = JSON.stringify(rows.map((row) => Object.fromEntries([['site_id', row.siteId], ...GOV_INDEX_COLUMNS.map((column, index) => [column, row.values[index]])])));
    await tx.execute(sql`
      insert into gov_index (site_id, year, index1, index2, index3, index4, job_id)
      select v.site_id, ${year}, v.index1, v.index2, v.index3, v.index4, ${ctx.job.id}
      from jsonb_to_recordset(${data}::jsonb) as v(site_id int, index1 float8, index2 float8, index3 float8, index4 float8)
      on conflict (year, site_id) do update set index1 = excluded.index1, index2 = excluded.index2,
        index3 = excluded.index3, index4 = excluded.index4, job_id = excluded.job_id`);
    await ctx.audit(tx, { action: 'load', resource: 'govindex', recordId: ctx.job.id, recordLabel: String(year), after: { year, sites: rows.length } });
    return { year, sites: rows.length };
  },
  async preview(_db, rows) {
    return new Set(rows.map((row) => row.siteId)).size;
  },
};

/** Who follows the loads' jobs: the site list's load buttons need Sites (spec 01 'Site list'). */
const LOADERS = ['Sites'] as const;

registerJobKind<LoadPayload>(LOAD_JOB_KINDS.population, { permissions: LOADERS, run: (ctx) => runLoad(ctx, populationLoad) });
registerJobKind<LoadPayload>(LOAD_JOB_KINDS.emails, { permissions: LOADERS, run: (ctx) => runLoad(ctx, emailLoad) });
registerJobKind<LoadPayload>(LOAD_JOB_KINDS.govIndex, { permissions: LOADERS, run: (ctx) => runLoad(ctx, govIndexLoad) });
