/**
 * The audience of a piece of content, banner, logo, mass e-mail, report or bulk deactivation (spec 02 §4–5,
 * spec 01 'Bulk deactivation', spec 03 'Reports'): one model, its rules as pure functions, its yup schema and
 * mappers from each wire shape of the spec to the model and back. Shared by browser and server.
 *
 * - segment 0: the whole country, limited by entity types;
 * - segment 1: departments and municipalities (DANE ids; 0 is the wildcard 'all'), limited by entity types;
 *   a chosen department already covers its municipalities, so they are dropped;
 * - segment 2: groups of portals; entity types do not apply.
 */
import * as yup from 'yup';
import { COUNTRY_ROOT_LOCATION_ID } from './locations';

export type AudienceSegment = 0 | 1 | 2;

export const AUDIENCE_SEGMENT = { country: 0, locations: 1, groups: 2 } as const;
export const AUDIENCE_SEGMENTS: readonly AudienceSegment[] = [0, 1, 2];

/** The wildcard code of 'all departments' and 'all municipalities'. */
export const ALL_LOCATIONS = 0;

export interface Audience {
  segment: AudienceSegment;
  /** Department DANE ids (5 = Antioquia); [0] = all departments. */
  departments: number[];
  /** Municipality DANE ids (5001 = Medellín); [0] = all municipalities. */
  municipalities: number[];
  groups: number[];
  siteTypes: number[];
}

/** Largest list a request may carry (there are 1,122 municipalities). */
export const AUDIENCE_MAX_ITEMS = 2000;

export const emptyAudience = (segment: AudienceSegment = 0): Audience => ({
  segment,
  departments: [],
  municipalities: [],
  groups: [],
  siteTypes: [],
});

/** A municipality's department from its DANE code: 05001 (Medellín) → 05 (Antioquia). */
export const departmentOfMunicipality = (municipalityId: number): number => Math.floor(municipalityId / 1000);

/** DANE ids: departments have two digits, municipalities five. */
export const isMunicipalityId = (locationId: number): boolean => locationId >= 1000;

const uniqueSorted = (values: readonly number[]): number[] => [...new Set(values)].sort((a, b) => a - b);

/**
 * The canonical form of an audience: each list unique and sorted; the segment's own lists kept and the others
 * emptied (switching segment clears the other selections); a wildcard stands alone in its list; a department
 * (or 'all departments') drops the municipalities it covers; groups ignore entity types.
 */
export function normaliseAudience(audience: Audience): Audience {
  const segment = audience.segment;
  const result = emptyAudience(segment);
  if (segment === AUDIENCE_SEGMENT.groups) {
    result.groups = uniqueSorted(audience.groups);
    return result;
  }
  result.siteTypes = uniqueSorted(audience.siteTypes);
  if (segment === AUDIENCE_SEGMENT.country) return result;
  const departments = uniqueSorted(audience.departments);
  const municipalities = uniqueSorted(audience.municipalities);
  if (departments.includes(ALL_LOCATIONS)) {
    result.departments = [ALL_LOCATIONS];
    return result;
  }
  result.departments = departments;
  result.municipalities = municipalities.includes(ALL_LOCATIONS)
    ? [ALL_LOCATIONS]
    : municipalities.filter((id) => !departments.includes(departmentOfMunicipality(id)));
  return result;
}

/** The audience after the user picks another segment: the other selections are cleared; entity types stay unless groups. */
export function switchSegment(audience: Audience, segment: AudienceSegment): Audience {
  if (segment === audience.segment) return audience;
  const next = emptyAudience(segment);
  if (segment !== AUDIENCE_SEGMENT.groups) next.siteTypes = [...audience.siteTypes];
  return next;
}

/** The department input changed: its municipalities (or all of them, for the wildcard) leave the municipality input. */
export function withDepartments(audience: Audience, departments: readonly number[]): Audience {
  const chosen = departments.includes(ALL_LOCATIONS) ? [ALL_LOCATIONS] : uniqueSorted(departments);
  return normaliseAudience({ ...audience, departments: chosen });
}

/**
 * The municipality input changed: picking 'all municipalities' replaces the others, picking one after the wildcard
 * replaces the wildcard. A municipality whose department is chosen is not offered (see `municipalityOffered`).
 */
export function withMunicipalities(audience: Audience, municipalities: readonly number[]): Audience {
  const previous = audience.municipalities;
  let chosen = uniqueSorted(municipalities);
  if (chosen.includes(ALL_LOCATIONS) && chosen.length > 1) {
    chosen = previous.includes(ALL_LOCATIONS) ? chosen.filter((id) => id !== ALL_LOCATIONS) : [ALL_LOCATIONS];
  }
  return normaliseAudience({ ...audience, municipalities: chosen });
}

