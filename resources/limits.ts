/**
 * The numbers the API accepts where the database would refuse them: every id and integer column
 * is a PostgreSQL `integer` (int4), and a page deeper than MAX_PAGE is refused before its offset
 * is computed (docs/decisions/0002-api-conventions.md). Shared by the yup schemas and the server's parsers.
 */
import * as yup from 'yup';

export const INTEGER_MIN = -2_147_483_648;
export const INTEGER_MAX = 2_147_483_647;
export const MAX_PAGE = 1_000_000;

/**
 * An integer the database can store, from a number or its decimal text (optional sign, digits
 * only: no `1e3`, `0x10`, blanks or fractions); `undefined` for anything else.
 */
export function databaseInteger(raw: unknown): number | undefined {
  const number = typeof raw === 'number' ? raw : typeof raw === 'string' && /^[-+]?\d{1,10}$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isInteger(number) && number >= INTEGER_MIN && number <= INTEGER_MAX ? number : undefined;
}

/** A record id in a body: a positive database integer; anything else (text, 1.5, 1e12, an array) gets `message`. */
export const recordIdRule = (message: string) =>
  yup.number().typeError(message).integer(message).min(1, message).max(INTEGER_MAX, message);

/** A record id in a path or filter: a positive database integer, else `undefined`. */
export function recordId(raw: unknown): number | undefined {
  const id = databaseInteger(raw);
  return id !== undefined && id > 0 ? id : undefined;
}

/** Rate caps per client address of the public wizard routes (docs/decisions/0015-site-requests-and-installation.md). */
export const NEW_SITE_RATE_LIMITS = {
  read: { max: 120, timeWindow: '1 minute' },
  upload: { max: 30, timeWindow: '10 minutes' },
  submit: { max: 5, timeWindow: '10 minutes' },
} as const;
