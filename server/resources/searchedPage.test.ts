import { describe, expect, it } from 'vitest';
import type { ListQuery } from '../../resources/listQuery';
import { pageFromWalk, SEARCH_WALK_MAX, searchWalkRows } from './searchedPage';

const query = (page: number, pageSize: number): ListQuery => ({ page, pageSize, order: { name: 'createdDate', descending: true }, conditions: [] });
const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('searched pages: walk or candidates', () => {
  it.each([
    [1, 20, 20, 420],
    [3, 20, 20, 1220],
    [50, 20, 20, SEARCH_WALK_MAX],
  ])('page %i of %i walks %i rows per row needed: %i', (page, pageSize, perRow, rows) => {
    expect(searchWalkRows(query(page, pageSize), perRow)).toBe(rows);
  });

  it.each([
    ['the walk holds the page and one more', query(1, 20), { walked: 420, ids: ids(21) }, ids(21)],
    ['a later page: its rows after the offset', query(2, 10), { walked: 420, ids: ids(30) }, ids(21).slice(10)],
    ['the walk read the whole list: its matches are all there are', query(1, 20), { walked: 37, ids: ids(5) }, ids(5)],
    ['the whole list, the page beyond its matches: empty', query(3, 20), { walked: 37, ids: ids(5) }, []],
    ['too few matches in a full walk: the candidates', query(1, 20), { walked: 420, ids: ids(20) }, null],
  ])('%s', (_, page, answer, expected) => {
    expect(pageFromWalk(page, 420, answer)).toEqual(expected);
  });
});
