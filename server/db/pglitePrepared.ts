/**
 * Named prepared statements on the embedded PGlite (issue 7, 'plan once', as the `pg` path does with
 * preparedStatements.ts): PGlite's own `query` parses, describes and plans its statement anew each time, in five
 * separate calls into WebAssembly. A statement named here is parsed and described once; each run is then a
 * single call (bind, describe, execute, sync) whose plan PostgreSQL keeps. The session read of every request
 * went from ~680 to ~170 µs of the database thread.
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

export interface PreparedRun {
  name: string;
  sql: string;
  params: unknown[];
  rowMode: RowMode;
  /** Columns of these type OIDs stay as text (the caller parses them). */
  rawTypes: number[];
}

type Parsers = PGlite['parsers'];
const asText = (value: string) => value;

export class PglitePreparedStatements {
  /** Name → the type of each parameter, for the statements this connection has prepared. */
  private readonly parameterTypes = new Map<string, number[]>();
  /**
   * PGlite's parsers with some types left as text, per list of those types. Given parsers of the caller's, PGlite
   * copies its own ~320 for every answer (~80 µs); given them as its defaults, it copies nothing.
   */
  private readonly parsersByRawTypes = new Map<string, Parsers>();

  constructor(private readonly client: PGlite) {}

  /** Runs a named statement outside any transaction, preparing it on first use; waits for a transaction under way. */
  run(statement: PreparedRun): Promise<Results> {
    return this.client._runExclusiveTransaction(() => this.client._runExclusiveQuery(() => this.runNow(statement)));
  }

  private async runNow({ name, sql, params, rowMode, rawTypes }: PreparedRun): Promise<Results> {
    const types = this.parameterTypes.get(name) ?? (await this.prepare(name, sql));
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serializer = this.client.serializers[types[index]!];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await this.client.execProtocol(
      concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    // A `with` may write: files synced as PGlite's own query does outside a transaction.
    await this.client.syncToFs();
    return parse.parseResults(messages, this.parsersLeavingAsText(rawTypes), { rowMode })[0]!;
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

  private async prepare(name: string, sql: string): Promise<number[]> {
    const { messages } = await this.client.execProtocol(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const types = parse.parseDescribeStatementResults(messages);
    this.parameterTypes.set(name, types);
    return types;
  }
}
