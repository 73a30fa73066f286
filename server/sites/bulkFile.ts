/**
 * Checking and saving the bulk portal file (spec 01 §2 'Cargar más entidades', §4 'Bulk site file', §7 `POST /sitesfile/`).
 * The file is uploaded first through the one upload path (`POST /uploadfiles/elementType=portalFile`: type by content,
 * size cap); its `fileID` is the token of both steps, since a stored file never changes under its id. The check reads
 * it as a stream (papaparse) and answers the panel; the save checks it again inside its transaction (the database may
 * have changed since) and inserts every portal or none. The unique alias index is the final guard against a race.
 */
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Readable } from 'node:stream';
import { COUNTRY_ROOT_LOCATION_ID } from '../../resources/locations';
import type { Db } from '../db/connection';
import { siteDomains, sites } from '../db/schema';
import { domainKey, domainKeys } from '../../resources/siteRules';
import { badArgument } from '../http/errors';
import { t } from '../i18n';
import { postgresConstraint, postgresErrorCode, UNIQUE_VIOLATION } from '../resources/dbErrors';
import {
  BULK_FILE_COLUMNS,
  checkLine,
  createDuplicateTracker,
  headerMatches,
  isBlankLine,
  MAX_LISTED_ERRORS,
  normalUrl,
  type BulkLineError,
  type BulkLookups,
  type BulkSite,
} from './bulkFileRules';
import { queryRows as rowsOf } from '../db/rows';
import { bulkFileCanSave, PORTAL_FILE_ELEMENT, type BulkCheck } from '../../resources/loads';

export type { BulkCheck };


/** Every line of the file as cells, read as a stream; the separator (`;` or `,`) is detected. */
export function readLines(stream: Readable): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const lines: string[][] = [];
    const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimitersToGuess: [';', ',', '\t', '|'], skipEmptyLines: false });
    parser.on('data', (row: string[]) => lines.push(row));
    parser.on('end', () => resolve(lines));
    parser.on('error', reject);
    stream.on('error', reject);
    stream.pipe(parser);
  });
}

/** The stored portal file's storage key, or a 400 when the id names no portal file. */
export async function portalFileKey(db: Db, fileID: unknown): Promise<{ id: string; key: string }> {
  const refuse = () => badArgument('fileID', 'bulkFile.refusals.not_a_portal_file');
  if (typeof fileID !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(fileID)) throw refuse();
  const [row] = await rowsOf<{ key: string; element: string }>(db, sql`select storage_key as key, element_type as element from files where id = ${fileID}`);
  if (!row || row.element.toLowerCase() !== PORTAL_FILE_ELEMENT.toLowerCase()) throw refuse();
  return { id: fileID, key: row.key };
}

async function lookupsFor(db: Db, lines: readonly string[][]): Promise<BulkLookups> {
  const types = await rowsOf<{ id: number }>(db, sql`select id from site_types`);
  const places = await rowsOf<{ id: number; parent: number | null; municipality: boolean }>(
    db,
    sql`select id, parent_location_id as parent, is_municipality as municipality from locations`,
  );
  const aliases = [...new Set(lines.map((cells) => (cells[1] ?? '').trim().toLowerCase()).filter(Boolean))];
  const urls = [...new Set(lines.map((cells) => normalUrl(cells[5] ?? '')).filter(Boolean))];
  const takenAliases = aliases.length
    ? await rowsOf<{ v: string }>(db, sql`select lower(alias) as v from sites where lower(alias) in (select json_array_elements_text(${JSON.stringify(aliases)}::json))`)
    : [];
  // A URL is taken by a site's url or any of its allowed URLs (spec 01 §5 'El Dominio (URL) ya se encuentra en uso').
  const takenUrls = urls.length
    ? await rowsOf<{ v: string }>(
        db,
        sql`select u.v from (select rtrim(lower(trim(x)), '/') as v from sites s, unnest(string_to_array(coalesce(s.url, '') || ',' || coalesce(s.allowed_url, ''), ',')) x where not s.is_deleted) u
            where u.v in (select json_array_elements_text(${JSON.stringify(urls)}::json))`,
      )
    : [];
  const domains = [...new Set(lines.map((cells) => domainKey((cells[5] ?? '').trim())).filter((key): key is string => key !== null))];
  const takenDomains = domains.length
    ? await rowsOf<{ v: string }>(db, sql`select domain as v from site_domains where domain in (select json_array_elements_text(${JSON.stringify(domains)}::json))`)
    : [];
  return {
    takenDomains: new Set(takenDomains.map((row) => row.v)),
    siteTypes: new Set(types.map((row) => Number(row.id))),
    departments: new Set(places.filter((row) => !row.municipality && Number(row.parent) === COUNTRY_ROOT_LOCATION_ID).map((row) => Number(row.id))),
    municipalities: new Map(places.filter((row) => row.municipality).map((row) => [Number(row.id), Number(row.parent)])),
    takenAliases: new Set(takenAliases.map((row) => row.v)),
    takenUrls: new Set(takenUrls.map((row) => row.v)),
  };
}

