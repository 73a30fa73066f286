import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUDIENCE_WIRES,
  audienceFromWireBody,
  audienceWireKeys,
  audienceFromBanner,
  audienceFromContent,
  audienceFromDeleteFilter,
  audienceFromLogo,
  audienceFromMassEmail,
  audienceFromReport,
  audienceSchema,
  bannerFromAudience,
  contentFromAudience,
  deleteFilterFromAudience,
  departmentOfMunicipality,
  isAudienceComplete,
  logoFromAudience,
  massEmailFromAudience,
  municipalityOffered,
  normaliseAudience,
  reportFromAudience,
  showsSiteTypes,
  switchSegment,
  withDepartments,
  withMunicipalities,
  type Audience,
  type AudienceSegment,
} from './audience';
import { audience as texts } from '../i18n/es/audience';

const a = (segment: AudienceSegment, parts: Partial<Omit<Audience, 'segment'>> = {}): Audience => ({
  segment,
  departments: [],
  municipalities: [],
  groups: [],
  siteTypes: [],
  ...parts,
});

describe('normaliseAudience', () => {
  it.each([
    ['country keeps only types', a(0, { departments: [5], municipalities: [5001], groups: [1], siteTypes: [2, 1, 2] }), a(0, { siteTypes: [1, 2] })],
    ['groups keep only groups (types ignored)', a(2, { departments: [5], groups: [3, 1, 3], siteTypes: [1] }), a(2, { groups: [1, 3] })],
    ['a department drops its municipalities', a(1, { departments: [5], municipalities: [5001, 8001], siteTypes: [1] }), a(1, { departments: [5], municipalities: [8001], siteTypes: [1] })],
    ['all departments stands alone and drops every municipality', a(1, { departments: [5, 0], municipalities: [8001, 0], siteTypes: [1] }), a(1, { departments: [0], siteTypes: [1] })],
    ['all municipalities stands alone', a(1, { departments: [5], municipalities: [0, 8001, 5001], siteTypes: [1] }), a(1, { departments: [5], municipalities: [0], siteTypes: [1] })],
    ['municipality in another department is kept', a(1, { departments: [8], municipalities: [5001], siteTypes: [3] }), a(1, { departments: [8], municipalities: [5001], siteTypes: [3] })],
    ['Bogotá D.C. (11001) is dropped by department 11', a(1, { departments: [11], municipalities: [11001], siteTypes: [1] }), a(1, { departments: [11], siteTypes: [1] })],
  ])('%s', (_name, input, expected) => {
    expect(normaliseAudience(input)).toEqual(expected);
  });

  it('derives the department from the DANE code', () => {
    expect(departmentOfMunicipality(5001)).toBe(5);
    expect(departmentOfMunicipality(11001)).toBe(11);
    expect(departmentOfMunicipality(99773)).toBe(99);
  });
});

describe('input rules', () => {
  it('switching segment clears the other selections; types stay unless groups', () => {
    const located = a(1, { departments: [5], municipalities: [8001], siteTypes: [1, 2] });
    expect(switchSegment(located, 0)).toEqual(a(0, { siteTypes: [1, 2] }));
    expect(switchSegment(located, 2)).toEqual(a(2));
    expect(switchSegment(a(2, { groups: [4] }), 1)).toEqual(a(1));
    expect(switchSegment(located, 1)).toBe(located);
  });

  it.each([
    ['picking a department removes its municipalities', a(1, { municipalities: [5001, 8001] }), [5], a(1, { departments: [5], municipalities: [8001] })],
    ['picking all departments clears municipalities', a(1, { departments: [5], municipalities: [8001] }), [5, 0], a(1, { departments: [0] })],
  ])('withDepartments: %s', (_name, input, departments, expected) => {
    expect(withDepartments(input, departments)).toEqual(expected);
  });

  it.each([
    ['all municipalities replaces the chosen ones', a(1, { municipalities: [8001] }), [8001, 0], a(1, { municipalities: [0] })],
    ['a municipality after the wildcard replaces it', a(1, { municipalities: [0] }), [0, 8001], a(1, { municipalities: [8001] })],
    ['a municipality of a chosen department is dropped', a(1, { departments: [5] }), [5001], a(1, { departments: [5] })],
  ])('withMunicipalities: %s', (_name, input, municipalities, expected) => {
    expect(withMunicipalities(input, municipalities)).toEqual(expected);
  });

  it('offers only municipalities outside the chosen departments', () => {
    expect(municipalityOffered(a(1, { departments: [5] }), 5001)).toBe(false);
    expect(municipalityOffered(a(1, { departments: [5] }), 8001)).toBe(true);
    expect(municipalityOffered(a(1, { departments: [0] }), 8001)).toBe(false);
  });

  it('hides the entity types for groups', () => {
    expect([0, 1, 2].map((s) => showsSiteTypes(s as AudienceSegment))).toEqual([true, true, false]);
  });
});

