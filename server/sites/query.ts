/**
 * Reads list query parameters (all strings on the wire) into typed values, collecting one
 * error per refused parameter; `failIfInvalid` turns them into the Spanish 400 envelope.
 */
import { databaseInteger, MAX_PAGE } from '../../resources/limits';
import { spanishOrderSql } from '../db/textKey';
import { ApiError } from '../http/errors';
import { tSites } from './messages';

export interface ParamError {
  target: string;
  messageKey: string;
  values?: Record<string, unknown>;
}

type Query = Record<string, unknown>;

function raw(query: Query, name: string): string | undefined | null {
  const value = query[name];
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return null; // repeated parameter: refused
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

export class QueryReader {
  readonly errors: ParamError[] = [];

  constructor(private readonly query: Query) {}

  /** An integer within [min, max]; `fallback` when absent. */
  int(name: string, options: { min?: number; max?: number; messageKey: string }): number | undefined;
  int(name: string, options: { min?: number; max?: number; messageKey: string; fallback: number }): number;
  int(name: string, options: { min?: number; max?: number; messageKey: string; fallback?: number }): number | undefined {
    const text = raw(this.query, name);
    if (text === undefined) return options.fallback;
    const value = text === null ? undefined : databaseInteger(text);
    if (value === undefined || (options.min !== undefined && value < options.min) || (options.max !== undefined && value > options.max)) {
      this.errors.push({ target: name, messageKey: options.messageKey, values: { min: options.min, max: options.max } });
      return options.fallback;
    }
    return value;
  }

  bool(name: string): boolean | undefined {
    const text = raw(this.query, name);
    if (text === undefined) return undefined;
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
    this.errors.push({ target: name, messageKey: 'sites.server.query.boolean' });
    return undefined;
  }

  text(name: string, maxLength: number): string | undefined {
    const text = raw(this.query, name);
    if (text === undefined) return undefined;
    if (text === null || text.length > maxLength) {
      this.errors.push({ target: name, messageKey: 'sites.server.query.text', values: { max: maxLength } });
      return undefined;
    }
    return text;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T, messageKey: string): T {
    const text = raw(this.query, name);
    if (text === undefined) return fallback;
    const match = allowed.find((candidate) => candidate.toLowerCase() === text?.toLowerCase());
    if (!match) {
      this.errors.push({ target: name, messageKey });
      return fallback;
    }
    return match;
  }

  failIfInvalid(): void {
    if (this.errors.length > 0) throw queryError(this.errors);
  }
}

export function queryError(errors: readonly ParamError[]): ApiError {
  const details = errors.map((error) => ({
    code: 'BadArgument',
    target: error.target,
    message: tSites(error.messageKey, error.values),
  }));
  return new ApiError(400, 'BadArgument', details[0]?.message ?? tSites('errors.invalid_request'), details);
}

export interface Paging {
  page: number;
  pageSize: number;
}

/** `page` (1-based) and `pageSize` (1…max). */
export function readPaging(reader: QueryReader, defaults: { pageSize: number; maxPageSize: number }): Paging {
  const page = reader.int('page', { min: 1, max: MAX_PAGE, messageKey: 'sites.server.query.page', fallback: 1 });
  const pageSize = reader.int('pageSize', {
    min: 1,
    max: defaults.maxPageSize,
    messageKey: 'sites.server.query.page_size',
    fallback: defaults.pageSize,
  });
  return { page, pageSize };
}

export function pageMeta(paging: Paging, total: number) {
  return { hasNextPage: paging.page * paging.pageSize < total, total };
}

/** Lower-case, accent-free form of a search text, matching `normalizedSql` on the database side. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const ACCENTED = 'ÁÉÍÓÚÜÑÀÈÌÒÙáéíóúüñàèìòù';
const PLAIN = 'AEIOUUNAEIOUaeiouunaeiou';

/** SQL expression: the column lower-cased without Spanish accents (unaccent is not available in PGlite). */
export function normalizedSql(column: string): string {
  return `lower(translate(${column}, '${ACCENTED}', '${PLAIN}'))`;
}

/**
 * SQL expression to order names by, in Spanish order: the key the name indexes hold (server/db/textKey.ts),
 * compared byte by byte so that PGlite and PostgreSQL give the same order ('Ábrego' among the A's).
 */
export function sortKeySql(column: string): string {
  return spanishOrderSql(column);
}

const ACCENT_CLASSES: Record<string, string> = {
  a: '[aáàAÁÀ]',
  e: '[eéèEÉÈ]',
  i: '[iíìIÍÌ]',
  o: '[oóòOÓÒ]',
  u: '[uúùüUÚÙÜ]',
  n: '[nñNÑ]',
};

/**
 * A case-insensitive regular expression (for `~*`) matching the text anywhere, with each vowel and
 * n matching its accented forms. Much cheaper than `translate()` per row on PGlite; other
 * characters are escaped, so the user's text is never a pattern.
 */
export function accentInsensitiveRegex(text: string): string {
  return [...normalizeSearch(text)]
    .map((char) => ACCENT_CLASSES[char] ?? (/[\p{L}\p{N}]/u.test(char) ? char : `\\${char}`))
    .join('');
}
