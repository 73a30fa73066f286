/**
 * The bulk portal file (spec 01 §2 'Cargar más entidades', §4 'Bulk site file', §5 site form rules): its columns and the
 * pure checks of one line. The file is read as a stream (papaparse) by server/sites/bulkFile.ts; what needs the
 * database (types, locations, aliases and URLs already in use) is looked up once for the whole file.
 *
 * Columns, in this order, with a header line (docs/decisions/0018-loads-and-bulk-site-update.md; example public/content/files/ejemplo-entidades.csv):
 * nombre; alias; tipo_entidad (site type id); departamento (DANE code, e.g. 05); municipio (DANE code, e.g. 05001, empty
 * for a departmental entity); url; direccion; latitud; longitud. Separator `;` or `,` (detected), UTF-8.
 */
import { domainKey } from '../../resources/siteRules';
import { ORDER_TYPE, orderTypeForSiteType } from './orderType';

export const BULK_FILE_COLUMNS = ['nombre', 'alias', 'tipo_entidad', 'departamento', 'municipio', 'url', 'direccion', 'latitud', 'longitud'] as const;

/** The check panel lists at most this many errors (all are counted): a 10,000-line file of errors stays a small answer. */
export const MAX_LISTED_ERRORS = 1000;

export interface BulkLineError {
  line: number;
  /** i18n key under bulkFile.errors and its values. */
  key: string;
  values?: Record<string, string | number>;
}

export interface BulkSite {
  line: number;
  name: string;
  alias: string;
  siteTypeId: number;
  parentLocationId: number;
  locationId: number | null;
  orderType: number;
  url: string;
  address: string;
  latitude: number;
  longitude: number;
}

/** What the database knows, looked up for the file's values (server/sites/bulkFile.ts). */
export interface BulkLookups {
  siteTypes: ReadonlySet<number>;
  /** Department id → true; municipality id → its department id. */
  departments: ReadonlySet<number>;
  municipalities: ReadonlyMap<number, number>;
  takenAliases: ReadonlySet<string>;
  takenUrls: ReadonlySet<string>;
  /** Domains (resources/siteRules.ts `domainKey`) another site holds in `site_domains`: a URL on one is taken too. */
  takenDomains?: ReadonlySet<string>;
}

const ALIAS_PATTERN = /^[A-Za-z0-9_-]+$/;
const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const DANE_PATTERN = /^\d{1,5}$/;

const stripAccents = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
/** A header cell as compared: lower case, no accents, spaces as underscores. */
export const headerKey = (cell: string) => stripAccents(cell.replace(/^\uFEFF/, '').trim().toLowerCase()).replace(/\s+/g, '_');

export function headerMatches(cells: readonly string[]): boolean {
  const keys = cells.map(headerKey);
  while (keys.length > BULK_FILE_COLUMNS.length && keys[keys.length - 1] === '') keys.pop();
  return keys.length === BULK_FILE_COLUMNS.length && keys.every((key, index) => key === BULK_FILE_COLUMNS[index]);
}

/** An empty line (every cell blank) is skipped, not an error. */
export const isBlankLine = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/** The order type of the entity type (spec 01 §4); for the types that let the user choose, the municipality's presence. */
export function orderTypeOf(siteTypeId: number, locationId: number | null): number {
  return orderTypeForSiteType(siteTypeId) ?? (locationId === null ? ORDER_TYPE.departmental : ORDER_TYPE.municipal);
}

const decimal = (text: string): number | null => {
  const normal = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(normal)) return null;
  return Number(normal);
};

export const normalUrl = (url: string) => url.trim().replace(/\/+$/, '').toLowerCase();

/**
 * Checks one data line's cells (the line number as the file counts them, header = 1). Answers the site or the line's
 * errors; duplicates inside the file and against the database are the caller's (they need the other lines).
 */
export function checkLine(line: number, cells: readonly string[], lookups: BulkLookups): { site?: BulkSite; errors: BulkLineError[] } {
  const errors: BulkLineError[] = [];
  const fail = (key: string, values?: BulkLineError['values']) => errors.push({ line, key, ...(values ? { values } : {}) });
  if (cells.length !== BULK_FILE_COLUMNS.length) {
    fail('columns', { expected: BULK_FILE_COLUMNS.length, found: cells.length });
    return { errors };
  }
  const [name, alias, siteType, department, municipality, url, address, latitudeText, longitudeText] = cells.map((cell) => cell.trim()) as [
    string, string, string, string, string, string, string, string, string,
  ];
  if (name.length < 5 || name.length > 200) fail('name');
  if (alias.length < 3 || alias.length > 220 || !ALIAS_PATTERN.test(alias)) fail('alias');
  const siteTypeId = /^\d{1,9}$/.test(siteType) ? Number(siteType) : NaN;
  if (!lookups.siteTypes.has(siteTypeId)) fail('site_type', { value: siteType });
  const departmentId = DANE_PATTERN.test(department) ? Number(department) : NaN;
  if (!lookups.departments.has(departmentId)) fail('department', { value: department });
  let locationId: number | null = null;
  if (municipality !== '') {
    const municipalityId = DANE_PATTERN.test(municipality) ? Number(municipality) : NaN;
    const parent = lookups.municipalities.get(municipalityId);
    if (parent === undefined) fail('municipality', { value: municipality });
    // Against an unknown department, only the department is reported.
    else if (parent !== departmentId && lookups.departments.has(departmentId)) fail('municipality_department', { value: municipality });
    else locationId = municipalityId;
  } else if (orderTypeForSiteType(siteTypeId) === ORDER_TYPE.municipal) {
    fail('municipality_required');
  }
  if (url.length > 200 || !URL_PATTERN.test(url)) fail('url');
  if (address.length < 5 || address.length > 150) fail('address');
  const latitude = decimal(latitudeText);
  if (latitude === null || latitude < -90 || latitude > 90) fail('latitude');
  const longitude = decimal(longitudeText);
  if (longitude === null || longitude < -180 || longitude > 180) fail('longitude');
  if (errors.length === 0) {
    if (lookups.takenAliases.has(alias.toLowerCase())) fail('alias_taken', { value: alias });
    const domain = domainKey(url);
    if (lookups.takenUrls.has(normalUrl(url)) || (domain !== null && lookups.takenDomains?.has(domain))) fail('url_taken', { value: url });
  }
  if (errors.length > 0) return { errors };
  return {
    errors,
    site: { line, name, alias, siteTypeId, parentLocationId: departmentId, locationId, orderType: orderTypeOf(siteTypeId, locationId), url: url.trim(), address, latitude: latitude!, longitude: longitude! },
  };
}

/** Tracks aliases and URLs seen in the file: the second line that repeats one is an error naming the first. */
export function createDuplicateTracker() {
  const aliases = new Map<string, number>();
  const urls = new Map<string, number>();
  return (site: BulkSite): BulkLineError[] => {
    const errors: BulkLineError[] = [];
    const alias = site.alias.toLowerCase();
    // Two URLs on one domain are one portal's (the domain is what `site_domains` keeps unique).
    const url = domainKey(site.url) ?? normalUrl(site.url);
    const aliasLine = aliases.get(alias);
    if (aliasLine !== undefined) errors.push({ line: site.line, key: 'alias_repeated', values: { value: site.alias, first: aliasLine } });
    else aliases.set(alias, site.line);
    const urlLine = urls.get(url);
    if (urlLine !== undefined) errors.push({ line: site.line, key: 'url_repeated', values: { value: site.url, first: urlLine } });
    else urls.set(url, site.line);
    return errors;
  };
}