describe('audienceSchema', () => {
  const messageOf = (value: unknown) => {
    try {
      audienceSchema.validateSync(value, { abortEarly: false });
      return [];
    } catch (error) {
      return (error as { errors: string[] }).errors;
    }
  };
  it.each([
    ['country with types', a(0, { siteTypes: [1] }), []],
    ['country without types', a(0), ['audience.validation.site_types']],
    ['locations without any', a(1, { siteTypes: [1] }), ['audience.validation.locations']],
    ['locations with a wildcard', a(1, { departments: [0], siteTypes: [1] }), []],
    ['locations without types', a(1, { municipalities: [5001] }), ['audience.validation.site_types']],
    ['groups without any', a(2), ['audience.validation.groups']],
    ['groups without types', a(2, { groups: [1] }), []],
    ['unknown segment', { ...a(0, { siteTypes: [1] }), segment: 3 }, ['audience.validation.segment']],
    ['negative id', a(0, { siteTypes: [-1] }), ['audience.validation.invalid']],
    ['text id', { ...a(0), siteTypes: ['1'] }, ['audience.validation.invalid']],
    ['unknown key', { ...a(0, { siteTypes: [1] }), sites: [1] }, ['audience.validation.invalid']],
  ])('%s', (_name, value, expected) => {
    expect(messageOf(value)).toEqual(expected);
    expect(isAudienceComplete(value as Audience)).toBe(expected.length === 0);
  });

  it('every message key has its Spanish text, word for word from the spec', () => {
    expect(texts.validation.locations).toBe('Debes ingresar un departamento y/o municipio');
    expect(texts.validation.groups).toBe('Debes ingresar por lo menos un grupo');
    expect(texts.validation.site_types).toBe('Debes seleccionar una o más entidades');
  });
});

describe('wire shapes', () => {
  it('mass e-mail: tags are departments, locations municipalities', () => {
    const audience = audienceFromMassEmail({ segment: 1, tags: [5], locations: [5001, 8001], siteTypes: [1], groupIdentifiers: [9] });
    expect(audience).toEqual(a(1, { departments: [5], municipalities: [8001], siteTypes: [1] }));
    expect(massEmailFromAudience(audience)).toEqual({ segment: 1, tags: [5], locations: [8001], siteTypes: [1], groupIdentifiers: [] });
  });

  it.each([
    ['total', { locations: '', parentLocations: '', siteTypes: '1,2', sites: '', groups: '' }, a(0, { siteTypes: [1, 2] })],
    ['segmented', { locations: '5001, 8001', parentLocations: '5', siteTypes: '3', sites: '', groups: '' }, a(1, { departments: [5], municipalities: [8001], siteTypes: [3] })],
    ['all departments', { locations: '', parentLocations: '0', siteTypes: '3', sites: '', groups: '' }, a(1, { departments: [0], siteTypes: [3] })],
    ['groups', { locations: '', parentLocations: '', siteTypes: '1', sites: '', groups: '4,2' }, a(2, { groups: [2, 4] })],
  ])('bulk deactivation: %s', (_name, wire, expected) => {
    expect(audienceFromDeleteFilter(wire).audience).toEqual(expected);
  });

  it('bulk deactivation carries one entity beside the audience', () => {
    const { sites } = audienceFromDeleteFilter({ sites: '12', siteTypes: '1' });
    expect(sites).toEqual([12]);
    expect(deleteFilterFromAudience(a(0, { siteTypes: [1] }), [12])).toEqual({ locations: '', parentLocations: '', siteTypes: '1', sites: '12', groups: '' });
  });

  it('contents and reports: location models by type, wildcards with code 0', () => {
    const audience = a(1, { departments: [5], municipalities: [0], siteTypes: [2] });
    const content = contentFromAudience(audience);
    expect(content.contentLocationModels).toEqual([
      { locationType: 'Department', locationCode: 5, parentLocationId: 170 },
      { locationType: 'Municipality', locationCode: 0, parentLocationId: 0 },
    ]);
    expect(audienceFromContent(content)).toEqual(audience);
    expect(reportFromAudience(audience).segmentType).toBe(1);
    expect(audienceFromReport({ segmentType: 2, groupIdentifiers: [7], siteTypeModels: [{ siteTypeId: 1 }] })).toEqual(a(2, { groups: [7] }));
  });

  it('banners and logos: all departments hangs under 170, all municipalities under 0', () => {
    const all = a(1, { departments: [0], siteTypes: [1] });
    expect(bannerFromAudience(all).bannerLocationList).toEqual([{ locationID: 0, location: { parentLocationId: 170 } }]);
    expect(audienceFromBanner(bannerFromAudience(all))).toEqual(all);
    const municipalities = a(1, { municipalities: [0], siteTypes: [1] });
    expect(audienceFromLogo(logoFromAudience(municipalities))).toEqual(municipalities);
  });
});

