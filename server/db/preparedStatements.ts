/**
 * Named prepared statements for the `pg` path (issue 7, 'plan once'): a read statement seen again is
 * parsed and planned once per connection instead of on every request. The name is a hash of the text,
 * so one text always has one name; at most `capacity` texts get a name (each connection of the pool keeps
 * every statement it prepared), later ones run unnamed as before. Writes and DDL always run unnamed.
 */
import { createHash } from 'node:crypto';

const READ_STATEMENT = /^\s*(select|with)\b/i;

export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly capacity = 2000) {}

  /** The statement's name, or undefined when it should run unnamed. */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known) return known;
    if (!READ_STATEMENT.test(text) || this.names.size >= this.capacity) return undefined;
    const name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    this.names.set(text, name);
    return name;
  }
}
