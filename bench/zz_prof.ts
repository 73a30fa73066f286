import { openDatabase } from '../server/db/connection';
import { csvChunks, exportBatches, readExportQuery } from '../server/exports/listExport';
import { siteExportColumns } from '../server/routes/sites';
import { siteListSpec } from '../server/sites/filter';
import { siteListSql, type SiteListRow } from '../server/sites/listQuery';
import { resourceExportSource } from '../server/resources/exports';
import { auditResource } from '../resources/audit';

const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/bench_exports_h' });
const query = readExportQuery(siteListSpec, {});
const batchSql = (q: typeof query, batch: Parameters<typeof siteListSql>[1]) => siteListSql(q, batch).text;
for (let run = 0; run < 3; run += 1) {
  let t0 = performance.now();
  const batches: SiteListRow[][] = [];
  for await (const rows of exportBatches<SiteListRow>(database, siteListSpec, query, batchSql)) batches.push(rows);
  const read = performance.now() - t0;
  t0 = performance.now();
  async function* again() { yield* batches; }
  let bytes = 0;
  for await (const chunk of csvChunks(siteExportColumns, again())) bytes += chunk.length;
  console.log('sites read ms', Math.round(read), 'write ms', Math.round(performance.now() - t0), bytes);
  const source = resourceExportSource(auditResource, auditResource.exports![0]!);
  const q2 = readExportQuery(source.spec, {});
  t0 = performance.now();
  const b2: Record<string, unknown>[][] = [];
  for await (const rows of exportBatches(database, source.spec, q2, source.sql)) b2.push(rows);
  const read2 = performance.now() - t0;
  t0 = performance.now();
  async function* again2() { yield* b2; }
  bytes = 0;
  for await (const chunk of csvChunks(source.columns, again2())) bytes += chunk.length;
  console.log('audit read ms', Math.round(read2), 'write ms', Math.round(performance.now() - t0), bytes);
}
await database.close();
process.exit(0);