describe('properties', () => {
  const id = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 99 }));
  const municipality = fc.oneof(fc.constant(0), fc.integer({ min: 1001, max: 99999 }));
  const audienceArb = fc.record({
    segment: fc.constantFrom<AudienceSegment>(0, 1, 2),
    departments: fc.array(id, { maxLength: 6 }),
    municipalities: fc.array(municipality, { maxLength: 8 }),
    groups: fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 5 }),
    siteTypes: fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 5 }),
  });

  it('normalise is idempotent', () => {
    fc.assert(fc.property(audienceArb, (audience) => {
      const once = normaliseAudience(audience);
      expect(normaliseAudience(once)).toEqual(once);
    }));
  });

  it('every wire shape round-trips to the normal form', () => {
    fc.assert(fc.property(audienceArb, (audience) => {
      const normal = normaliseAudience(audience);
      expect(audienceFromMassEmail(massEmailFromAudience(audience))).toEqual(normal);
      expect(audienceFromContent(contentFromAudience(audience))).toEqual(normal);
      expect(audienceFromReport(reportFromAudience(audience))).toEqual(normal);
      expect(audienceFromBanner(bannerFromAudience(audience))).toEqual(normal);
      expect(audienceFromLogo(logoFromAudience(audience))).toEqual(normal);
    }));
  });

  it('the engine adapter reads back what it writes, for banners, logos and contents', () => {
    fc.assert(fc.property(audienceArb, fc.constantFrom('banner' as const, 'logo' as const, 'content' as const), (audience, wire) => {
      const normal = normaliseAudience(audience);
      const body = audienceWireKeys(wire, normal);
      expect(Object.keys(body).sort()).toEqual([...AUDIENCE_WIRES[wire].keys].sort());
      expect(normaliseAudience(audienceFromWireBody(wire, body, 'audience') as unknown as Audience)).toEqual(normal);
    }));
  });

  it('the delete filter round-trips when its segment is implied by the lists', () => {
    fc.assert(fc.property(audienceArb, (audience) => {
      const normal = normaliseAudience(audience);
      const implied = normal.segment === 2 ? normal.groups.length > 0 : normal.segment === 1 ? normal.departments.length + normal.municipalities.length > 0 : true;
      fc.pre(implied);
      expect(audienceFromDeleteFilter(deleteFilterFromAudience(audience)).audience).toEqual(normal);
    }));
  });
});

describe('the spec wire shape in a body (the engine adapter)', () => {
  it('is read only when the body names no audience field, and keeps bad values bad', () => {
    expect(audienceFromWireBody('banner', { audience: a(0, { siteTypes: [1] }), segment: 2 }, 'audience')).toBeUndefined();
    expect(audienceFromWireBody('banner', { title: 'x' }, 'audience')).toBeUndefined();
    expect(audienceFromWireBody('content', { segment: 1, contentLocationModels: [{ locationType: 'Municipality', locationCode: 5001 }], contentsiteTypeModels: [{ siteTypeId: 3 }] }, 'audience')).toEqual({
      segment: 1,
      departments: [],
      municipalities: [5001],
      groups: [],
      siteTypes: [3],
    });
    // Malformed items and an unknown segment fail the schema instead of widening the audience to the whole country.
    const cases: Array<[Parameters<typeof audienceFromWireBody>[0], Record<string, unknown>]> = [
      ['banner', { segment: 7, bannerSitetypeList: [{ siteTypeID: 1 }] }],
      ['banner', { segment: 0, bannerSitetypeList: ['1'] }],
      ['logo', { segment: 1, gLogoLocationList: [{ locationID: 'Antioquia' }], gLogoSiteTypesList: [{ siteTypeID: 1 }] }],
      ['content', { segment: 1, contentLocationModels: [{ locationType: 'Vereda', locationCode: 5 }], contentsiteTypeModels: [{ siteTypeId: 1 }] }],
      ['content', { segment: 2, contentsiteGroupModels: 'todos' }],
    ];
    for (const [wire, body] of cases) expect(audienceSchema.isValidSync(audienceFromWireBody(wire, body, 'audience'))).toBe(false);
  });
});
