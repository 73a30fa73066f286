/**
 * The rows of a raw SQL statement, on either driver: node-postgres answers `{ rows }`, PGlite through drizzle an array.
 * The one copy of this for services and routes that run hand-written SQL (`db.execute(sql\`…\`)`).
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from './connection';

export async function queryRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = await db.execute(statement);
  return ((Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows) ?? []) as T[];
}
