import { describe, expect, it } from 'vitest';
import { loadDivipola, NON_MUNICIPALIZED_AREAS, parseDivipola } from './divipola';
import { CAPITAL_POPULATIONS, isCapital, municipalityPopulation, planDemoData, type ReferenceSiteRow } from './demoPlan';
import { createRandom } from './random';
import { referenceSites } from './referenceSites';

describe('DIVIPOLA', () => {
  const departments = loadDivipola();

  it('has 33 departments and 1,122 municipality-level entities', () => {
    expect(departments).toHaveLength(33);
    expect(departments.reduce((sum, d) => sum + d.municipalities.length, 0)).toBe(1122);
    expect(departments.find((d) => d.code === '05')?.municipalities).toHaveLength(125);
  });

  it("places each department at its capital's seat", () => {
    const antioquia = departments.find((d) => d.id === 5)!;
    const medellin = antioquia.municipalities.find((m) => m.code === '05001')!;
    expect([antioquia.latitude, antioquia.longitude]).toEqual([medellin.latitude, medellin.longitude]);
  });

  it('refuses a department without a capital row', () => {
    const csv = 'department_code,department_name,municipality_code,municipality_name,latitude,longitude\n05,Antioquia,05002,Abejorral,5.7,-75.4\n';
    expect(() => parseDivipola(csv)).toThrow(/05001/);
  });
});

describe('reference sites', () => {
  const rows = referenceSites(loadDivipola());

  it('builds 2 sites per department and 2 per municipality, with unique aliases', () => {
    // 32 departments (Bogotá, D.C. is a district); 1,122 entities less the 18 áreas no municipalizadas.
    expect(rows).toHaveLength(2 * 32 + 2 * (1122 - 18));
    expect(new Set(rows.map((r) => r.alias)).size).toBe(rows.length);
    expect(rows.every((r) => /^[a-z0-9-]{3,220}$/.test(r.alias) && !r.installed && r.statusId === 2)).toBe(true);
    expect(rows.filter((r) => r.locationId === null).every((r) => r.orderType === 0 && [1, 3].includes(r.siteTypeId))).toBe(true);
    expect(rows.filter((r) => r.locationId !== null).every((r) => r.orderType === 1 && [2, 4].includes(r.siteTypeId))).toBe(true);
    expect(rows.find((r) => r.locationId === 11001 && r.siteTypeId === 2)?.name).toBe('Alcaldía Mayor de Bogotá, D.C.');
  });

  it.each([
    { place: 'Bogotá, D.C. (department 11)', where: (r: (typeof rows)[number]) => r.parentLocationId === 11, types: [2, 4] },
    { place: 'Antioquia (department 5)', where: (r: (typeof rows)[number]) => r.parentLocationId === 5 && r.locationId === null, types: [1, 3] },
    { place: 'Leticia (91001, a municipality)', where: (r: (typeof rows)[number]) => r.locationId === 91001, types: [2, 4] },
    { place: 'La Chorrera (91405, área no municipalizada)', where: (r: (typeof rows)[number]) => r.locationId === 91405, types: [] },
    { place: 'Barrancominas (94343, a municipality)', where: (r: (typeof rows)[number]) => r.locationId === 94343, types: [2, 4] },
  ])('$place has the site types $types', ({ where, types }) => {
    expect(rows.filter(where).map((r) => r.siteTypeId).sort()).toEqual(types);
  });

  it('gives no área no municipalizada a mayoralty or a council', () => {
    expect(NON_MUNICIPALIZED_AREAS.size).toBe(18);
    expect(rows.some((r) => r.locationId !== null && NON_MUNICIPALIZED_AREAS.has(r.locationId))).toBe(false);
  });
});

describe('demo populations', () => {
  const municipalities = loadDivipola().flatMap((d) => d.municipalities);

  it.each([
    { code: 11001, name: 'Bogotá', min: 7_000_000, max: 8_500_000 },
    { code: 5001, name: 'Medellín', min: 2_000_000, max: 3_000_000 },
    { code: 91001, name: 'Leticia', min: 30_000, max: 70_000 },
    { code: 25001, name: 'Agua de Dios', min: 3_000, max: 60_000 },
  ])('$name has a plausible population', ({ code, min, max }) => {
    const population = municipalityPopulation(code, createRandom(20_240_601));
    expect(population).toBeGreaterThanOrEqual(min);
    expect(population).toBeLessThanOrEqual(max);
  });

  it('counts 32 capitals (DD001, but Agua de Dios) and draws towns mostly between 5,000 and 50,000', () => {
    expect(Object.keys(CAPITAL_POPULATIONS)).toHaveLength(32);
    expect(isCapital({ locationId: 25001 })).toBe(false);
    expect(isCapital({ locationId: 11001 })).toBe(true);
    const random = createRandom(20_240_601);
    const towns = municipalities.filter((m) => !isCapital({ locationId: m.id })).map((m) => municipalityPopulation(m.id, random)).sort((a, b) => a - b);
    const median = towns[Math.floor(towns.length / 2)]!;
    expect(median).toBeGreaterThan(8_000);
    expect(median).toBeLessThan(25_000);
    expect(towns.filter((p) => p >= 5_000 && p <= 50_000).length / towns.length).toBeGreaterThan(0.6);
    expect(towns.at(-1)).toBeLessThanOrEqual(800_000);
  });
});

describe('demo plan', () => {
  const reference: ReferenceSiteRow[] = referenceSites(loadDivipola()).map((row, index) => ({ ...row, id: index + 1 }));
  const now = Date.parse('2025-06-01T00:00:00Z');

  it('is the same for the same seed and differs for another', () => {
    const a = planDemoData(reference, now, createRandom(7));
    const b = planDemoData(reference, now, createRandom(7));
    const c = planDemoData(reference, now, createRandom(8));
    expect(b).toEqual(a);
    expect(c.sites.map((s) => s.id)).not.toEqual(a.sites.map((s) => s.id));
  });

  it('installs about 350 sites, with all department capitals, dates in the last two years', () => {
    const plan = planDemoData(reference, now, createRandom(20_240_601));
    expect(plan.sites.length).toBeGreaterThan(300);
    expect(plan.sites.length).toBeLessThan(400);
    const installed = new Set(plan.sites.map((s) => s.id));
    const capitals = reference.filter((r) => r.siteTypeId === 2 && isCapital(r));
    expect(capitals).toHaveLength(32);
    expect(capitals.every((r) => installed.has(r.id))).toBe(true);
    const twoYears = now - 730 * 86_400_000;
    expect(plan.sites.every((s) => Date.parse(s.modifiedDate) >= twoYears && Date.parse(s.modifiedDate) <= now)).toBe(true);
    expect(plan.users.every((u) => installed.has(u.siteId))).toBe(true);
    expect(plan.sites.find((s) => s.id === reference.find((r) => r.locationId === 11001 && r.siteTypeId === 2)!.id)?.population).toBe(7_907_000);
    expect(plan.requests.filter((r) => r.kind === 'ChangeAdmin').every((r) => installed.has(r.siteId))).toBe(true);
    expect(plan.requests.filter((r) => r.kind === 'FirstTime').every((r) => !installed.has(r.siteId))).toBe(true);
  });

  it('draws uniform numbers in range', () => {
    const random = createRandom(1);
    const draws = Array.from({ length: 1000 }, () => random.int(1, 6));
    expect(Math.min(...draws)).toBe(1);
    expect(Math.max(...draws)).toBe(6);
  });
});
