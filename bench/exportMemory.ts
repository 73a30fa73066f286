/**
 * Memory of an export whatever its number of rows (issue 22): the site-users export's CSV (its background job's
 * `csvStream` over keyset batches) written to nowhere from the database named on the command line, with the RSS and
 * heap peaks above the levels before, and the heap left after a full collection. Run with a small old space so that
 * the peaks are what the export holds rather than the garbage V8 lets pile up while it has room (the in-process
 * figures of bench/run.ts): `node --expose-gc --max-old-space-size=64 --import tsx bench/exportMemory.ts <database>`,
 * on two databases built by bench/run.ts with BENCH_DATABASE_NAME and different BENCH_SITE_USERS. Not part of bench/run.ts.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../server/db/connection';
import { csvStream, exportBatches, readExportQuery } from '../server/exports/listExport';
import { resourceExportSource } from '../server/resources/exports';
import { siteUsersResource } from '../resources/people/siteUsers';

const database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:5432/${process.argv[2]}` });
const declared = siteUsersResource.exports!.find((entry) => entry.background)!;
const source = resourceExportSource(siteUsersResource, declared);
const query = readExportQuery(source.spec, {});
global.gc?.();
const before = process.memoryUsage();
let rssPeak = before.rss;
let heapPeak = before.heapUsed;
const sampler = setInterval(() => { const m = process.memoryUsage(); rssPeak = Math.max(rssPeak, m.rss); heapPeak = Math.max(heapPeak, m.heapUsed); }, 20);
let rows = 0;
async function* counted() { for await (const batch of exportBatches<readonly unknown[]>(database, source.spec, query, source.sql)) { rows += batch.length; yield batch; } }
let bytes = 0;
const start = performance.now();
await pipeline(csvStream(source.columns, counted()), new Writable({ write(chunk, _e, done) { bytes += chunk.length; done(); } }));
clearInterval(sampler);
global.gc?.();
const after = process.memoryUsage();
const mb = (n: number) => Math.round(n / 1048576);
console.log(JSON.stringify({ rows, mb: mb(bytes), ms: Math.round(performance.now() - start), rssPeakPlusMb: mb(rssPeak - before.rss), heapPeakPlusMb: mb(heapPeak - before.heapUsed), heapAfterGcPlusMb: mb(after.heapUsed - before.heapUsed), maxOldSpace: process.execArgv.join(' ') }));
await database.close();
process.exit(0);
