/**
 * The sites XLSX export in process against PostgreSQL (docs/decisions/0011-dates-and-export-files.md): the
 * worksheet written by Node from row objects (`xlsxStream`) against the rows written by the database
 * (`exportXlsxBatches`, migration 0025), zip included, the file read to its end; `COPY` of the same rows as the
 * reference. Median of BENCH_XLSX_RUNS runs (5). Needs a database migrated to 0025 (BENCH_XLSX_URL; it only reads).
 * Run: `BENCH_XLSX_URL=postgres://… node --import tsx bench/xlsxDatabase.ts`. Not part of bench/run.ts.
 */
import type { Readable } from 'node:stream';
import { openDatabase } from '../server/db/connection';
import { exportBatches, exportXlsxBatches, readExportQuery, xlsxStream, xlsxTextChunks } from '../server/exports/listExport';
import { keysetSelect } from '../server/exports/keyset';
import { xlsxFile } from '../server/exports/xlsxFile';
import { SqlParams } from '../server/lists/listQuery';
import { siteExportColumns, siteExportXlsxRow } from '../server/routes/sites';
import { siteListSpec } from '../server/sites/filter';
import { siteListSql, type SiteListRow } from '../server/sites/listQuery';
import { t } from '../server/i18n';
import { copyThroughput, medianBy, table } from './measure';

const url = process.env.BENCH_XLSX_URL;
if (!url) throw new Error('BENCH_XLSX_URL: a PostgreSQL database migrated to 0025');
const RUNS = Number(process.env.BENCH_XLSX_RUNS ?? 5);

const database = await openDatabase({ databaseUrl: url });
const query = readExportQuery(siteListSpec, {});
const batchSql = (q: typeof query, batch: Parameters<typeof siteListSql>[1]) => siteListSql(q, batch).text;

async function timed(file: () => Readable): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  let bytes = 0;
  for await (const chunk of file()) bytes += (chunk as Buffer).length;
  return { ms: performance.now() - start, bytes };
}

const median = (values: number[]) => medianBy(values, (value) => value);
const node = () => xlsxStream(siteExportColumns, exportBatches<SiteListRow>(database, siteListSpec, query, batchSql));
const row = siteExportXlsxRow();
const sql = () => xlsxFile(t('exports.sheet'), xlsxTextChunks(siteExportColumns, exportXlsxBatches(database, siteListSpec, query, batchSql, row)));
// The worksheet alone (no zip): what the database's rows cost before deflate.
async function sheetOnly(): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  let bytes = 0;
  for await (const text of xlsxTextChunks(siteExportColumns, exportXlsxBatches(database, siteListSpec, query, batchSql, row))) bytes += text.length;
  return { ms: performance.now() - start, bytes };
}

const statement = siteListSql(query, { params: new SqlParams(), after: [], keys: keysetSelect(siteListSpec, query), limit: '' }).text;
const results: Record<string, number[]> = { node: [], database: [], 'database, no zip': [], copy: [] };
let sizes = { node: 0, database: 0 };
for (let run = 0; run < RUNS; run += 1) {
  const a = await timed(node);
  const b = await timed(sql);
  results.node!.push(a.ms);
  results.database!.push(b.ms);
  results['database, no zip']!.push((await sheetOnly()).ms);
  results.copy!.push((await copyThroughput(url, statement)).ms);
  sizes = { node: a.bytes, database: b.bytes };
}
const copy = median(results.copy!);
table(['path', 'median ms', 'runs ms', '% of COPY'], Object.entries(results).map(([name, values]) => [
  name, Math.round(median(values)), values.map(Math.round).join(' '), `${Math.round((copy / median(values)) * 100)}%`,
]));
console.log(`file bytes: node ${sizes.node}, database ${sizes.database}`);
process.exit(0);
