import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyAudience, type Audience } from './audience';
import {
  canUndoDeactivation,
  DEACTIVATION_MESSAGES,
  DEACTIVATION_MODES,
  deactivationProblem,
  deleteRequestOf,
  emptyDeactivationFilter,
  normaliseDeactivationFilter,
  parseIdList,
  readDeleteRequest,
  segmentOfMode,
  switchMode,
  type DeactivationFilter,
  type DeactivationMode,
} from './deactivation';

const filter = (mode: DeactivationMode, parts: Partial<Omit<Audience, 'segment'>> = {}, site: number | null = null): DeactivationFilter => ({
  mode,
  audience: { ...emptyAudience(segmentOfMode(mode)), ...parts },
  site,
});

const FILTER = { target: 'filter', messageKey: DEACTIVATION_MESSAGES.filter };
const TYPES = { target: 'siteTypes', messageKey: DEACTIVATION_MESSAGES.siteTypes };
const INVALID = { problem: { target: 'request', messageKey: DEACTIVATION_MESSAGES.invalid } };

describe('modes on the audience model', () => {
  it.each([
    [1, 0],
    [2, 1],
    [3, 0],
    [4, 2],
  ] as const)('mode %i uses segment %i', (mode, segment) => {
    expect(segmentOfMode(mode)).toBe(segment);
    expect(emptyDeactivationFilter(mode).audience.segment).toBe(segment);
  });

  it.each([
    ['Total without entity types', filter(1), TYPES],
    ['Total with types', filter(1, { siteTypes: [1] }), null],
    ['Segmentada without locations', filter(2, { siteTypes: [1] }), FILTER],
    ['Segmentada without anything', filter(2), FILTER],
    ['Segmentada without entity types', filter(2, { departments: [5] }), TYPES],
    ['Segmentada with a municipality and types', filter(2, { municipalities: [5001], siteTypes: [2] }), null],
    ['Segmentada with the wildcard', filter(2, { departments: [0], siteTypes: [2] }), null],
    ['Una entidad without a site', filter(3), FILTER],
    ['Una entidad with a site', filter(3, {}, 7), null],
    ['Grupos without groups', filter(4), FILTER],
    ['Grupos with a group and no types', filter(4, { groups: [3] }), null],
  ] as const)('%s', (_name, value, expected) => {
    expect(deactivationProblem(value)).toEqual(expected);
  });

  it('a department drops its municipalities; other modes lists are emptied', () => {
    const value = filter(2, { departments: [5], municipalities: [5001, 8001], groups: [4], siteTypes: [1] }, 9);
    expect(normaliseDeactivationFilter(value)).toEqual(filter(2, { departments: [5], municipalities: [8001], siteTypes: [1] }));
    expect(normaliseDeactivationFilter(filter(4, { groups: [2], siteTypes: [1], departments: [5] }))).toEqual(filter(4, { groups: [2] }));
    expect(normaliseDeactivationFilter(filter(3, { siteTypes: [1] }, 4))).toEqual(filter(3, {}, 4));
  });

  it('the wildcard department stands alone and drops every municipality', () => {
    expect(normaliseDeactivationFilter(filter(2, { departments: [0, 5], municipalities: [5001, 0], siteTypes: [1] }))).toEqual(
      filter(2, { departments: [0], siteTypes: [1] }),
    );
  });

  it.each([
    [1, 2, { siteTypes: [1] }],
    [2, 1, { siteTypes: [1] }],
    [2, 4, {}],
    [4, 1, {}],
    [1, 3, {}],
    [3, 2, {}],
  ] as const)('switching %i → %i clears the other selections (entity types stay between Total and Segmentada)', (from, to, kept) => {
    const start = normaliseDeactivationFilter(filter(from, { departments: [5], groups: [3], siteTypes: [1] }, 8));
    expect(switchMode(start, to)).toEqual(filter(to, kept as Partial<Omit<Audience, 'segment'>>));
  });

  it('switching to the same mode keeps everything', () => {
    const value = filter(2, { departments: [5], siteTypes: [1] });
    expect(switchMode(value, 2)).toBe(value);
  });
});