/** Whether the municipality input offers this municipality: not when its department (or every department) is chosen. */
export function municipalityOffered(audience: Audience, municipalityId: number): boolean {
  if (audience.departments.includes(ALL_LOCATIONS)) return false;
  return !audience.departments.includes(departmentOfMunicipality(municipalityId));
}

/** The entity-type checklist shows 'select all' except for groups (spec 03 'Metrics area'). */
export const showsSiteTypes = (segment: AudienceSegment): boolean => segment !== AUDIENCE_SEGMENT.groups;

/** Message keys of the spec's segment rules, in i18n/es/audience.ts. */
export const AUDIENCE_MESSAGES = {
  locations: 'audience.validation.locations',
  groups: 'audience.validation.groups',
  siteTypes: 'audience.validation.site_types',
  segment: 'audience.validation.segment',
  invalid: 'audience.validation.invalid',
} as const;

const idList = yup
  .array()
  .of(yup.number().typeError(AUDIENCE_MESSAGES.invalid).integer(AUDIENCE_MESSAGES.invalid).min(0, AUDIENCE_MESSAGES.invalid).max(2_147_483_647, AUDIENCE_MESSAGES.invalid).required(AUDIENCE_MESSAGES.invalid))
  .max(AUDIENCE_MAX_ITEMS, AUDIENCE_MESSAGES.invalid)
  .nonNullable(AUDIENCE_MESSAGES.invalid)
  .typeError(AUDIENCE_MESSAGES.invalid);

/**
 * The audience as a form or a request must hold it (spec 02 §5, spec 03 'Reports'): segment 1 needs a department
 * and/or municipality, segment 2 a group, and segments 0 and 1 at least one entity type.
 */
export const audienceSchema = yup
  .object({
    segment: yup
      .number()
      .typeError(AUDIENCE_MESSAGES.segment)
      .oneOf([...AUDIENCE_SEGMENTS], AUDIENCE_MESSAGES.segment)
      .required(AUDIENCE_MESSAGES.segment),
    departments: idList,
    municipalities: idList.test('locations', AUDIENCE_MESSAGES.locations, function (municipalities) {
      const { segment, departments } = this.parent as Audience;
      return segment !== AUDIENCE_SEGMENT.locations || (departments ?? []).length + (municipalities ?? []).length > 0;
    }),
    groups: idList.test('groups', AUDIENCE_MESSAGES.groups, function (groups) {
      return (this.parent as Audience).segment !== AUDIENCE_SEGMENT.groups || (groups ?? []).length > 0;
    }),
    siteTypes: idList.test('siteTypes', AUDIENCE_MESSAGES.siteTypes, function (siteTypes) {
      return (this.parent as Audience).segment === AUDIENCE_SEGMENT.groups || (siteTypes ?? []).length > 0;
    }),
  })
  .noUnknown(AUDIENCE_MESSAGES.invalid)
  .nonNullable(AUDIENCE_MESSAGES.invalid)
  .typeError(AUDIENCE_MESSAGES.invalid)
  .strict();

/** Whether the audience names anyone at all (the reach line asks the server only then). */
export function isAudienceComplete(audience: Audience): boolean {
  return audienceSchema.isValidSync(audience);
}

// ── Wire shapes of the spec ─────────────────────────────────────────────────────────

const ids = (values: readonly unknown[] | null | undefined): number[] =>
  (values ?? []).map(Number).filter((value) => Number.isInteger(value) && value >= 0);

/** The segment a wire value names; anything else reads as the whole country. */
const toSegment = (value: unknown): AudienceSegment => {
  const segment = Number(value);
  return segment === 1 || segment === 2 ? segment : 0;
};

/**
 * Mass e-mail (spec 02 §3): `segment, tags, locations, siteTypes, groupIdentifiers`. `tags` carries the department
 * tag input and `locations` the municipality one (docs/decisions/0025-portal-keys-and-audience.md).
 */
export interface MassEmailAudienceWire {
  segment: number;
  tags: number[];
  locations: number[];
  siteTypes: number[];
  groupIdentifiers: number[];
}

export const audienceFromMassEmail = (wire: Partial<MassEmailAudienceWire>): Audience =>
  normaliseAudience({
    segment: toSegment(wire.segment),
    departments: ids(wire.tags),
    municipalities: ids(wire.locations),
    groups: ids(wire.groupIdentifiers),
    siteTypes: ids(wire.siteTypes),
  });

