import { describe, expect, it } from 'vitest';
import type { ListQuery, ListSpec } from '../../resources/listQuery';
import { SqlParams } from '../lists/listQuery';
import { cursorOf, keysetAfter, keysetColumns, keysetRest, keysetSelect } from './keyset';

const spec: ListSpec = {
  defaultPageSize: 20,
  maxPageSize: 100,
  orders: { name: 'x.name', id: 'x.id', population: { sql: 'x.population', nullsLast: true }, date: 'x.date' },
  defaultOrder: 'name',
  tieBreaker: 'x.id',
  filters: {},
};
const query = (name: string, descending = false): ListQuery => ({ page: 1, pageSize: 20, order: { name, descending }, conditions: [] });

describe('keysetAfter', () => {
  it.each([
    ['first batch', 'name', false, null, [], []],
    ['ascending (the empty keys are read after, as a section)', 'name', false, { orderKey: 'b', tieKey: '7' }, ['(x.name, x.id) > ($2, $1)'], ['7', 'b']],
    ['descending (empty keys first, already given)', 'date', true, { orderKey: '2026-01-01', tieKey: '7' }, ['(x.date, x.id) < ($2, $1)'], ['7', '2026-01-01']],
    ['descending after an empty key: the rest of the empty ones', 'date', true, { orderKey: null, tieKey: '7' }, ['(x.date is null and x.id < $1)'], ['7']],
    ['empty keys last, after an empty key: the rest of the empty ones', 'population', true, { orderKey: null, tieKey: '7' }, ['(x.population is null and x.id < $1)'], ['7']],
    ['empty keys last, descending', 'population', true, { orderKey: '10', tieKey: '7' }, ['(x.population, x.id) < ($2, $1)'], ['7', '10']],
    ['the section of the empty keys', 'population', true, { section: 'empty' }, ['x.population is null'], []],
    ['the section of the filled keys', 'date', true, { section: 'filled' }, ['x.date is not null'], []],
    ['the tie breaker is the order', 'id', true, { orderKey: '9', tieKey: '9' }, ['x.id < $1'], ['9']],
  ] as const)('%s', (_label, order, descending, cursor, conditions, values) => {
    const params = new SqlParams();
    expect(keysetAfter(spec, query(order, descending), cursor, params)).toEqual(conditions);
    expect(params.values).toEqual(values);
  });
});

describe('keysetRest (after a short batch)', () => {
  it.each([
    ['first batch: the whole order was read', 'name', false, null, null],
    ['ascending, filled keys: the empty ones follow', 'name', false, { orderKey: 'b', tieKey: '7' }, { section: 'empty' }],
    ['ascending, empty keys: nothing follows', 'name', false, { orderKey: null, tieKey: '7' }, null],
    ['descending, empty keys first: the filled ones follow', 'date', true, { orderKey: null, tieKey: '7' }, { section: 'filled' }],
    ['descending, filled keys: nothing follows', 'date', true, { orderKey: '2026-01-01', tieKey: '7' }, null],
    ['empty keys last, descending, filled keys: the empty ones follow', 'population', true, { orderKey: '10', tieKey: '7' }, { section: 'empty' }],
    ['the empty section, last', 'population', true, { section: 'empty' }, null],
    ['the filled section, last', 'date', true, { section: 'filled' }, null],
    ['the tie breaker is the order', 'id', false, { orderKey: '9', tieKey: '9' }, null],
  ] as const)('%s', (_label, order, descending, cursor, rest) => {
    expect(keysetRest(spec, query(order, descending), cursor)).toEqual(rest);
  });
});

describe('keysetSelect and cursorOf', () => {
  it('selects the keys as text and reads them back', () => {
    expect(keysetSelect(spec, query('population'))).toBe('(x.population)::text as "__orderKey", (x.id)::text as "__tieKey"');
    expect(cursorOf({ __orderKey: null, __tieKey: '3' })).toEqual({ orderKey: null, tieKey: '3' });
    expect(cursorOf({ __orderKey: 'a', __tieKey: 3 })).toEqual({ orderKey: 'a', tieKey: '3' });
  });
});

describe('keysetColumns (rows as arrays)', () => {
  it('reads each key from a column already selected, and selects as text only the missing ones', () => {
    expect(keysetColumns(spec, query('date', true), ['x.id', 'x.date', null])).toEqual({ select: '', order: 1, tie: 0 });
    expect(keysetColumns(spec, query('population'), ['x.id', null])).toEqual({ select: '(x.population)::text', order: 2, tie: 0 });
    expect(keysetColumns(spec, query('name'), [null, 'x.date'])).toEqual({ select: '(x.name)::text, (x.id)::text', order: 2, tie: 3 });
    expect(keysetColumns(spec, query('id'), ['x.name'])).toEqual({ select: '(x.id)::text', order: 1, tie: 1 });
    expect(keysetColumns(spec, query('id'), ['x.name', 'x.id'])).toEqual({ select: '', order: 1, tie: 1 });
  });
});
