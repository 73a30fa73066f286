/**
 * What the demo data set contains, computed from the reference sites with a seeded generator:
 * ~350 installed sites with plausible figures, ~10 pending requests, four groups, and site
 * administrators and site users. Pure: `seedDemoData` writes the plan.
 */
import { SITE_TYPE } from '../sites/orderType';
import { SITE_STATUS } from '../sites/status';
import type { Random } from './random';

export interface ReferenceSiteRow {
  id: number;
  name: string;
  alias: string;
  siteTypeId: number;
  parentLocationId: number;
  locationId: number | null;
}

export interface SiteUpdate {
  id: number;
  installed: boolean;
  statusId: number;
  url: string;
  allowedUrl: string;
  address: string;
  population: number | null;
  countUsers: number;
  countEmails: number;
  countContents: number;
  piwikId: number | null;
  modifiedDate: string;
  createdDate: string;
}

export interface PersonJson {
  name: string;
  name2: string;
  lastName: string;
  lastName2: string;
  identificationNumber: string;
  gender: 'M' | 'F';
  position: string;
  email: string;
  phone: string;
  phone2: string;
}

export interface RequestPlan {
  siteId: number;
  kind: 'FirstTime' | 'ChangeAdmin';
  legalRepresentative: PersonJson;
  webMaster: Record<string, string>;
  /** A first-time request carries the portal's address, as the wizard stores it (the installation reserves it). */
  detail: { allowedUrl: string } | null;
  creationDate: string;
}

export interface GroupPlan {
  name: string;
  siteIds: number[];
}

export interface UserPlan {
  userTypeId: 1 | 3;
  name: string;
  email: string;
  siteId: number;
  adminType: string | null;
  isGuest: boolean;
  deleted: boolean;
  genderId: number | null;
  birthDate: string;
  loa: number | null;
  sitePermissions: Array<{ sitePermissionID: number; name: string; enabled: boolean }>;
  lastLogin: string | null;
  createdDate: string;
}

export interface DemoPlan {
  sites: SiteUpdate[];
  requests: RequestPlan[];
  groups: GroupPlan[];
  users: UserPlan[];
}

const DAY = 86_400_000;

const FIRST_NAMES_F = ['María', 'Luz', 'Ana', 'Diana', 'Paola', 'Carolina', 'Sandra', 'Claudia', 'Juliana', 'Valentina', 'Camila', 'Natalia', 'Adriana', 'Lina', 'Gloria'];
const FIRST_NAMES_M = ['Juan', 'Carlos', 'Andrés', 'Jorge', 'Luis', 'José', 'Diego', 'Felipe', 'Javier', 'Santiago', 'Camilo', 'Óscar', 'Mauricio', 'Hernán', 'Édgar'];
const SECOND_NAMES_F = ['Fernanda', 'Marcela', 'Patricia', 'Isabel', 'Lucía'];
const SECOND_NAMES_M = ['Alejandro', 'Esteban', 'David', 'Eduardo', 'Antonio'];
const LAST_NAMES = ['Rodríguez', 'Gómez', 'González', 'Martínez', 'García', 'López', 'Hernández', 'Sánchez', 'Ramírez', 'Pérez', 'Díaz', 'Muñoz', 'Rojas', 'Moreno', 'Jiménez', 'Vargas', 'Castro', 'Ortiz', 'Restrepo', 'Ospina', 'Cardona', 'Quintero', 'Mosquera', 'Córdoba', 'Palacios'];
const POSITIONS = ['Alcalde', 'Gobernador', 'Secretario general', 'Jefe de comunicaciones', 'Jefe de oficina TIC', 'Asesor de despacho'];
const STREETS = ['Calle', 'Carrera', 'Avenida', 'Diagonal', 'Transversal'];
/** The site-permission catalogue's reference rows (migration 0014_site_permissions_seed), in id order. */
const SITE_PERMISSIONS = ['Noticias', 'Eventos', 'Transparencia', 'PQRDS', 'Trámites', 'Galería'];

/**
 * Approximate populations (rounded, of the order of DANE's projections for the 2020s) of the department
 * capitals and of the largest other cities. Capitals are the DD001 codes except 25001 (Agua de Dios, a
 * town of ~11,000: Cundinamarca's capital is Bogotá).
 */
export const CAPITAL_POPULATIONS: Readonly<Record<number, number>> = {
  11001: 7_907_000, 5001: 2_612_000, 76001: 2_283_000, 8001: 1_326_000, 13001: 1_059_000, 54001: 815_000,
  68001: 623_000, 50001: 559_000, 47001: 555_000, 20001: 551_000, 73001: 545_000, 23001: 505_000,
  66001: 481_000, 17001: 454_000, 52001: 392_000, 41001: 366_000, 19001: 325_000, 63001: 305_000,
  70001: 293_000, 44001: 207_000, 18001: 182_000, 15001: 180_000, 85001: 180_000, 27001: 130_000,
  81001: 97_000, 88001: 63_000, 86001: 60_000, 95001: 56_000, 91001: 50_000, 94001: 32_000,
  97001: 32_000, 99001: 20_000,
};

