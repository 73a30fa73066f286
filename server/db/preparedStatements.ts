/**
 * Named prepared statements (issue 7, 'plan once'), for the `pg` path and the embedded PGlite (pgliteStatements.ts):
 * a read statement seen again is parsed and planned once per connection instead of on every request. The name is a
 * hash of the text, so one text always has one name; at most `capacity` texts get a name (each connection of the pool
 * keeps every statement it prepared), later ones run unnamed as before. Writes and DDL always run unnamed. A
 * statement whose result columns changed under it (`select *` after another instance migrated) runs again
 * unnamed, and unnamed from then on.
 */
import { createHash } from 'node:crypto';

const READ_STATEMENT = /^\s*(select|with)\b/i;

/** PostgreSQL's refusal to run a prepared statement whose result columns changed (a migration of another instance). */
export function isStalePreparedStatement(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}

export class StatementNames {
  /** Text → name; null: run unnamed from now on (its prepared form went stale). */
  private readonly names = new Map<string, string | null>();

  constructor(private readonly capacity = 2000) {}

  /** The statement's name, or undefined when it should run unnamed. */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) return known ?? undefined;
    if (!READ_STATEMENT.test(text) || this.names.size >= this.capacity) return undefined;
    const name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    this.names.set(text, name);
    return name;
  }

  /**
   * Runs `text` under its name when it has one (`run` gets it); when its prepared form went stale, runs it again
   * unnamed, and unnamed from then on.
   */
  async run<T>(text: string, run: (name: string | undefined) => Promise<T>): Promise<T> {
    const name = this.nameOf(text);
    try {
      return await run(name);
    } catch (error) {
      if (!name || !isStalePreparedStatement(error)) throw error;
      this.forget(text);
      return run(undefined);
    }
  }

  /** After a stale prepared statement: the text runs unnamed from now on (connections may still hold the old plan). */
  forget(text: string): void {
    this.names.set(text, null);
  }
}
