import { describe, expect, it } from 'vitest';
import { siteSortFromQuery, withSiteSort } from '../siteListRules';
import { listOrderChoice, RANKING_SITE_SORT, sortForChoice } from './rankingOrder';

describe('the list order toggle', () => {
  it('names the order of the list: name by default, ranking, or none for a column order', () => {
    expect(listOrderChoice({ field: 'name', order: 'ASC' })).toBe('name');
    expect(listOrderChoice({ field: 'score', order: 'DESC' })).toBe('ranking');
    expect(listOrderChoice({ field: 'name', order: 'DESC' })).toBeNull();
    expect(listOrderChoice({ field: 'population', order: 'DESC' })).toBeNull();
  });

  it('ranking is the latest score, best first; name the default order', () => {
    expect(sortForChoice('ranking')).toEqual({ field: 'score', order: 'DESC' });
    expect(sortForChoice('name')).toEqual({ field: 'name', order: 'ASC' });
  });

  it('the ranking order lives in the address (orden=-score) and comes back from it', () => {
    const query = withSiteSort(new URLSearchParams('estado=activos'), RANKING_SITE_SORT);
    expect(query.get('orden')).toBe('-score');
    expect(siteSortFromQuery(query)).toEqual(RANKING_SITE_SORT);
    expect(withSiteSort(query, sortForChoice('name')).has('orden')).toBe(false);
  });
});
