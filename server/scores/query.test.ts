import { describe, expect, it } from 'vitest';
import { readRankingQuery, readScorePeriod } from './query';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    const { statusCode, details } = error as { statusCode: number; details: Array<{ target: string; message: string }> };
    return { statusCode, ...details[0] };
  }
  throw new Error('not refused');
};

describe('readScorePeriod', () => {
  it('reads year and month together, or neither', () => {
    expect(readScorePeriod({ year: '2026', month: '3' })).toEqual({ year: 2026, month: 3 });
    expect(readScorePeriod({})).toBeNull();
    expect(readScorePeriod({ year: '', month: '' })).toBeNull();
    expect(readScorePeriod(undefined)).toBeNull();
  });

  it.each([
    [{ year: '1999', month: '1' }, 'year', 'El año no es válido'],
    [{ year: '20x6', month: '1' }, 'year', 'El año no es válido'],
    [{ year: ['2026', '2025'], month: '1' }, 'year', 'El año no es válido'],
    [{ year: '2026', month: '13' }, 'month', 'El mes no es válido'],
    [{ year: '2026', month: '0' }, 'month', 'El mes no es válido'],
    [{ year: '2026', month: '-1' }, 'month', 'El mes no es válido'],
    [{ year: '2026' }, 'month', 'Debes indicar el año y el mes'],
    [{ month: '4' }, 'year', 'Debes indicar el año y el mes'],
  ])('%j → 400 on %s', (query, target, message) => {
    expect(refusal(() => readScorePeriod(query))).toEqual({ statusCode: 400, code: 'BadArgument', target, message });
  });
});

describe('readRankingQuery', () => {
  it('reads the type and the window start, both optional', () => {
    expect(readRankingQuery({ year: '2026', month: '2', siteTypeId: '2', offset: '10' })).toEqual({ period: { year: 2026, month: 2 }, siteTypeId: 2, offset: 10 });
    expect(readRankingQuery({})).toEqual({ period: null, siteTypeId: null, offset: null });
  });

  it('refuses a bad type or start with their Spanish messages', () => {
    expect(refusal(() => readRankingQuery({ siteTypeId: '0' }))).toMatchObject({ target: 'siteTypeId', message: 'El tipo de entidad no es válido' });
    expect(refusal(() => readRankingQuery({ siteTypeId: 'abc' }))).toMatchObject({ target: 'siteTypeId' });
    expect(refusal(() => readRankingQuery({ offset: '-5' }))).toMatchObject({ target: 'offset', message: 'La posición del ranking no es válida' });
    expect(refusal(() => readRankingQuery({ offset: '5000000' }))).toMatchObject({ target: 'offset' });
  });
});
