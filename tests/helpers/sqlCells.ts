/**
 * The cells a database function writes for each text, in their order (tests/api/csv-sql.test.ts, xlsx-sql.test.ts):
 * `cell` is the SQL of one cell over `x.value`, each text of `texts` one row of `unnest … with ordinality`.
 */
import type { Database } from '../../server/db/connection';

export async function sqlCells(database: Database, cell: string, texts: readonly (string | null)[]): Promise<string[]> {
  const rows = await database.query<{ cell: string }>(
    `select ${cell} as cell from unnest($1::text[]) with ordinality as x(value, position) order by x.position`,
    [texts],
  );
  return rows.map((row) => row.cell);
}
