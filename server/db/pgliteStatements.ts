/**
 * How the worker (pgliteWorker.ts) runs each statement on the embedded PGlite (issue 7). PGlite's own `query` makes
 * five calls into WebAssembly per statement (parse, describe the statement, bind, describe the portal, execute, then
 * sync), parses and plans it anew every time, and, given parsers of the caller's, copies its own ~320 for each answer
 * (~80 µs). Here a statement takes two calls — parse and describe, then bind, describe, execute and sync — and a named
 * one (the reads of `Database.query`, named by preparedStatements.ts as on PostgreSQL: 'plan once') only the second,
 * on the plan PostgreSQL keeps. Parameters are serialised and answers parsed by PGlite's own functions, so an answer
 * equals PGlite's `query` for the same statement. The session read of every request went from ~700 to ~220 µs of the
 * database thread, a Drizzle statement from ~335 to ~100 µs (docs/decisions/0008-embedded-database.mds reads as
 * named prepared statements').
 */
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import type { RowMode } from './pgliteProtocol';

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

export interface Statement {
  sql: string;
  params: unknown[];
  rowMode: RowMode;
  /** Columns of these type OIDs stay as text (the caller parses them). */
  rawTypes: number[];
  /** Run as this named prepared statement, prepared on first use; outside a transaction only. */
  name?: string;
  /** Part of the transaction under way (which holds PGlite's transaction lock), rather than waiting for it to end. */
  inTransaction: boolean;
}

type Parsers = PGlite['parsers'];
const asText = (value: string) => value;

export class PgliteStatements {
  /** Name → the type of each parameter, for the statements this connection has prepared. */
  private readonly parameterTypes = new Map<string, number[]>();
  /** PGlite's parsers with some types left as text, per list of those types: given as PGlite's defaults, nothing is copied. */
  private readonly parsersByRawTypes = new Map<string, Parsers>();

  constructor(private readonly client: PGlite) {}

  /** `onStart`: called when a statement outside a transaction gets the connection (its wait, poolStats.ts). */
  run(statement: Statement, onStart?: () => void): Promise<Results> {
    if (statement.inTransaction) return this.client._runExclusiveQuery(() => this.runNow(statement));
    return this.client._runExclusiveTransaction(() =>
      this.client._runExclusiveQuery(() => {
        onStart?.();
        return this.runNow(statement);
      }),
    );
  }

  private async runNow({ sql, params, rowMode, rawTypes, name, inTransaction }: Statement): Promise<Results> {
    // '' is PostgreSQL's unnamed statement: parsed again at each run, as inside a transaction.
    const statement = name !== undefined && !inTransaction ? name : '';
    const types = (statement && this.parameterTypes.get(statement)) || (await this.describe(statement, sql));
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serializer = this.client.serializers[types[index]!];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await this.client.execProtocol(
      concat([serialize.bind({ statement, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    // As PGlite's own query does outside a transaction (a no-op on Node's file system).
    if (!inTransaction) await this.client.syncToFs();
    return parse.parseResults(messages, this.parsersLeavingAsText(rawTypes), { rowMode })[0]!;
  }

  /** Parses the statement under `name` ('' for the unnamed one) and answers its parameters' types. */
  private async describe(name: string, sql: string): Promise<number[]> {
    const { messages } = await this.client.execProtocol(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const types = parse.parseDescribeStatementResults(messages);
    if (name) this.parameterTypes.set(name, types);
    return types;
  }

  private parsersLeavingAsText(rawTypes: number[]): Parsers {
    if (rawTypes.length === 0) return this.client.parsers;
    const key = rawTypes.join(',');
    let parsers = this.parsersByRawTypes.get(key);
    if (!parsers) {
      parsers = { ...this.client.parsers, ...Object.fromEntries(rawTypes.map((oid) => [oid, asText])) };
      this.parsersByRawTypes.set(key, parsers);
    }
    return parsers;
  }
}