const LARGE_TOWN_POPULATIONS: Readonly<Record<number, number>> = {
  25754: 800_000, 8758: 690_000, 5088: 560_000, 76520: 360_000, 68276: 330_000, 76109: 320_000,
  5360: 290_000, 5266: 240_000, 66170: 230_000, 76834: 230_000, 68081: 215_000,
};

/** Mayoralties of department capitals (Bogotá included). */
export function isCapital(site: Pick<ReferenceSiteRow, 'locationId'>): boolean {
  return site.locationId !== null && CAPITAL_POPULATIONS[site.locationId] !== undefined;
}

const CARIBBEAN_DEPARTMENTS = [8, 13, 20, 23, 44, 47, 70, 88];
const COFFEE_DEPARTMENTS = [17, 63, 66];
const PDET_DEPARTMENTS = [5, 13, 18, 19, 20, 23, 27, 44, 47, 50, 52, 54, 70, 73, 76, 81, 86, 95];

/** Every user holds at least one enabled site permission (spec 01 §5: saving needs one). */
function withOneEnabled<T extends { enabled: boolean }>(permissions: T[]): T[] {
  return permissions.some((permission) => permission.enabled) ? permissions : permissions.map((permission, index) => ({ ...permission, enabled: index === 0 }));
}

function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function person(random: Random, domain: string, index: number): PersonJson {
  const female = random.chance(0.5);
  const name = random.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M);
  const lastName = random.pick(LAST_NAMES);
  return {
    name,
    name2: random.chance(0.6) ? random.pick(female ? SECOND_NAMES_F : SECOND_NAMES_M) : '',
    lastName,
    lastName2: random.pick(LAST_NAMES),
    identificationNumber: String(random.int(10_000_000, 1_199_999_999)),
    gender: female ? 'F' : 'M',
    position: random.pick(POSITIONS),
    email: `${ascii(name)}.${ascii(lastName)}${index}@${domain}`,
    phone: `3${random.int(100_000_000, 229_999_999)}`,
    phone2: random.chance(0.4) ? `60${random.int(10_000_000, 89_999_999)}` : '',
  };
}

function isoDaysAgo(now: number, days: number): string {
  return new Date(now - days * DAY).toISOString();
}

/** Whether a reference site becomes installed in the demo (≈350 of ≈2,310). */
function chooseInstalled(site: ReferenceSiteRow, random: Random): boolean {
  switch (site.siteTypeId) {
    case SITE_TYPE.governorate:
      return random.chance(0.9);
    case SITE_TYPE.assembly:
      return random.chance(0.75);
    case SITE_TYPE.mayoralty:
      return isCapital(site) || random.chance(0.185);
    case SITE_TYPE.council:
      return random.chance(0.055);
    default:
      return false;
  }
}

/**
 * A plausible population for a municipality: the known figure for capitals and large cities, otherwise a
 * town drawn as most Colombian municipalities are (half under ~13,000; one in twenty between 60,000 and 220,000).
 */
export function municipalityPopulation(locationId: number, random: Random): number {
  const known = CAPITAL_POPULATIONS[locationId] ?? LARGE_TOWN_POPULATIONS[locationId];
  if (known !== undefined) return known;
  return random.chance(0.05) ? random.logInt(60_000, 220_000) : random.logInt(3_000, 60_000);
}

/** A plausible population for every municipality with sites, and their sums per department. */
function populations(sites: readonly ReferenceSiteRow[], random: Random) {
  const byMunicipality = new Map<number, number>();
  const byDepartment = new Map<number, number>();
  for (const site of sites) {
    if (site.locationId === null || byMunicipality.has(site.locationId)) continue;
    const population = municipalityPopulation(site.locationId, random);
    byMunicipality.set(site.locationId, population);
    byDepartment.set(site.parentLocationId, (byDepartment.get(site.parentLocationId) ?? 0) + population);
  }
  return { byMunicipality, byDepartment };
}

