/**
 * The bench's mixed workload (issue 23): for each list endpoint, a different request each time — page 1–50, an order the
 * screen offers in either direction, the site list's status tab, a filter the screen offers with a value from the data,
 * and in half of them a search prefix taken from the real names — drawn from a seeded generator, so a run is replayed
 * with BENCH_SEED. The audit list asks what its screen offers (src/audit): newest (or oldest) first, by user, resource or
 * both, and in half of them a date range instead of a search; its API's other orders are refused (resources/audit.ts).
 * `mixedData` reads the values from the database in a fixed order (md5 of the row), so the same data and seed give
 * the same requests.
 */
import type { Database } from '../server/db/connection';
import { USER_TYPE } from '../server/db/schema';

export const MIXED_LISTS = {
  sites: '/api/v1/sites/',
  usermain: '/api/v1/usermain/',
  siteusers: '/api/v1/siteusers/',
  audit: '/api/v1/audit/',
  groups: '/api/v1/sites/groups/',
} as const;
export type MixedList = keyof typeof MIXED_LISTS;

/** Real values the requests are drawn from. */
export interface MixedData {
  /** Words of site, administrator, site-user and group names: a search is a 3–5 letter prefix of one. */
  words: Record<'sites' | 'usermain' | 'siteusers' | 'groups', string[]>;
  siteTypes: number[];
  places: Array<{ department: number; municipality: number }>;
  groups: number[];
  audit: { resources: string[]; actions: string[]; actors: number[]; emails: string[] };
}

/** The orders each screen offers (its sortable columns); each is asked ascending or descending. */
const ORDERS: Record<MixedList, readonly string[]> = {
  sites: ['name', 'population', 'countUsers', 'countEmails', 'countContents', 'countComments', 'modifiedDate', 'siteType', 'parentLocation', 'childLocation', 'statusId', 'score'],
  usermain: ['createdDate', 'name', 'email', 'adminType', 'isGuest', 'lastLogin'],
  siteusers: ['createdDate', 'name', 'email', 'loa', 'lastLogin'],
  audit: ['at'],
  groups: ['name', 'groupID'],
};

/** The site list's status tabs: all, active, inactive, awaiting approval. */
const SITE_TABS = [null, 'status=1', 'status=2', 'pendingRequest=true'] as const;

/** A fresh 32-bit seed (the run prints it; BENCH_SEED replays it). */
export const newSeed = (): number => Math.floor(Math.random() * 2 ** 32);

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** One filter the list's screen offers, with a value from the data (null: none). */
function filterOf(list: MixedList, data: MixedData, pick: <T>(items: readonly T[]) => T | undefined): string | null {
  if (list === 'groups') return null;
  if (list === 'audit') {
    const choice = pick(['resource', 'userId', 'both', null] as const);
    const resource = param('resource', pick(data.audit.resources));
    const user = param('userId', pick(data.audit.actors));
    if (choice === 'both') return [user, resource].filter(Boolean).join('&') || null;
    return choice === 'resource' ? resource : choice === 'userId' ? user : null;
  }
  const place = pick(data.places);
  const choice = pick(['siteTypeId', 'department', 'municipality', 'groupID', null] as const);
  if (choice === 'siteTypeId') return param('siteTypeId', pick(data.siteTypes));
  if (choice === 'department') return param('parentLocationId', place?.department);
  if (choice === 'municipality') return place ? `parentLocationId=${place.department}&locationId=${place.municipality}` : null;
  if (choice === 'groupID') return param('groupID', pick(data.groups));
  return null;
}

const param = (name: string, value: string | number | undefined): string | null =>
  value === undefined ? null : `${name}=${encodeURIComponent(String(value))}`;

/** The audit screen's days: from one of these, to the end of a month or of the year after it (or open). */
const AUDIT_DAYS = ['2024-01-01', '2025-01-01', '2025-06-01', '2026-01-01'];