/** Checks every line: the sites to insert and the errors by line (header, fields, duplicates in the file and in the database). */
export async function checkPortalFile(db: Db, lines: string[][]): Promise<{ sites: BulkSite[]; errors: BulkLineError[] }> {
  const [header, ...data] = lines;
  if (!header || !headerMatches(header)) {
    return { sites: [], errors: [{ line: 1, key: 'header', values: { columns: BULK_FILE_COLUMNS.join(';') } }] };
  }
  const lookups = await lookupsFor(db, data);
  const duplicates = createDuplicateTracker();
  const found: BulkSite[] = [];
  const errors: BulkLineError[] = [];
  data.forEach((cells, index) => {
    if (isBlankLine(cells)) return;
    const line = index + 2;
    const checked = checkLine(line, cells, lookups);
    errors.push(...checked.errors);
    if (!checked.site) return;
    const repeated = duplicates(checked.site);
    if (repeated.length > 0) errors.push(...repeated);
    else found.push(checked.site);
  });
  return { sites: found, errors };
}

export function checkPanel(fileID: string, result: { sites: BulkSite[]; errors: BulkLineError[] }): BulkCheck {
  const errorCount = result.errors.length;
  return {
    fileID,
    newPortals: result.sites.length,
    errorCount,
    errors: result.errors.slice(0, MAX_LISTED_ERRORS).map((error) => ({ line: error.line, description: t(`bulkFile.errors.${error.key}`, error.values) })),
    canSave: bulkFileCanSave(result.sites.length, errorCount),
  };
}

const INSERT_BATCH = 500;

/** Inserts the checked sites (not installed, inactive) in the caller's transaction; a taken alias (race) is a 409. */
export async function insertPortals(tx: Db, found: readonly BulkSite[]): Promise<number> {
  try {
    for (let start = 0; start < found.length; start += INSERT_BATCH) {
      const inserted = await tx.insert(sites).values(
        found.slice(start, start + INSERT_BATCH).map((site) => ({
          name: site.name,
          alias: site.alias,
          parentLocationId: site.parentLocationId,
          locationId: site.locationId,
          siteTypeId: site.siteTypeId,
          orderType: site.orderType,
          url: site.url,
          allowedUrl: site.url,
          address: site.address,
          siteLatitude: site.latitude,
          siteLongitude: site.longitude,
        })),
      ).returning({ id: sites.id, url: sites.url });
      // Each portal's domain reserved as the sites service does (`site_domains`: the form's uniqueness rule).
      const domains = inserted.flatMap((row) => domainKeys(row.url).map((domain) => ({ domain, siteId: row.id })));
      if (domains.length > 0) await tx.insert(siteDomains).values(domains);
    }
  } catch (error) {
    if (postgresErrorCode(error) === UNIQUE_VIOLATION && postgresConstraint(error) === 'site_domains_pkey') {
      throw badArgument('url', 'bulkFile.refusals.domain_taken', 'BadArgument', 409);
    }
    if (postgresErrorCode(error) === UNIQUE_VIOLATION) throw badArgument('alias', 'bulkFile.refusals.alias_taken', 'BadArgument', 409);
    throw error;
  }
  return found.length;
}

export const saveRefusal = (key: 'has_errors' | 'nothing_new') => badArgument('file', `bulkFile.refusals.${key}`);