export function planDemoData(reference: readonly ReferenceSiteRow[], now: number, random: Random): DemoPlan {
  const sorted = [...reference].sort((a, b) => a.id - b.id);
  const { byMunicipality, byDepartment } = populations(sorted, random);
  const installed = sorted.filter((site) => chooseInstalled(site, random));
  let piwik = 100;

  const siteUpdates: SiteUpdate[] = installed.map((site) => {
    const population = site.locationId === null ? (byDepartment.get(site.parentLocationId) ?? null) : (byMunicipality.get(site.locationId) ?? null);
    const active = random.chance(0.87);
    const scale = active ? 1 : 0.3;
    const createdDays = random.int(730, 3000);
    const host = `www.${site.alias}.gov.co`;
    return {
      id: site.id,
      installed: true,
      statusId: active ? SITE_STATUS.active : SITE_STATUS.inactive,
      url: `https://${host}`,
      allowedUrl: random.chance(0.2) ? `https://${host},https://${site.alias}.gov.co` : `https://${host}`,
      address: `${random.pick(STREETS)} ${random.int(1, 120)} # ${random.int(1, 99)} - ${random.int(1, 99)}`,
      population,
      countUsers: Math.round(((population ?? 20_000) * random.int(5, 80)) / 10_000 * scale),
      countEmails: Math.round(random.int(2, 60) * scale),
      countContents: Math.round(random.logInt(30, 4_000) * scale),
      piwikId: random.chance(0.6) ? piwik++ : null,
      modifiedDate: isoDaysAgo(now, random.next() * 730),
      createdDate: isoDaysAgo(now, createdDays),
    };
  });

  const installedIds = new Set(installed.map((site) => site.id));
  const notInstalled = sorted.filter((site) => !installedIds.has(site.id) && site.siteTypeId === SITE_TYPE.mayoralty);
  const requestSites: Array<{ site: ReferenceSiteRow; kind: RequestPlan['kind'] }> = [
    ...random.sample(notInstalled, 6).map((site) => ({ site, kind: 'FirstTime' as const })),
    ...random.sample(installed, 4).map((site) => ({ site, kind: 'ChangeAdmin' as const })),
  ];
  const requests: RequestPlan[] = requestSites.map(({ site, kind }, index) => {
    const domain = `${site.alias}.gov.co`;
    const webMaster = person(random, domain, index + 100);
    return {
      siteId: site.id,
      kind,
      legalRepresentative: person(random, domain, index),
      webMaster: Object.fromEntries(Object.entries(webMaster).map(([key, value]) => [`webMaster${key[0]!.toUpperCase()}${key.slice(1)}`, value])),
      detail: kind === 'FirstTime' ? { allowedUrl: `https://${domain}` } : null,
      creationDate: isoDaysAgo(now, random.next() * 30),
    };
  });

  const mayoralties = sorted.filter((site) => site.siteTypeId === SITE_TYPE.mayoralty);
  const byDepartments = (departments: number[], types: number[]) =>
    sorted.filter((site) => departments.includes(site.parentLocationId) && types.includes(site.siteTypeId) && (site.locationId === null || isCapital(site)));
  const groups: GroupPlan[] = [
    { name: 'Capitales de departamento', siteIds: mayoralties.filter(isCapital).map((site) => site.id) },
    {
      name: 'Municipios PDET',
      siteIds: random
        .sample(mayoralties.filter((site) => PDET_DEPARTMENTS.includes(site.parentLocationId) && !isCapital(site)), 60)
        .map((site) => site.id)
        .sort((a, b) => a - b),
    },
    { name: 'Región Caribe', siteIds: byDepartments(CARIBBEAN_DEPARTMENTS, [SITE_TYPE.governorate, SITE_TYPE.mayoralty]).map((site) => site.id) },
    { name: 'Eje Cafetero', siteIds: byDepartments(COFFEE_DEPARTMENTS, [SITE_TYPE.governorate, SITE_TYPE.assembly, SITE_TYPE.mayoralty]).map((site) => site.id) },
  ];

  const users: UserPlan[] = [];
  let counter = 0;
  const addUser = (site: ReferenceSiteRow, userTypeId: 1 | 3, adminType: string | null) => {
    counter += 1;
    const p = person(random, userTypeId === 1 ? `${site.alias}.gov.co` : 'correo.example.co', counter);
    const genderDraw = random.int(0, 9);
    users.push({
      userTypeId,
      name: [p.name, p.name2, p.lastName, p.lastName2].filter(Boolean).join(' '),
      email: p.email,
      siteId: site.id,
      adminType,
      isGuest: userTypeId === 1 && random.chance(0.03),
      deleted: random.chance(0.05),
      genderId: userTypeId === 3 && genderDraw === 9 ? null : p.gender === 'F' ? 1 : genderDraw === 8 ? 2 : 0,
      birthDate: `${random.int(1950, 2005)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
      loa: userTypeId === 3 ? random.int(1, 3) : null,
      sitePermissions: withOneEnabled(SITE_PERMISSIONS.map((name, index) => ({ sitePermissionID: index + 1, name, enabled: userTypeId === 1 || random.chance(0.5) }))),
      lastLogin: random.chance(0.8) ? isoDaysAgo(now, random.next() * 200) : null,
      createdDate: isoDaysAgo(now, random.next() * 700),
    });
  };
  for (const site of installed) {
    addUser(site, 1, 'LegalRepresentative');
    if (random.chance(0.5)) addUser(site, 1, 'WebMaster');
    const siteUsers = random.int(0, 11);
    for (let i = 0; i < siteUsers; i += 1) addUser(site, 3, null);
  }

  return { sites: siteUpdates, requests, groups, users };
}
