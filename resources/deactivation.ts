/**
 * Bulk deactivation of administrators (spec 01 §2 '/administradores/eliminar', §3 'Delete-by-filter request', §5):
 * its four modes mapped onto the audience model (resources/audience.ts), the rules of §5 as pure functions and the
 * strict reading of the comma-separated wire (`locations, parentLocations, siteTypes, sites, groups`). Shared by the
 * screen (src/users/deactivation) and the server (server/users/deactivation.ts).
 *
 * - 1 Total: the whole country (audience segment 0), limited by entity types;
 * - 2 Segmentada: departments and municipalities (segment 1), limited by entity types;
 * - 3 Una entidad: one chosen portal (not an audience: carried in `site`);
 * - 4 Grupos: groups of portals (segment 2); entity types do not apply.
 */
import {
  AUDIENCE_MAX_ITEMS,
  AUDIENCE_SEGMENT,
  emptyAudience,
  normaliseAudience,
  switchSegment,
  type Audience,
  type AudienceSegment,
  type DeleteFilterWire,
} from './audience';

export type DeactivationMode = 1 | 2 | 3 | 4;

export const DEACTIVATION_MODE = { total: 1, segmented: 2, entity: 3, groups: 4 } as const;
export const DEACTIVATION_MODES: readonly DeactivationMode[] = [1, 2, 3, 4];

/** How long a finished deactivation can be undone (docs/decisions/0017-administrators-site-users-and-deactivation.md). */
export const DEACTIVATION_UNDO_HOURS = 24;

/** The entity search of mode 3 (the group lookup's rules, spec 01 §9): from 3 characters, 350 ms, 100 per page. */
export const ENTITY_SEARCH_MIN_LENGTH = 3;
export const ENTITY_SEARCH_PAGE_SIZE = 100;

/** What the form holds. The segment of `audience` always follows `mode` (see `segmentOfMode`); `site` only in mode 3. */
export interface DeactivationFilter {
  mode: DeactivationMode;
  audience: Audience;
  site: number | null;
}

/** The audience segment a mode uses; mode 3 (one entity) uses none and keeps an empty country audience. */
export function segmentOfMode(mode: DeactivationMode): AudienceSegment {
  if (mode === DEACTIVATION_MODE.segmented) return AUDIENCE_SEGMENT.locations;
  if (mode === DEACTIVATION_MODE.groups) return AUDIENCE_SEGMENT.groups;
  return AUDIENCE_SEGMENT.country;
}

export const emptyDeactivationFilter = (mode: DeactivationMode = DEACTIVATION_MODE.total): DeactivationFilter => ({
  mode,
  audience: emptyAudience(segmentOfMode(mode)),
  site: null,
});

/**
 * The canonical form: the audience normalised under the mode's segment (other segments' lists emptied, a department
 * dropping its municipalities, wildcards alone); mode 3 keeps only its site, the other modes no site.
 */
export function normaliseDeactivationFilter(filter: DeactivationFilter): DeactivationFilter {
  if (filter.mode === DEACTIVATION_MODE.entity) return { mode: filter.mode, audience: emptyAudience(), site: filter.site ?? null };
  return { mode: filter.mode, audience: normaliseAudience({ ...filter.audience, segment: segmentOfMode(filter.mode) }), site: null };
}

/**
 * The filter after the user picks another mode: the other modes' selections are cleared (spec 01 §4). Entity types
 * stay between Total and Segmentada, where they mean the same thing (the audience's `switchSegment`).
 */
export function switchMode(filter: DeactivationFilter, mode: DeactivationMode): DeactivationFilter {
  if (mode === filter.mode) return filter;
  if (mode === DEACTIVATION_MODE.entity || filter.mode === DEACTIVATION_MODE.entity) return emptyDeactivationFilter(mode);
  return { mode, audience: switchSegment(filter.audience, segmentOfMode(mode)), site: null };
}

/** Message keys of spec 01 §5 (texts in i18n/es/deactivation.ts; the entity-type one is the audience's, same words). */
export const DEACTIVATION_MESSAGES = {
  filter: 'deactivation.validation.filter',
  siteTypes: 'audience.validation.site_types',
  invalid: 'deactivation.validation.invalid',
  noMatch: 'deactivation.validation.no_match',
} as const;

export type DeactivationProblem = { target: 'filter' | 'siteTypes' | 'request'; messageKey: string };

/**
 * The first rule of spec 01 §5 the filter breaks, or null: a mode needs its filter (a department or municipality,
 * a group, an entity: 'Debes seleccionar al menos un filtro'); modes 1 and 2 need at least one entity type
 * ('Debes seleccionar una o más entidades').
 */
export function deactivationProblem(filter: DeactivationFilter): DeactivationProblem | null {
  const f = normaliseDeactivationFilter(filter);
  const a = f.audience;
  const missingFilter =
    (f.mode === DEACTIVATION_MODE.segmented && a.departments.length + a.municipalities.length === 0) ||
    (f.mode === DEACTIVATION_MODE.groups && a.groups.length === 0) ||
    (f.mode === DEACTIVATION_MODE.entity && f.site === null);
  if (missingFilter) return { target: 'filter', messageKey: DEACTIVATION_MESSAGES.filter };
  if ((f.mode === DEACTIVATION_MODE.total || f.mode === DEACTIVATION_MODE.segmented) && a.siteTypes.length === 0) {
    return { target: 'siteTypes', messageKey: DEACTIVATION_MESSAGES.siteTypes };
  }
  return null;
}

