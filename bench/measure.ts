/**
 * Measuring helpers shared by the bench's parts (bench/run.ts, bench/sites.ts, bench/embedded.ts): tables, COPY
 * through psql, RSS peaks, the main thread's schedule.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

export function table(headers: string[], rows: Array<Array<string | number>>): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: Array<string | number>) => cells.map((c, i) => (typeof c === 'number' ? String(c).padStart(widths[i]!) : String(c).padEnd(widths[i]!))).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('');
}

/** The run whose `value` is the median (the lower middle one of an even count). */
export function medianBy<T>(runs: readonly T[], value: (run: T) => number): T {
  return [...runs].sort((a, b) => value(a) - value(b))[Math.floor((runs.length - 1) / 2)]!;
}

/** Milliseconds as `min–max` (rounded), or the one value. */
export function spread(values: readonly number[]): string {
  const low = Math.round(Math.min(...values));
  const high = Math.round(Math.max(...values));
  return low === high ? String(low) : `${low}–${high}`;
}

/** The line feeds in a chunk (`indexOf`, several times cheaper than a loop over the bytes). */
export function lineBreaks(chunk: Uint8Array): number {
  let count = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) count += 1;
  return count;
}

/** Rows per second of `COPY (statement) TO STDOUT` through psql, the reference of the exports. */
export async function copyThroughput(url: string, statement: string): Promise<{ rows: number; ms: number; bytes: number }> {
  const start = performance.now();
  const child = spawn('psql', [url, '-X', '-q', '-c', `copy (${statement}) to stdout with (format csv)`], { stdio: ['ignore', 'pipe', 'inherit'] });
  let bytes = 0;
  let rows = 0;
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    rows += lineBreaks(chunk);
  }
  await new Promise((resolve) => child.on('close', resolve));
  return { rows, ms: performance.now() - start, bytes };
}

/**
 * An export downloaded by curl in a process of its own, read here as `copyThroughput` reads psql: the same consumer for
 * both, so the comparison is between the producers (the server, and PostgreSQL's COPY). A fetch in this process would
 * also decode the download on the server's own event loop. `-f`: an HTTP error answers status 0.
 */
export async function downloadThroughput(url: string, headers: Record<string, string>): Promise<{ status: number; lines: number; ms: number; bytes: number }> {
  const start = performance.now();
  const args = ['-sS', '-f', ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), url];
  const child = spawn('curl', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    lines += lineBreaks(chunk);
  }
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { status: code === 0 ? 200 : 0, lines, ms: performance.now() - start, bytes };
}

/** A statement's `$n` parameters written as literals, for psql's COPY (which takes none). */
export function inlineParams(text: string, values: readonly unknown[]): string {
  return text.replace(/\$(\d+)\b/g, (_match, index: string) => {
    const value = values[Number(index) - 1];
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

/** Samples the process's RSS and JavaScript heap every 20 ms: their peaks above the levels when it started (MB). */
export function rssPeak(): { stop(): number; heap(): number } {
  global.gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  let heapPeak = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  };
  const sampler = setInterval(sample, 20);
  return {
    stop() {
      clearInterval(sampler);
      sample();
      return Math.round((peak - before.rss) / 1048576);
    },
    heap: () => Math.round((heapPeak - before.heapUsed) / 1048576),
  };
}

/** CPU time a thread has run and waited for a core (nanoseconds), read from Linux's `schedstat`. */
export interface ThreadSchedule {
  ranNs: number;
  waitedNs: number;
}

/** `/proc/<pid>/task/<tid>/schedstat`: "<ran ns> <waited on a run queue ns> <time slices>"; null for anything else. */
export function parseSchedstat(text: string): ThreadSchedule | null {
  const [ran, waited] = text.trim().split(/\s+/).map(Number);
  return Number.isFinite(ran) && Number.isFinite(waited) ? { ranNs: ran!, waitedNs: waited! } : null;
}

/** The main thread's schedule so far (its thread id is the process id); null where /proc does not tell it. */
export function mainThreadSchedule(): ThreadSchedule | null {
  try {
    return parseSchedstat(fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, 'utf8'));
  } catch {
    return null;
  }
}

/** Issue 22: an export's throughput against `COPY` of the same rows, by format (CSV ≥ 50%, XLSX ≥ 25%). */
export const GOAL_OF_COPY = { csv: 0.5, xlsx: 0.25 } as const;

/** The sum of a metric's samples (every label set) in /metrics' text; 0 when absent. */
export function metricSum(text: string, name: string): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith(`${name}{`) || line.startsWith(`${name} `)) sum += Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
  }
  return sum;
}

/** Cumulative counts per upper bound (seconds) of `http_request_duration_seconds` for one route in /metrics' text, all statuses summed. */
export function routeBuckets(text: string, route: string): Map<number, number> {
  const buckets = new Map<number, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('http_request_duration_seconds_bucket{') || !line.includes(`route="${route}"`)) continue;
    const bound = /le="([^"]+)"/.exec(line)?.[1];
    if (bound === undefined) continue;
    const upper = bound === '+Inf' ? Infinity : Number(bound);
    buckets.set(upper, (buckets.get(upper) ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1)));
  }
  return buckets;
}

/**
 * Quantile `q` (0–1) in ms of the requests counted between two scrapes, interpolated within its bucket as Prometheus's
 * histogram_quantile does; null when none were counted, the highest finite bound when it falls in the +Inf bucket.
 */
export function histogramQuantile(before: Map<number, number>, after: Map<number, number>, q: number): number | null {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const counts = bounds.map((bound) => (after.get(bound) ?? 0) - (before.get(bound) ?? 0));
  const total = counts[counts.length - 1] ?? 0;
  if (total <= 0) return null;
  const rank = q * total;
  const at = counts.findIndex((count) => count >= rank);
  const upper = bounds[at]!;
  if (upper === Infinity) return bounds[at - 1]! * 1000;
  const lower = at === 0 ? 0 : bounds[at - 1]!;
  const below = at === 0 ? 0 : counts[at - 1]!;
  return (lower + ((upper - lower) * (rank - below)) / (counts[at]! - below)) * 1000;
}
