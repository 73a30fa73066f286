/**
 * The loads of the site list and the bulk site update (spec 01 §2, §5, §9; spec 03 'actualizar-sitios'): their
 * limits, the years and months offered, and the wire shapes. Pure: imported by the browser and by the server.
 */

/** Gov-index years 2018 to the current one; e-mail load years 2000 to the current one (spec 01 §9). */
export const GOV_INDEX_FIRST_YEAR = 2018;
export const EMAIL_FIRST_YEAR = 2000;
/** Bulk order/registry file (spec 01 §9): xlsx, at most 5242880 bytes, registry (SIGEP) code ≤ 10 characters. */
export const SITE_UPDATE_MAX_BYTES = 5_242_880;
export const REGISTRY_CODE_MAX = 10;
/** Orders of an entity: 0 departmental, 1 municipal. */
export const ORDER_TYPES = [0, 1] as const;

/** Element types of the files service the loads accept (server/loads/files.ts). */
export const LOAD_ELEMENT_TYPE = 'bulkExcel';
export const SITE_UPDATE_ELEMENT_TYPE = 'siteUpdateExcel';

/** Job kinds of the three loads (GET /jobs/{id}). */
export const LOAD_JOB_KINDS = { population: 'population.load', emails: 'emails.load', govIndex: 'govindex.load' } as const;

/** Example files served beside the admin (spec 03 §2): /content/files/<name>. */
export const EXAMPLE_FILES = {
  emails: '/content/files/ejemplo-correos.xlsx',
  govIndex: '/content/files/ejemplo-gobierno-digital.xlsx',
  population: '/content/files/ejemplo-poblacion.xlsx',
  portals: '/content/files/ejemplo-entidades.csv',
} as const;

/** Upload element type of the bulk portal file (txt or csv, `POST /uploadfiles/elementType=portalFile`). */
export const PORTAL_FILE_ELEMENT = 'portalFile';

/** The bulk portal file's check panel (`POST /sitesfile/`, spec 01 §2): new portals, errors by line (the first ones). */
export interface BulkCheck {
  fileID: string;
  newPortals: number;
  errorCount: number;
  errors: Array<{ line: number; description: string }>;
  /** 'Guardar entidades' is offered (bulkFileCanSave). */
  canSave: boolean;
}

/** 'Guardar entidades' only with zero errors and at least one new portal (spec 01 §2). */
export const bulkFileCanSave = (newPortals: number, errorCount: number): boolean => errorCount === 0 && newPortals > 0;

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => to - index);

/** Years offered for the e-mail load, newest first. */
export const emailYears = (now = new Date()) => range(EMAIL_FIRST_YEAR, now.getFullYear());
/** Years offered for the gov-index load, newest first. */
export const govIndexYears = (now = new Date()) => range(GOV_INDEX_FIRST_YEAR, now.getFullYear());
/** Months offered for a year: all twelve, up to the current month in the current year (spec 01 §9). */
export function emailMonths(year: number, now = new Date()): number[] {
  const last = year === now.getFullYear() ? now.getMonth() + 1 : 12;
  return Array.from({ length: last }, (_, index) => index + 1);
}

/** The refusal of a period, as an i18n key with values, or null when it is allowed. */
export function emailPeriodError(year: unknown, month: unknown, now = new Date()): { target: 'year' | 'month'; key: string; values?: Record<string, number> } | null {
  const current = now.getFullYear();
  if (year === undefined || year === null || year === '') return { target: 'year', key: 'loads.errors.year_required' };
  if (!Number.isInteger(year) || (year as number) < EMAIL_FIRST_YEAR || (year as number) > current)
    return { target: 'year', key: 'loads.errors.year_range', values: { min: EMAIL_FIRST_YEAR, max: current } };
  if (month === undefined || month === null || month === '') return { target: 'month', key: 'loads.errors.month_required' };
  const last = emailMonths(year as number, now).length;
  if (!Number.isInteger(month) || (month as number) < 1 || (month as number) > last)
    return { target: 'month', key: 'loads.errors.month_range', values: { max: last } };
  return null;
}

export function govIndexYearError(year: unknown, now = new Date()): { target: 'year'; key: string; values?: Record<string, number> } | null {
  const current = now.getFullYear();
  if (year === undefined || year === null || year === '') return { target: 'year', key: 'loads.errors.year_required' };
  if (!Number.isInteger(year) || (year as number) < GOV_INDEX_FIRST_YEAR || (year as number) > current)
    return { target: 'year', key: 'loads.errors.year_range', values: { min: GOV_INDEX_FIRST_YEAR, max: current } };
  return null;
}

/** POST /locations/, /emails/, /govindex/ answer: the load's job, to follow with JobProgress. */
export interface LoadStarted {
  jobId: number;
}

/**
 * POST /locations/preview, /emails/preview, /govindex/preview: what the load would do, before it is started. `portals`
 * counts the portals it would change (0 while the file has bad lines, which the load would refuse).
 */
export interface LoadPreview {
  /** Rows read (the header excluded). */
  rows: number;
  portals: number;
  errorCount: number;
  /** The first bad lines, by line. */
  errors: Array<{ line: number; message: string }>;
}

/** A row of GET /govindex/{year}. */
export interface GovIndexRecord {
  siteId: number;
  siteName: string;
  year: number;
  index1: number;
  index2: number;
  index3: number;
  index4: number;
}

/** PUT /exportsitetoupload/{id} answer. */
export interface SiteUpdateResult {
  updated: number;
}
