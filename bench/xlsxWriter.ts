/**
 * XLSX writer alone, in process, no database nor network (docs/decisions/0011-dates-and-export-files.md):
 * 35,000 synthetic site-like rows × 12 columns (BENCH_XLSX_ROWS) through the former exceljs streaming writer and
 * through `xlsxStream` (hand-written XML + archiver) at deflate levels 1 and 6; median of BENCH_XLSX_RUNS runs (5).
 * Run: `node --import tsx bench/xlsxWriter.ts`. Not part of bench/run.ts.
 */
import { Readable } from 'node:stream';
import { t } from '../server/i18n';
import { xlsxChunks, type ExportColumn } from '../server/exports/listExport';
import { xlsxFile } from '../server/exports/xlsxFile';
import { siteExportColumns } from '../server/routes/sites';
import { medianBy, table } from './measure';
import { exceljsReferenceStream } from '../tests/helpers/exceljsReference';

const ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 35_000);
const RUNS = Number(process.env.BENCH_XLSX_RUNS ?? 5);
const BATCH = 5000;

type Row = Record<string, string | number | boolean | Date | null>;

/** The sites export's own columns (server/routes/sites.ts) that these rows fill, each read straight from its key. */
const FILLED = new Set(['id', 'name', 'alias', 'siteType', 'parentLocation', 'childLocation', 'url', 'countUsers', 'population', 'statusName', 'pendingRequest', 'modifiedDate']);
const columns: ExportColumn<Row>[] = siteExportColumns
  .filter((column) => FILLED.has(column.key))
  .map(({ value: _computed, ...column }) => column);

const rows: Row[] = Array.from({ length: ROWS }, (_, n) => ({
  id: n + 1,
  name: `Alcaldía de Municipio ${n} & "Asociados"`,
  alias: `municipio-${n}`,
  siteType: 'Alcaldía',
  parentLocation: `Departamento ${n % 33}`,
  childLocation: n % 3 === 0 ? null : `Municipio ${n % 1100}`,
  url: `https://www.municipio-${n}.gov.co`,
  countUsers: n % 17,
  population: n % 3 === 0 ? null : n * 13,
  statusName: n % 4 === 0 ? 'Activo' : 'Inactivo',
  pendingRequest: n % 5 === 0,
  modifiedDate: new Date(Date.UTC(2026, 0, 1) + n * 60_000),
}));

async function* batches(): AsyncGenerator<Row[]> {
  for (let start = 0; start < rows.length; start += BATCH) yield rows.slice(start, start + BATCH);
}

/** The former `xlsxStream` (tests/helpers/exceljsReference.ts). */
const exceljsStream = (): Readable => exceljsReferenceStream(columns, batches());

async function measure(make: () => Readable): Promise<{ ms: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    bytes = 0;
    for await (const chunk of make()) bytes += (chunk as Buffer).length;
    times.push(performance.now() - start);
  }
  return { ms: Math.round(medianBy(times, (ms) => ms)), bytes };
}

/** Only the worksheet's XML, unzipped: what the hand-written cells cost by themselves. */
async function xmlOnly(): Promise<{ ms: number; bytes: number }> {
  return measure(() => Readable.from(xlsxChunks(columns, batches()), { objectMode: false }));
}

const results: Array<[string, { ms: number; bytes: number }]> = [
  ['exceljs WorkbookWriter (before)', await measure(exceljsStream)],
  ['xlsxStream, deflate level 1 (after)', await measure(() => xlsxFile(t('exports.sheet'), xlsxChunks(columns, batches()), 1))],
  ['xlsxStream, deflate level 6 (default)', await measure(() => xlsxFile(t('exports.sheet'), xlsxChunks(columns, batches()), 6))],
  ['worksheet XML only (no zip)', await xmlOnly()],
];
console.log(`${ROWS} rows × ${columns.length} columns, median of ${RUNS} runs`);
table(['writer', 'ms', 'bytes'], results.map(([name, result]) => [name, result.ms, result.bytes]));