/** The search of half the requests: a 3–5 letter prefix of a real word (the audit: a range of days). */
function searchOf(list: MixedList, data: MixedData, random: () => number, pick: <T>(items: readonly T[]) => T | undefined): string | null {
  if (list === 'audit') {
    const from = pick(AUDIT_DAYS)!;
    const to = pick([null, 1, 12] as const);
    if (!to) return param('from', from);
    const end = new Date(`${from}T00:00:00Z`);
    end.setUTCMonth(end.getUTCMonth() + to);
    return `${param('from', from)}&${param('to', end.toISOString().slice(0, 10))}`;
  }
  const word = pick(data.words[list]);
  if (!word) return null;
  const prefix = word.slice(0, 3 + Math.floor(random() * 3));
  return param(list === 'sites' ? 'name' : 'search', prefix);
}

/** Draws for a request not drawn before; after that many, a repeat is kept (a small data set has few combinations). */
const DRAWS = 20;

/** `count` requests (paths with their query) on `list`, each different from the others, the same for the same data and seed. */
export function mixedRequests(data: MixedData, list: MixedList, seed: number, count: number): string[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T | undefined => (items.length === 0 ? undefined : items[Math.floor(random() * items.length)]);
  const draw = () => {
    const order = `${random() < 0.5 ? '-' : ''}${pick(ORDERS[list])}`;
    const parts = [`page=${1 + Math.floor(random() * 50)}`, `orderBy=${order}`];
    if (list === 'sites') parts.push(pick(SITE_TABS) ?? '');
    parts.push(filterOf(list, data, pick) ?? '');
    if (random() < 0.5) parts.push(searchOf(list, data, random, pick) ?? '');
    return `${MIXED_LISTS[list]}?${parts.filter(Boolean).join('&')}`;
  };
  const drawn = new Set<string>();
  const requests: string[] = [];
  for (let index = 0; index < count; index += 1) {
    let request = draw();
    for (let attempt = 1; attempt < DRAWS && drawn.has(request); attempt += 1) request = draw();
    drawn.add(request);
    requests.push(request);
  }
  return requests;
}

/** Words (letters only, ≥ 3) of the first 300 names in md5 order: a fixed sample spread over the table. */
async function nameWords(database: Database, sql: string): Promise<string[]> {
  const rows = await database.query<{ name: string }>(sql);
  const words = rows.flatMap((row) => row.name.toLowerCase().split(/[^\p{L}]+/u)).filter((word) => word.length >= 3);
  return [...new Set(words)];
}

/** The values the requests draw from, read once per run (about a second on the 10× data set). */
export async function mixedData(database: Database): Promise<MixedData> {
  const people = (type: number) => nameWords(database, `select name from users where user_type_id = ${type} order by md5(id::text) limit 300`);
  const [sites, usermain, siteusers, groupWords] = await Promise.all([
    nameWords(database, 'select name from sites order by md5(id::text) limit 300'),
    people(USER_TYPE.siteAdministrator),
    people(USER_TYPE.siteUser),
    nameWords(database, 'select name from groups order by md5(group_id::text) limit 300'),
  ]);
  const siteTypes = await database.query<{ id: number }>('select distinct site_type_id as id from sites where site_type_id is not null order by 1');
  const places = await database.query<{ department: number; municipality: number }>(
    `select distinct parent_location_id as department, location_id as municipality from sites
      where parent_location_id is not null and location_id is not null order by 1, 2`,
  );
  const groups = await database.query<{ id: number }>('select group_id as id from groups order by md5(group_id::text) limit 200');
  const resources = await database.query<{ value: string }>('select distinct resource as value from audit_log where resource is not null order by 1');
  const actions = await database.query<{ value: string }>('select distinct action as value from audit_log order by 1');
  const actors = await database.query<{ id: number; email: string }>(
    'select distinct on (user_id) user_id as id, user_email as email from audit_log where user_id is not null and user_email is not null order by user_id limit 50',
  );
  return {
    words: { sites, usermain, siteusers, groups: groupWords },
    siteTypes: siteTypes.map((row) => row.id),
    places,
    groups: groups.map((row) => row.id),
    audit: {
      resources: resources.map((row) => row.value),
      actions: actions.map((row) => row.value),
      actors: actors.map((row) => row.id),
      emails: actors.map((row) => row.email),
    },
  };
}
