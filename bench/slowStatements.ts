/**
 * The slowest statements of a bench run with their plans (issue 23). `pg_stat_statements` needs
 * `shared_preload_libraries`, i.e. a server restart; `auto_explain` does not: the bench database loads it in each new
 * session (`session_preload_libraries`, set on that database only, before the server's pool connects) and logs the
 * plan, with rows and buffers (`log_analyze`, no per-node timing), of every statement slower than BENCH_SLOW_MS (25).
 * After the mixed rows the server log (BENCH_PG_LOG, else the newest file of /var/log/postgresql) is read from where it
 * stood before them: the entries of that database grouped by statement shape (numbers aside), the 5 with the most time printed with the
 * plan of their slowest run. BENCH_SLOW_STATEMENTS=0 leaves the database as it is.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface LoggedPlan {
  database: string;
  ms: number;
  text: string;
  plan: string;
}

export interface SlowStatement {
  text: string;
  count: number;
  totalMs: number;
  maxMs: number;
  /** The plan of the slowest run. */
  plan: string;
}

/** A log line opening an auto_explain entry (log_line_prefix `%m [%p] %q%u@%d `). */
const ENTRY = /^\S+ \S+ \S+ \[\d+\] (?:[^@\s]*)@(\S*) LOG: {2}duration: ([\d.]+) ms {2}plan:$/;
const QUERY_TEXT = 'Query Text: ';

/** The auto_explain entries of `database` in a slice of the server log (other lines and databases skipped). */
export function parsePlans(log: string, database: string): LoggedPlan[] {
  const plans: LoggedPlan[] = [];
  let current: { database: string; ms: number; lines: string[] } | null = null;
  const close = () => {
    if (current && current.database === database) {
      const [first = '', ...rest] = current.lines;
      // The statement's text may span lines: up to the first line that reads as a plan node.
      const textLines = [first.startsWith(QUERY_TEXT) ? first.slice(QUERY_TEXT.length) : first];
      while (rest.length > 0 && !/^\S.*\(cost=/.test(rest[0]!)) textLines.push(rest.shift()!);
      plans.push({ database, ms: current.ms, text: textLines.join('\n').trim(), plan: rest.join('\n') });
    }
    current = null;
  };
  for (const line of log.split('\n')) {
    const entry = ENTRY.exec(line);
    if (entry) {
      close();
      current = { database: entry[1]!, ms: Number(entry[2]), lines: [] };
    } else if (current && line.startsWith('\t')) current.lines.push(line.slice(1));
    else close();
  }
  close();
  return plans;
}

/** A statement's shape: its text with the numbers written into it (limits, offsets) as `N`. */
export const statementShape = (text: string): string => text.replace(/\b\d+(\.\d+)?\b/g, 'N');

/**
 * The statements with the most logged time, grouped by shape (the lists write their limits into the text), each with
 * its count, total, slowest run and that run's text and plan.
 */
export function slowestStatements(plans: readonly LoggedPlan[], top = 5): SlowStatement[] {
  const byText = new Map<string, SlowStatement>();
  for (const { text, ms, plan } of plans) {
    const shape = statementShape(text);
    const known = byText.get(shape);
    if (!known) byText.set(shape, { text, count: 1, totalMs: ms, maxMs: ms, plan });
    else {
      known.count += 1;
      known.totalMs += ms;
      if (ms > known.maxMs) Object.assign(known, { maxMs: ms, plan, text });
    }
  }
  return [...byText.values()].sort((a, b) => b.totalMs - a.totalMs || b.maxMs - a.maxMs).slice(0, top);
}

/** Printable text: per statement its figures, its text (shortened) and its plan, indented. */
export function formatSlowStatements(statements: readonly SlowStatement[], thresholdMs: number, maxTextLength = 400): string {
  if (statements.length === 0) return `Sentencias lentas: ninguna pasó de ${thresholdMs} ms.`;
  const blocks = statements.map((statement, index) => {
    const text = statement.text.replace(/\s+/g, ' ');
    const shown = text.length > maxTextLength ? `${text.slice(0, maxTextLength)}…` : text;
    return [
      `${index + 1}. ${statement.count} veces > ${thresholdMs} ms, ${Math.round(statement.totalMs)} ms en total, la más lenta ${Math.round(statement.maxMs)} ms`,
      `   ${shown}`,
      ...statement.plan.split('\n').map((line) => `     ${line}`),
    ].join('\n');
  });
  return [`Sentencias lentas de la carga mixta (auto_explain > ${thresholdMs} ms; filas y búferes reales, sin tiempos por nodo):`, ...blocks].join('\n');
}

/** The server log to read: BENCH_PG_LOG, else the newest `*.log` of /var/log/postgresql; null when none can be read. */
export function serverLogFile(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.BENCH_PG_LOG) return env.BENCH_PG_LOG;
  const folder = '/var/log/postgresql';
  try {
    const files = fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.log'))
      .map((name) => path.join(folder, name))
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
    if (files[0]) fs.accessSync(files[0], fs.constants.R_OK);
    return files[0] ?? null;
  } catch {
    return null;
  }
}

/** The bytes of `file` written since `offset` (up to `end`, else to its end). */
export function logSince(file: string, offset: number, end?: number): string {
  const size = Math.min(fs.statSync(file).size, end ?? Number.POSITIVE_INFINITY);
  if (size <= offset) return '';
  const handle = fs.openSync(file, 'r');
  try {
    const bytes = Buffer.alloc(size - offset);
    fs.readSync(handle, bytes, 0, bytes.length, offset);
    return bytes.toString('utf8');
  } finally {
    fs.closeSync(handle);
  }
}

/** The settings that make each new session of `database` log its slow plans (a quoted identifier: a checked name). */
export function autoExplainSettings(database: string, thresholdMs: number): string[] {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`nombre de base no válido: ${database}`);
  return [
    `alter database ${database} set session_preload_libraries = 'auto_explain'`,
    `alter database ${database} set auto_explain.log_min_duration = '${Math.max(0, Math.round(thresholdMs))}ms'`,
    `alter database ${database} set auto_explain.log_analyze = on`,
    `alter database ${database} set auto_explain.log_timing = off`,
    `alter database ${database} set auto_explain.log_buffers = on`,
  ];
}

/** The settings that undo autoExplainSettings. */
export function autoExplainReset(database: string): string[] {
  return ['session_preload_libraries', 'auto_explain.log_min_duration', 'auto_explain.log_analyze', 'auto_explain.log_timing', 'auto_explain.log_buffers'].map(
    (name) => `alter database ${database} reset ${name}`,
  );
}
