/**
 * The people lists' mixed requests one at a time on a kept database (issue 23): each request's statements with their
 * time, the slowest classes (filter × order × search × page), and EXPLAIN (ANALYZE, BUFFERS) of the slowest statements.
 * `node --import tsx bench/peopleProbe.ts <database url> [requests per list] [explain count]`; BENCH_SEED as the bench.
 */
import { openDatabase, type Database } from '../server/db/connection';
import { mixedData, mixedRequests, type MixedList } from './mixedWorkload';
import { siteUsersResource } from '../resources/people/siteUsers';
import { administratorsResource } from '../resources/people/administrators';
import { createResourceStore } from '../server/resources/store';
import { resourceListSpec } from '../server/resources/listSpec';
import { readListQuery } from '../server/lists/listQuery';

const [url, countText = '200', explainText = '5'] = process.argv.slice(2);
const seed = Number(process.env.BENCH_SEED ?? 3444430478);
const only = process.env.PROBE_LIST;
const database = await openDatabase({ databaseUrl: url });
if (process.env.PROBE_MIGRATE === "1") await database.migrate();
const data = await mixedData(database);
const lists = [
  ['usermain', 1, administratorsResource],
  ['siteusers', 2, siteUsersResource],
] as const;
type Statement = { text: string; params: unknown[]; ms: number };
const slow: Array<{ url: string; ms: number; statements: Statement[] }> = [];
for (const [list, index, declaration] of lists) {
  if (only && only !== list) continue;
  const store = createResourceStore(declaration);
  const spec = resourceListSpec(declaration);
  const classes = new Map<string, number[]>();
  const all: number[] = [];
  const paths = process.env.PROBE_URL ? [process.env.PROBE_URL] : mixedRequests(data, list as MixedList, seed + index, Number(countText));
  for (const path of paths) {
    const params = Object.fromEntries(new URL(path, 'http://x').searchParams);
    const statements: Statement[] = [];
    const logged: Database = {
      ...database,
      query: async (text, values) => {
        const started = performance.now();
        const rows = await database.query(text, values);
        statements.push({ text, params: values ?? [], ms: performance.now() - started });
        return rows as never;
      },
    };
    const started = performance.now();
    let status = 'ok';
    try {
      await store.list(logged, readListQuery(spec, params));
    } catch (error) {
      status = `error ${(error as Error).message}`;
    }
    const ms = performance.now() - started;
    all.push(ms);
    const filter = ['siteTypeId', 'locationId', 'parentLocationId', 'groupID'].find((name) => name in params) ?? 'none';
    const key = `${filter} ${params.orderBy?.replace('-', '')} ${params.search ? 'search' : '-'} ${Number(params.page) > 25 ? 'deep' : 'shallow'}`;
    classes.set(key, [...(classes.get(key) ?? []), ms]);
    slow.push({ url: `${path} ${status}`, ms, statements });
  }
  all.sort((a, b) => a - b);
  const q = (p: number) => all[Math.min(all.length - 1, Math.floor(p * all.length))]!.toFixed(1);
  console.log(`\n${list}: ${all.length} requests, p50 ${q(0.5)} p90 ${q(0.9)} p99 ${q(0.99)} max ${q(1)} ms, total ${all.reduce((a, b) => a + b, 0).toFixed(0)} ms`);
  const rows = [...classes].map(([key, times]) => ({ key, n: times.length, max: Math.max(...times), sum: times.reduce((a, b) => a + b, 0) }));
  for (const row of rows.sort((a, b) => b.sum - a.sum).slice(0, 25)) console.log(`  ${row.key.padEnd(45)} n=${row.n} max=${row.max.toFixed(1)} sum=${row.sum.toFixed(0)}`);
}
slow.sort((a, b) => b.ms - a.ms);
for (const request of slow.slice(0, Number(explainText))) {
  console.log(`\n=== ${request.ms.toFixed(1)} ms ${request.url}`);
  for (const statement of request.statements) {
    console.log(`-- ${statement.ms.toFixed(1)} ms: ${statement.text.slice(0, 600)}\n   params ${JSON.stringify(statement.params).slice(0, 200)}`);
    if (statement.ms < 5 || statement.text.startsWith('explain')) continue;
    const plan = await database.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.text}`, statement.params);
    console.log(plan.map((row) => row['QUERY PLAN']).join('\n'));
  }
}
await database.close();