describe('the comma-separated request (spec 01 §3)', () => {
  it.each([
    ['nothing', {}, { problem: FILTER }],
    ['empty strings', { locations: '', parentLocations: '', siteTypes: '', sites: '', groups: '' }, { problem: FILTER }],
    ['types only → Total', { siteTypes: '2,1,2' }, { filter: filter(1, { siteTypes: [1, 2] }), sites: [] }],
    ['locations → Segmentada', { parentLocations: '5', locations: '5001, 8001', siteTypes: '1' }, { filter: filter(2, { departments: [5], municipalities: [8001], siteTypes: [1] }), sites: [] }],
    ['locations without types', { parentLocations: '5' }, { problem: TYPES }],
    ['a site → Una entidad', { sites: '12' }, { filter: filter(3, {}, 12), sites: [12] }],
    ['groups → Grupos', { groups: '3,1' }, { filter: filter(4, { groups: [1, 3] }), sites: [] }],
    ['a site with groups', { sites: '1', groups: '2' }, INVALID],
    ['a site with types', { sites: '1', siteTypes: '2' }, INVALID],
    ['groups with locations', { groups: '1', parentLocations: '5' }, INVALID],
    ['groups with types', { groups: '1', siteTypes: '2' }, INVALID],
    ['a word in a list', { locations: 'abc', siteTypes: '1' }, INVALID],
    ['a negative id', { siteTypes: '-1' }, INVALID],
    ['an empty part', { siteTypes: '1,,2' }, INVALID],
    ['a decimal', { groups: '1.5' }, INVALID],
    ['an id beyond int4', { groups: '2147483648' }, INVALID],
    ['an object', { groups: { a: 1 } }, INVALID],
  ] as const)('%s', (_name, wire, expected) => {
    expect(readDeleteRequest(wire as Record<string, unknown>)).toEqual(expected);
  });

  it('parseIdList: numbers, blanks around parts, too many parts', () => {
    expect(parseIdList(7)).toEqual([7]);
    expect(parseIdList(' 3 , 1 ')).toEqual([1, 3]);
    expect(parseIdList(Array.from({ length: 2001 }, (_, i) => i).join(','))).toBeNull();
    expect(parseIdList(null)).toEqual([]);
  });

  const ids = fc.uniqueArray(fc.integer({ min: 1, max: 99_999 }), { maxLength: 6 });
  const filterArb = fc
    .record({
      mode: fc.constantFrom(...DEACTIVATION_MODES),
      departments: fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { maxLength: 4 }),
      municipalities: fc.uniqueArray(fc.oneof(fc.constant(0), fc.integer({ min: 1000, max: 99_999 })), { maxLength: 4 }),
      groups: ids,
      siteTypes: ids,
      site: fc.option(fc.integer({ min: 1, max: 99_999 }), { nil: null }),
    })
    .map(({ mode, site, ...parts }) => filter(mode, parts, site));

  it('every complete filter round-trips through the request to its normal form (property)', () => {
    fc.assert(
      fc.property(filterArb, (value) => {
        const normal = normaliseDeactivationFilter(value);
        const reading = readDeleteRequest(deleteRequestOf(value));
        if (deactivationProblem(value) === null) {
          expect(reading).toEqual({ filter: normal, sites: normal.site === null ? [] : [normal.site] });
        } else if (!('problem' in reading)) {
          // An incomplete form's request can read as another complete mode (Segmentada with types and no place is the
          // wire form of Total with those types): it must then be a complete filter of its own, never a half one.
          expect(deactivationProblem(reading.filter)).toBeNull();
          expect(reading.filter.mode).not.toBe(value.mode);
        }
      }),
    );
  });

  it('normalising is idempotent and never mixes two modes in one request (property)', () => {
    fc.assert(
      fc.property(filterArb, (value) => {
        const normal = normaliseDeactivationFilter(value);
        expect(normaliseDeactivationFilter(normal)).toEqual(normal);
        const wire = deleteRequestOf(value);
        const given = [wire.sites !== '', wire.groups !== '', wire.locations + wire.parentLocations !== ''].filter(Boolean);
        expect(given.length).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('the undo window', () => {
  const finished = new Date('2026-01-01T10:00:00Z');
  it.each([
    ['just finished', finished, null, new Date('2026-01-01T10:00:01Z'), true],
    ['24 h later exactly', finished, null, new Date('2026-01-02T10:00:00Z'), true],
    ['a second past 24 h', finished, null, new Date('2026-01-02T10:00:01Z'), false],
    ['still running', null, null, finished, false],
    ['already undone', finished, finished, new Date('2026-01-01T11:00:00Z'), false],
  ] as const)('%s', (_name, finishedAt, undoneAt, now, expected) => {
    expect(canUndoDeactivation({ finishedAt, undoneAt }, now)).toBe(expected);
  });
});
