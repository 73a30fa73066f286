/**
 * Resolves an audience (resources/audience.ts) to the portals it reaches, in SQL: the active portals (installed,
 * status 1, not deleted — content, mail and deactivation reach only live portals) of the chosen entity types,
 * in the chosen departments (every portal of the department) or municipalities (the portals seated there), or in
 * the chosen groups (entity types ignored). Each condition is served by an index: sites(site_type_id),
 * sites(parent_location_id …), sites(location_id …), group_sites' key (group_id, site_id) and, for administrators,
 * users(user_type_id, site_id).
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  ALL_LOCATIONS,
  AUDIENCE_SEGMENT,
  audienceSchema,
  normaliseAudience,
  type Audience,
  type AudienceReach,
} from '../../resources/audience';
import type { Database } from '../db/connection';
import { USER_TYPE } from '../db/schema';
import { SITE_STATUS } from '../sites/status';

/** A list of validated integer ids as one PostgreSQL array parameter (both PGlite and pg take the text form). */
const intArray = (values: readonly number[]) => sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`;

/** The `where` conditions over `sites s` for an audience (normalised first). */
function audienceConditions(audience: Audience): SQL[] {
  const a = normaliseAudience(audience);
  const conditions: SQL[] = [sql`s.installed`, sql.raw(`s.status_id = ${SITE_STATUS.active}`), sql`not s.is_deleted`];
  if (a.segment === AUDIENCE_SEGMENT.groups) {
    conditions.push(sql`s.id in (select gs.site_id from group_sites gs where gs.group_id = any(${intArray(a.groups)}))`);
    return conditions;
  }
  conditions.push(sql`s.site_type_id = any(${intArray(a.siteTypes)})`);
  if (a.segment === AUDIENCE_SEGMENT.locations && !a.departments.includes(ALL_LOCATIONS)) {
    const alternatives: SQL[] = [];
    if (a.departments.length > 0) alternatives.push(sql`s.parent_location_id = any(${intArray(a.departments)})`);
    if (a.municipalities.includes(ALL_LOCATIONS)) alternatives.push(sql`s.location_id is not null`);
    else if (a.municipalities.length > 0) alternatives.push(sql`s.location_id = any(${intArray(a.municipalities)})`);
    // Segment 1 without any location reaches no one (the schema refuses it; a caller that skipped it gets nothing).
    conditions.push(alternatives.length > 0 ? sql`(${sql.join(alternatives, sql` or `)})` : sql`false`);
  }
  return conditions;
}

/** `select s.id from sites s where …` for an audience, as a Drizzle fragment: embed it in any query (ids renumber). */
export function audienceSitesQuery(audience: Audience): SQL {
  return sql`select s.id from sites s where ${sql.join(audienceConditions(audience), sql` and `)}`;
}

const dialect = new PgDialect();

/** The same query as text with `$1…` parameters, for `database.query` (put it first, or in a CTE, when composing). */
/** A SQL text with its $n parameters. */
export interface SqlFragment {
  text: string;
  params: unknown[];
}

export function audienceSitesSql(audience: Audience): SqlFragment {
  const { sql: text, params } = dialect.sqlToQuery(audienceSitesQuery(audience));
  return { text, params };
}

/** The ids of the portals an audience reaches, ascending. */
export async function resolveAudience(database: Database, audience: Audience): Promise<number[]> {
  const { text, params } = audienceSitesSql(audience);
  const rows = await database.query<{ id: number }>(`${text} order by s.id`, params);
  return rows.map((row) => row.id);
}

/** How many portals an audience reaches, and how many active site administrators they have. */
export async function audienceReach(database: Database, audience: Audience): Promise<AudienceReach> {
  const { text, params } = audienceSitesSql(audience);
  const [row] = await database.query<AudienceReach>(
    `with audience_sites as (${text})
     select (select count(*)::int from audience_sites) as portals,
       (select count(*)::int from users u
         where u.user_type_id = ${USER_TYPE.siteAdministrator} and not u.deleted
           and u.site_id in (select id from audience_sites)) as administrators`,
    params,
  );
  return { portals: row?.portals ?? 0, administrators: row?.administrators ?? 0 };
}

/** Reads an audience from a request body: the spec's segment rules, or the Spanish 400 envelope (yup ValidationError). */
export function parseAudience(body: unknown): Audience {
  const value = audienceSchema.validateSync(body ?? {}, { abortEarly: false, stripUnknown: false }) as Partial<Audience> & { segment: Audience['segment'] };
  return normaliseAudience({
    segment: value.segment,
    departments: value.departments ?? [],
    municipalities: value.municipalities ?? [],
    groups: value.groups ?? [],
    siteTypes: value.siteTypes ?? [],
  });
}

/**
 * The same rule as `audienceSitesQuery`, turned around for one portal: whether the stored audience `audience` (a jsonb
 * expression in its normal form) reaches the site row aliased `s`. The delivery API reads it over the few rows that
 * apply now for the one calling portal, instead of resolving each row's audience to its thousands of portals;
 * tests/api/contents.test.ts checks that both say the same for portals in and out of each segment.
 */
export function audienceReachesSiteSql(audience: string): string {
  const a = `(${audience})`;
  return `(s.installed and s.status_id = ${SITE_STATUS.active} and not s.is_deleted and case when (${a}->>'segment')::int = ${AUDIENCE_SEGMENT.groups}
    then exists (select 1 from group_sites gs where gs.site_id = s.id and ${a}->'groups' @> to_jsonb(gs.group_id))
    else ${a}->'siteTypes' @> to_jsonb(s.site_type_id) and (
      (${a}->>'segment')::int = ${AUDIENCE_SEGMENT.country}
      or ${a}->'departments' @> '${ALL_LOCATIONS}'::jsonb
      or (s.parent_location_id is not null and ${a}->'departments' @> to_jsonb(s.parent_location_id))
      or (s.location_id is not null and ${a}->'municipalities' @> '${ALL_LOCATIONS}'::jsonb)
      or (s.location_id is not null and ${a}->'municipalities' @> to_jsonb(s.location_id)))
    end)`;
}
