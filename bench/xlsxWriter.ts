/**
 * XLSX writer alone, in process, no database nor network (docs/decisions.md 'XLSX exports written without exceljs'):
 * 35,000 synthetic site-like rows × 12 columns (BENCH_XLSX_ROWS) through the former exceljs streaming writer and
 * through `xlsxStream` (hand-written XML + archiver) at deflate levels 1 and 6; median of BENCH_XLSX_RUNS runs (5).
 * Run: `node --import tsx bench/xlsxWriter.ts`. Not part of bench/run.ts.
 */
import { Readable } from 'node:stream';
import { t } from '../server/i18n';
import { xlsxChunks, type ExportColumn } from '../server/exports/listExport';
import { xlsxFile } from '../server/exports/xlsxFile';
import { table } from './measure';
import { exceljsReferenceStream } from '../tests/helpers/exceljsReference';

const ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 35_000);
const RUNS = Number(process.env.BENCH_XLSX_RUNS ?? 5);
const BATCH = 5000;

type Row = Record<string, string | number | boolean | Date | null>;

const columns: ExportColumn<Row>[] = [
  { key: 'id', headerKey: 'exports.columns.sites.id', width: 8 },
  { key: 'name', headerKey: 'exports.columns.sites.name', width: 40 },
  { key: 'alias', headerKey: 'exports.columns.sites.alias', width: 20 },
  { key: 'siteType', headerKey: 'exports.columns.sites.siteType', width: 24 },
  { key: 'parentLocation', headerKey: 'exports.columns.sites.parentLocation' },
  { key: 'childLocation', headerKey: 'exports.columns.sites.childLocation' },
  { key: 'url', headerKey: 'exports.columns.sites.url', width: 30 },
  { key: 'countUsers', headerKey: 'exports.columns.sites.countUsers', width: 10 },
  { key: 'population', headerKey: 'exports.columns.sites.population', width: 12 },
  { key: 'statusName', headerKey: 'exports.columns.sites.statusName', width: 12 },
  { key: 'pendingRequest', headerKey: 'exports.columns.sites.pendingRequest', width: 12 },
  { key: 'modifiedDate', headerKey: 'exports.columns.sites.modifiedDate', width: 20 },
];

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
  times.sort((a, b) => a - b);
  return { ms: Math.round(times[Math.floor(times.length / 2)]!), bytes };
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