export function massEmailFromAudience(audience: Audience): MassEmailAudienceWire {
  const a = normaliseAudience(audience);
  return { segment: a.segment, tags: a.departments, locations: a.municipalities, siteTypes: a.siteTypes, groupIdentifiers: a.groups };
}

/**
 * Bulk deactivation's delete-by-filter request (spec 01 §3): comma-separated `locations` (municipalities),
 * `parentLocations` (departments), `siteTypes`, `sites` and `groups`. The segment follows from the lists: groups →
 * 2, any location → 1, else 0. `sites` (mode 3, one entity) is not an audience and is carried beside it.
 */
export interface DeleteFilterWire {
  locations: string;
  parentLocations: string;
  siteTypes: string;
  sites: string;
  groups: string;
}

const csvIds = (value: string | null | undefined): number[] =>
  ids((value ?? '').split(',').map((part) => part.trim()).filter((part) => part !== ''));
const toCsv = (values: readonly number[]): string => values.join(',');

export function audienceFromDeleteFilter(wire: Partial<DeleteFilterWire>): { audience: Audience; sites: number[] } {
  const departments = csvIds(wire.parentLocations);
  const municipalities = csvIds(wire.locations);
  const groups = csvIds(wire.groups);
  const segment: AudienceSegment = groups.length > 0 ? 2 : departments.length + municipalities.length > 0 ? 1 : 0;
  const audience = normaliseAudience({ segment, departments, municipalities, groups, siteTypes: csvIds(wire.siteTypes) });
  return { audience, sites: uniqueSorted(csvIds(wire.sites)) };
}

export function deleteFilterFromAudience(audience: Audience, sites: readonly number[] = []): DeleteFilterWire {
  const a = normaliseAudience(audience);
  return {
    locations: toCsv(a.municipalities),
    parentLocations: toCsv(a.departments),
    siteTypes: toCsv(a.siteTypes),
    sites: toCsv(uniqueSorted(sites)),
    groups: toCsv(a.groups),
  };
}

/**
 * Contents (spec 02 §3) and reports (spec 03 §3): location models with `locationType` Department or Municipality
 * and `locationCode`; entity types as `{ siteTypeId }`; groups as `{ groupId }` (contents) or ids (reports).
 */
export type LocationType = 'Department' | 'Municipality';

export interface LocationModel {
  locationType: LocationType;
  locationCode: number;
  /** The department of a municipality; the country root (170) for a department; 0 for a wildcard. */
  parentLocationId?: number | null;
  name?: string;
}

const COUNTRY_ROOT = COUNTRY_ROOT_LOCATION_ID;

function locationModels(a: Audience): LocationModel[] {
  return [
    ...a.departments.map((id) => ({ locationType: 'Department' as const, locationCode: id, parentLocationId: id === ALL_LOCATIONS ? 0 : COUNTRY_ROOT })),
    ...a.municipalities.map((id) => ({
      locationType: 'Municipality' as const,
      locationCode: id,
      parentLocationId: id === ALL_LOCATIONS ? 0 : departmentOfMunicipality(id),
    })),
  ];
}

function splitLocationModels(models: readonly LocationModel[] | null | undefined) {
  const list = models ?? [];
  return {
    departments: ids(list.filter((m) => m.locationType === 'Department').map((m) => m.locationCode)),
    municipalities: ids(list.filter((m) => m.locationType === 'Municipality').map((m) => m.locationCode)),
  };
}

export interface ContentAudienceWire {
  segment: number;
  contentLocationModels: LocationModel[];
  contentsiteTypeModels: Array<{ siteTypeId: number }>;
  contentsiteGroupModels: Array<{ groupId: number }>;
}

export const audienceFromContent = (wire: Partial<ContentAudienceWire>): Audience =>
  normaliseAudience({
    segment: toSegment(wire.segment),
    ...splitLocationModels(wire.contentLocationModels),
    groups: ids(wire.contentsiteGroupModels?.map((g) => g.groupId)),
    siteTypes: ids(wire.contentsiteTypeModels?.map((s) => s.siteTypeId)),
  });

export function contentFromAudience(audience: Audience): ContentAudienceWire {
  const a = normaliseAudience(audience);
  return {
    segment: a.segment,
    contentLocationModels: locationModels(a),
    contentsiteTypeModels: a.siteTypes.map((siteTypeId) => ({ siteTypeId })),
    contentsiteGroupModels: a.groups.map((groupId) => ({ groupId })),
  };
}

export interface ReportAudienceWire {
  segmentType: number;
  locationModels: LocationModel[];
  siteTypeModels: Array<{ siteTypeId: number }>;
  groupIdentifiers: number[];
}