export const isDeactivationComplete = (filter: DeactivationFilter): boolean => deactivationProblem(filter) === null;

// ── The wire (spec 01 §3 and §7: POST /siteusers/delete/) ─────────────────────────────

const csv = (values: readonly number[]): string => values.join(',');

/** The request of a filter: each list comma-separated, empty when it does not apply to the mode. */
export function deleteRequestOf(filter: DeactivationFilter): DeleteFilterWire {
  const f = normaliseDeactivationFilter(filter);
  const a = f.audience;
  return {
    locations: csv(a.municipalities),
    parentLocations: csv(a.departments),
    siteTypes: csv(a.siteTypes),
    sites: f.site === null ? '' : String(f.site),
    groups: csv(a.groups),
  };
}

export const DELETE_FILTER_KEYS = ['locations', 'parentLocations', 'siteTypes', 'sites', 'groups'] as const;

/**
 * One comma-separated list, strictly: every part a non-negative integer, at most AUDIENCE_MAX_ITEMS of them.
 * Dropping an unreadable part instead would widen a deactivation (a bad `locations` turning into the whole country).
 */
export function parseIdList(value: unknown): number[] | null {
  if (value === undefined || value === null) return [];
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 && value <= 2_147_483_647 ? [value] : null;
  if (typeof value !== 'string') return null;
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length === 1 && parts[0] === '') return [];
  if (parts.length > AUDIENCE_MAX_ITEMS) return null;
  const result: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,10}$/.test(part)) return null;
    const id = Number(part);
    if (id > 2_147_483_647) return null;
    result.push(id);
  }
  return [...new Set(result)].sort((x, y) => x - y);
}

export type DeleteRequestReading = { filter: DeactivationFilter; sites: number[] } | { problem: DeactivationProblem };

const invalid = (): DeleteRequestReading => ({ problem: { target: 'request', messageKey: DEACTIVATION_MESSAGES.invalid } });

/**
 * Reads a delete-by-filter request into a filter. The mode follows from the lists: `sites` → 3, `groups` → 4, any
 * location → 2, only entity types → 1, nothing → 'Debes seleccionar al menos un filtro'. Lists of two modes at once
 * (a site with groups, groups with locations or entity types) are refused rather than one silently ignored.
 * `sites` may name several portals (the wire is a list); the screen sends one.
 */
export function readDeleteRequest(wire: Partial<Record<(typeof DELETE_FILTER_KEYS)[number], unknown>>): DeleteRequestReading {
  const lists: Record<string, number[]> = {};
  for (const key of DELETE_FILTER_KEYS) {
    const parsed = parseIdList(wire[key]);
    if (parsed === null) return invalid();
    lists[key] = parsed;
  }
  const { locations, parentLocations, siteTypes, sites, groups } = lists as Record<(typeof DELETE_FILTER_KEYS)[number], number[]>;
  const hasLocations = locations.length + parentLocations.length > 0;
  let filter: DeactivationFilter;
  if (sites.length > 0) {
    if (hasLocations || groups.length > 0 || siteTypes.length > 0) return invalid();
    filter = { mode: DEACTIVATION_MODE.entity, audience: emptyAudience(), site: sites[0]! };
  } else if (groups.length > 0) {
    if (hasLocations || siteTypes.length > 0) return invalid();
    filter = { mode: DEACTIVATION_MODE.groups, audience: { ...emptyAudience(2), groups }, site: null };
  } else if (hasLocations) {
    filter = {
      mode: DEACTIVATION_MODE.segmented,
      audience: { ...emptyAudience(1), departments: parentLocations, municipalities: locations, siteTypes },
      site: null,
    };
  } else if (siteTypes.length > 0) {
    filter = { mode: DEACTIVATION_MODE.total, audience: { ...emptyAudience(0), siteTypes }, site: null };
  } else {
    return { problem: { target: 'filter', messageKey: DEACTIVATION_MESSAGES.filter } };
  }
  filter = normaliseDeactivationFilter(filter);
  const problem = deactivationProblem(filter);
  if (problem) return { problem };
  return { filter, sites: filter.mode === DEACTIVATION_MODE.entity ? sites : [] };
}

/** The count and the confirmation it leads to (GET /siteusers/delete/count). */
export interface DeactivationCount {
  administrators: number;
  portals: number;
}

/** A deactivation as GET /siteusers/delete/ lists it (the last 24 hours), with whether 'Deshacer' is offered. */
export interface DeactivationRun {
  jobId: number;
  status: string;
  createdAt: string;
  finishedAt: string | null;
  createdByEmail: string | null;
  /** Administrators the request matched (the job's items). */
  matched: number;
  /** Administrators the job deactivated so far. */
  deactivated: number;
  /** Until when 'Deshacer' is offered (finish + 24 h); null while running. */
  undoUntil: string | null;
  undoneAt: string | null;
  restored: number | null;
  canUndo: boolean;
}

/** Whether a finished deactivation can still be undone at `now` (24 h after it finished, once). */
export function canUndoDeactivation(run: { finishedAt: string | Date | null; undoneAt: string | Date | null }, now: Date = new Date()): boolean {
  if (run.finishedAt === null || run.undoneAt !== null) return false;
  const finished = new Date(run.finishedAt).getTime();
  return now.getTime() <= finished + DEACTIVATION_UNDO_HOURS * 3_600_000;
}
