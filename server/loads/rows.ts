/**
 * The columns of each load's file and the rules of one row (docs/decisions/0018-loads-and-bulk-site-update.md): pure functions, each
 * answering the row's values or the i18n key of its message (with the line). Checks against the database (a code
 * or an id that does not exist) and repeated keys are done by server/loads/loads.ts over the whole file.
 */
import { EMAIL_PATTERN } from '../../resources/fieldKinds';
import { ORDER_TYPES, REGISTRY_CODE_MAX } from '../../resources/loads';
import type { Cell, SheetRow } from './sheet';

export interface RowError {
  line: number;
  key: string;
  values?: Record<string, string | number>;
}

export type Parsed<T> = { ok: true; line: number; value: T } | { ok: false; error: RowError };

const INT4_MAX = 2_147_483_647;
const fail = <T>(line: number, key: string, values: Record<string, string | number> = {}): Parsed<T> => ({
  ok: false,
  error: { line, key, values: { line, ...values } },
});

/** A whole number from a number cell or digits (a Spanish thousands dot or space is allowed in text). */
export function wholeNumber(cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell : null;
  if (typeof cell !== 'string') return null;
  const text = cell.replace(/[.\s]/g, '');
  return /^\d{1,10}$/.test(text) ? Number(text) : null;
}

/** A decimal number from a number cell or text with a decimal comma or point. */
export function decimalNumber(cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (typeof cell !== 'string') return null;
  const text = cell.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : null;
}

/** A day from a date cell, an Excel serial number or `AAAA-MM-DD` text; null for an empty cell; undefined when invalid. */
export function dayOf(cell: Cell): Date | null | undefined {
  if (cell === null) return null;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : cell;
  if (typeof cell === 'number') {
    // Excel's serial day (1900 system): day 25569 is 1970-01-01.
    if (!Number.isFinite(cell) || cell < 1 || cell > 2_958_465) return undefined;
    return new Date(Math.round((cell - 25569) * 86_400_000));
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(cell.trim());
  if (!match) return undefined;
  const [, y, m, d, hh = '0', mm = '0', ss = '0'] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm), Number(ss)));
  return date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d) ? date : undefined;
}

/** A site id (positive int4). */
function siteIdOf(cell: Cell): number | null {
  const id = wholeNumber(cell);
  return id !== null && id >= 1 && id <= INT4_MAX ? id : null;
}

// ── Population: A código DANE del municipio (5 dígitos, o el número sin el 0 inicial), B población ────────────
export interface PopulationRow {
  locationId: number;
  code: string;
  population: number;
}

export function parsePopulationRow({ line, cells }: SheetRow): Parsed<PopulationRow> {
  const raw = typeof cells[0] === 'number' ? String(cells[0]) : typeof cells[0] === 'string' ? cells[0].trim() : '';
  if (!/^\d{4,5}$/.test(raw)) return fail(line, 'loads.rows.dane_code');
  const code = raw.padStart(5, '0');
  const population = wholeNumber(cells[1] ?? null);
  if (population === null || population < 0 || population > INT4_MAX) return fail(line, 'loads.rows.population');
  return { ok: true, line, value: { locationId: Number(code), code, population } };
}

// ── E-mail accounts: A id de la entidad, B correo, C último ingreso (fecha, opcional) ─────────────────────────
export interface EmailRow {
  siteId: number;
  email: string;
  lastLogin: Date | null;
}

export function parseEmailRow({ line, cells }: SheetRow): Parsed<EmailRow> {
  const siteId = siteIdOf(cells[0] ?? null);
  if (siteId === null) return fail(line, 'loads.rows.site_id');
  const email = typeof cells[1] === 'string' ? cells[1].trim().toLowerCase() : '';
  if (email.length > 200 || !EMAIL_PATTERN.test(email)) return fail(line, 'loads.rows.email');
  const lastLogin = dayOf(cells[2] ?? null);
  if (lastLogin === undefined) return fail(line, 'loads.rows.last_login');
  return { ok: true, line, value: { siteId, email, lastLogin } };
}

// ── Digital-government index: A id de la entidad, B–E los cuatro valores (0 a 100) ───────────────────────────
export interface GovIndexRow {
  siteId: number;
  values: [number, number, number, number];
}

export const GOV_INDEX_COLUMNS = ['index1', 'index2', 'index3', 'index4'] as const;

export function parseGovIndexRow({ line, cells }: SheetRow, columnName: (column: string) => string): Parsed<GovIndexRow> {
  const siteId = siteIdOf(cells[0] ?? null);
  if (siteId === null) return fail(line, 'loads.rows.site_id');
  const values: number[] = [];
  for (const [position, column] of GOV_INDEX_COLUMNS.entries()) {
    const value = decimalNumber(cells[position + 1] ?? null);
    if (value === null || value < 0 || value > 100) return fail(line, 'loads.rows.index', { name: columnName(column) });
    values.push(value);
  }
  return { ok: true, line, value: { siteId, values: values as GovIndexRow['values'] } };
}

// ── Bulk site update (spec 03): A id, B–E nombre, departamento, municipio, tipo (solo lectura), F código SIGEP, G orden ─
export interface SiteUpdateRow {
  siteId: number;
  registryCode: string | null;
  orderType: 0 | 1;
}

export const SITE_UPDATE_COLUMNS = { id: 0, registryCode: 5, order: 6 } as const;

export function parseSiteUpdateRow({ line, cells }: SheetRow): Parsed<SiteUpdateRow> {
  const siteId = siteIdOf(cells[SITE_UPDATE_COLUMNS.id] ?? null);
  if (siteId === null) return fail(line, 'loads.rows.site_id');
  const rawCode = cells[SITE_UPDATE_COLUMNS.registryCode] ?? null;
  const code = rawCode === null ? null : rawCode instanceof Date ? '' : String(rawCode).trim();
  if (code === '' || (code !== null && code.length > REGISTRY_CODE_MAX)) return fail(line, 'loads.rows.registry_code');
  const order = wholeNumber(cells[SITE_UPDATE_COLUMNS.order] ?? null);
  if (order === null || !(ORDER_TYPES as readonly number[]).includes(order)) return fail(line, 'loads.rows.order');
  return { ok: true, line, value: { siteId, registryCode: code, orderType: order as 0 | 1 } };
}

/** Repeated keys: every line after the first with the same key is an error naming the first line. */
export function duplicates<T>(rows: readonly { line: number; value: T }[], keyOf: (value: T) => string, label: (value: T) => string): RowError[] {
  const first = new Map<string, number>();
  const errors: RowError[] = [];
  for (const row of rows) {
    const key = keyOf(row.value);
    const seen = first.get(key);
    if (seen === undefined) first.set(key, row.line);
    else errors.push({ line: row.line, key: 'loads.rows.duplicate', values: { line: row.line, value: label(row.value), first: seen } });
  }
  return errors;
}