export const audienceFromReport = (wire: Partial<ReportAudienceWire>): Audience =>
  normaliseAudience({
    segment: toSegment(wire.segmentType),
    ...splitLocationModels(wire.locationModels),
    groups: ids(wire.groupIdentifiers),
    siteTypes: ids(wire.siteTypeModels?.map((s) => s.siteTypeId)),
  });

export function reportFromAudience(audience: Audience): ReportAudienceWire {
  const a = normaliseAudience(audience);
  return {
    segmentType: a.segment,
    locationModels: locationModels(a),
    siteTypeModels: a.siteTypes.map((siteTypeId) => ({ siteTypeId })),
    groupIdentifiers: a.groups,
  };
}

/**
 * Banners and global logos (spec 02 §3): `bannerLocationList` / `gLogoLocationList` items `{ locationID, location:
 * { parentLocationId } }` — a department hangs under the country root (170), a municipality under its department,
 * and a wildcard (locationID 0) under 170 for 'all departments' or 0 for 'all municipalities'; entity types
 * `{ siteTypeID }`, groups `{ groupID }`.
 */
export interface ListLocationItem {
  locationID: number;
  location?: { name?: string; parentLocationId: number | null };
}

export interface BannerAudienceWire {
  segment: number;
  bannerLocationList: ListLocationItem[];
  bannerSitetypeList: Array<{ siteTypeID: number }>;
  bannerGroupList: Array<{ groupID: number }>;
}

export interface LogoAudienceWire {
  segment: number;
  gLogoLocationList: ListLocationItem[];
  gLogoSiteTypesList: Array<{ siteTypeID: number }>;
  globalLogoGroupList: Array<{ groupID: number }>;
}

function splitLocationItems(items: readonly ListLocationItem[] | null | undefined) {
  const list = items ?? [];
  const isDepartment = (item: ListLocationItem) =>
    item.locationID === ALL_LOCATIONS ? item.location?.parentLocationId === COUNTRY_ROOT : !isMunicipalityId(item.locationID);
  return {
    departments: ids(list.filter(isDepartment).map((item) => item.locationID)),
    municipalities: ids(list.filter((item) => !isDepartment(item)).map((item) => item.locationID)),
  };
}

function locationItems(a: Audience): ListLocationItem[] {
  return locationModels(a).map((m) => ({
    locationID: m.locationCode,
    location: { parentLocationId: m.locationType === 'Department' ? COUNTRY_ROOT : (m.parentLocationId ?? 0) },
  }));
}

export const audienceFromBanner = (wire: Partial<BannerAudienceWire>): Audience =>
  normaliseAudience({
    segment: toSegment(wire.segment),
    ...splitLocationItems(wire.bannerLocationList),
    groups: ids(wire.bannerGroupList?.map((g) => g.groupID)),
    siteTypes: ids(wire.bannerSitetypeList?.map((s) => s.siteTypeID)),
  });

export function bannerFromAudience(audience: Audience): BannerAudienceWire {
  const a = normaliseAudience(audience);
  return {
    segment: a.segment,
    bannerLocationList: locationItems(a),
    bannerSitetypeList: a.siteTypes.map((siteTypeID) => ({ siteTypeID })),
    bannerGroupList: a.groups.map((groupID) => ({ groupID })),
  };
}

export const audienceFromLogo = (wire: Partial<LogoAudienceWire>): Audience =>
  normaliseAudience({
    segment: toSegment(wire.segment),
    ...splitLocationItems(wire.gLogoLocationList),
    groups: ids(wire.globalLogoGroupList?.map((g) => g.groupID)),
    siteTypes: ids(wire.gLogoSiteTypesList?.map((s) => s.siteTypeID)),
  });

export function logoFromAudience(audience: Audience): LogoAudienceWire {
  const b = bannerFromAudience(audience);
  return { segment: b.segment, gLogoLocationList: b.bannerLocationList, gLogoSiteTypesList: b.bannerSitetypeList, globalLogoGroupList: b.bannerGroupList };
}

/** Reach of an audience (POST /audience/reach). */
export interface AudienceReach {
  portals: number;
  administrators: number;
}

// ── The spec's wire shape of a declared `audience` field (the engine's one adapter) ──────────────────────────

export type AudienceWireName = 'banner' | 'logo' | 'content';

/** A value that fails `audienceSchema` ('Audiencia no válida'): what a malformed wire item becomes. */
const INVALID_ID = -1;
const rawList = (value: unknown, id: (item: Record<string, unknown>) => unknown): unknown =>
  Array.isArray(value) ? value.map((item) => (item && typeof item === 'object' ? id(item as Record<string, unknown>) : INVALID_ID)) : value === undefined || value === null ? [] : value;

