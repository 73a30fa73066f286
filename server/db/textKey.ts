/**
 * How the database compares and orders Spanish names: `spanish_key(text)` (migration 0002_text_keys)
 * drops case and accents and keeps ñ after n. Unique indexes use the key; lists order by it byte by
 * byte (COLLATE "C"), so PGlite and PostgreSQL in any locale give the same order and the same indexes serve it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';

/** The comparison key of a name: 'Bogotá', 'BOGOTA' and 'bogota' share it. */
export const spanishKey = (value: AnyColumn | SQL | string): SQL => sql`spanish_key(${value})`;

/** The ordering expression of a name column, as the name indexes hold it. */
export const spanishOrder = (column: AnyColumn | SQL): SQL => sql`spanish_key(${column}) collate "C"`;

/** The ordering expression of a column that already holds a Spanish key (a stored key such as sites.name_key). */
export const keyOrder = (column: AnyColumn): SQL => sql`${column} collate "C"`;

/** `spanishOrder` for hand-written SQL: `column` is an SQL column reference such as `s.name`. */
export const spanishOrderSql = (column: string): string => `spanish_key(${column}) collate "C"`;

/**
 * The operand of a trigram GIN index serving the lists' accent- and case-insensitive search
 * (`spanish_key(column) like '%' || spanish_key($1) || '%'`, server/lists/listQuery.ts).
 */
export const spanishSearchIndex = (column: AnyColumn): SQL => sql`spanish_key(${column}) gin_trgm_ops`;