/**
 * Location items read strictly: a department or municipality by its own field, anything else invalid, so a malformed
 * body is refused by `audienceSchema` instead of widening the audience.
 */
function rawLocations(value: unknown, kindOf: (item: Record<string, unknown>) => 'department' | 'municipality' | null, idOf: (item: Record<string, unknown>) => unknown) {
  if (value === undefined || value === null) return { departments: [], municipalities: [] };
  if (!Array.isArray(value)) return { departments: value, municipalities: [] };
  const departments: unknown[] = [];
  const municipalities: unknown[] = [];
  for (const item of value as unknown[]) {
    if (!item || typeof item !== 'object') departments.push(INVALID_ID);
    else {
      const kind = kindOf(item as Record<string, unknown>);
      (kind === 'municipality' ? municipalities : departments).push(kind === null ? INVALID_ID : idOf(item as Record<string, unknown>));
    }
  }
  return { departments, municipalities };
}

const listItemKind = (item: Record<string, unknown>): 'department' | 'municipality' | null => {
  const id = item.locationID;
  if (typeof id !== 'number') return null;
  const parent = (item.location as { parentLocationId?: unknown } | undefined)?.parentLocationId;
  return id === ALL_LOCATIONS ? (parent === COUNTRY_ROOT ? 'department' : 'municipality') : isMunicipalityId(id) ? 'municipality' : 'department';
};
const modelKind = (item: Record<string, unknown>): 'department' | 'municipality' | null =>
  item.locationType === 'Department' ? 'department' : item.locationType === 'Municipality' ? 'municipality' : null;

export interface AudienceWire {
  /** The body keys of this shape (any of them present means the body speaks this shape). */
  keys: readonly string[];
  /** The body's keys as an audience for `audienceSchema` (not normalised, not coerced: bad values stay bad). */
  read(body: Record<string, unknown>): Record<string, unknown>;
  /** The stored audience as this shape's keys. */
  write(audience: Audience): Record<string, unknown>;
}

export const AUDIENCE_WIRES: Readonly<Record<AudienceWireName, AudienceWire>> = {
  banner: {
    keys: ['segment', 'bannerLocationList', 'bannerSitetypeList', 'bannerGroupList'],
    read: (body) => ({
      segment: body.segment,
      ...rawLocations(body.bannerLocationList, listItemKind, (item) => item.locationID),
      groups: rawList(body.bannerGroupList, (item) => item.groupID),
      siteTypes: rawList(body.bannerSitetypeList, (item) => item.siteTypeID),
    }),
    write: (audience) => ({ ...bannerFromAudience(audience) }),
  },
  logo: {
    keys: ['segment', 'gLogoLocationList', 'gLogoSiteTypesList', 'globalLogoGroupList'],
    read: (body) => ({
      segment: body.segment,
      ...rawLocations(body.gLogoLocationList, listItemKind, (item) => item.locationID),
      groups: rawList(body.globalLogoGroupList, (item) => item.groupID),
      siteTypes: rawList(body.gLogoSiteTypesList, (item) => item.siteTypeID),
    }),
    write: (audience) => ({ ...logoFromAudience(audience) }),
  },
  content: {
    keys: ['segment', 'contentLocationModels', 'contentsiteTypeModels', 'contentsiteGroupModels'],
    read: (body) => ({
      segment: body.segment,
      ...rawLocations(body.contentLocationModels, modelKind, (item) => item.locationCode),
      groups: rawList(body.contentsiteGroupModels, (item) => item.groupId),
      siteTypes: rawList(body.contentsiteTypeModels, (item) => item.siteTypeId),
    }),
    write: (audience) => ({ ...contentFromAudience(audience) }),
  },
};

/** A body's audience in the field's wire shape, when the body names none itself but speaks that shape; else undefined. */
export function audienceFromWireBody(wire: AudienceWireName, body: Record<string, unknown>, source: string): Record<string, unknown> | undefined {
  if (body[source] !== undefined) return undefined;
  const shape = AUDIENCE_WIRES[wire];
  return shape.keys.some((key) => body[key] !== undefined) ? shape.read(body) : undefined;
}

/** The stored audience's wire keys (none for a missing or malformed value). */
export function audienceWireKeys(wire: AudienceWireName, value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const a = value as Partial<Audience>;
  const list = (v: unknown) => (Array.isArray(v) ? (v as number[]) : []);
  return AUDIENCE_WIRES[wire].write({
    segment: toSegment(a.segment),
    departments: list(a.departments),
    municipalities: list(a.municipalities),
    groups: list(a.groups),
    siteTypes: list(a.siteTypes),
  });
}
