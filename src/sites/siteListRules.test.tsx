import { describe, expect, it } from 'vitest';
import {
  formatCount,
  DEFAULT_SITE_SORT,
  nextSiteSort,
  siteSortFromQuery,
  withSiteSort,
  EMPTY_SEARCH,
  formatSiteDate,
  hasSearchCriteria,
  offersActivation,
  permissionNames,
  siteListFilter,
  siteListQuery,
  siteListStateFromQuery,
  siteStatusKey,
  statusFilter,
  statusTabsFor,
  withDepartment,
} from './siteListRules';

describe('statusTabsFor', () => {
  it('gives Sites and Reports holders every tab, Todos by default', () => {
    for (const held of [['Sites'], ['Reports'], ['Impersonate', 'Reports'], ['Sites', 'Settings']]) {
      expect(statusTabsFor(held)).toEqual({ tabs: ['all', 'active', 'inactive', 'pending'], defaultTab: 'all' });
    }
  });

  it('gives everyone else only Activos, which is the default', () => {
    for (const held of [['Impersonate'], ['Settings', 'Users'], []]) {
      expect(statusTabsFor(held)).toEqual({ tabs: ['active'], defaultTab: 'active' });
    }
  });
});

describe('statusFilter', () => {
  it('maps each tab to the site filter of the API', () => {
    expect(statusFilter('all')).toEqual({});
    expect(statusFilter('active')).toEqual({ status: 1 });
    expect(statusFilter('inactive')).toEqual({ status: 2 });
    expect(statusFilter('pending')).toEqual({ pendingRequest: true });
  });
});

describe('siteListFilter', () => {
  it('keeps only the criteria that are set, ids as numbers, the name trimmed', () => {
    expect(siteListFilter(EMPTY_SEARCH, 'all')).toEqual({});
    expect(siteListFilter({ name: '  Alcaldía ', parentLocationId: '5', locationId: '5001', groupID: '' }, 'active')).toEqual({
      status: 1,
      name: 'Alcaldía',
      parentLocationId: 5,
      locationId: 5001,
    });
    expect(siteListFilter({ ...EMPTY_SEARCH, groupID: '7' }, 'pending')).toEqual({ pendingRequest: true, groupID: 7 });
  });
});

describe('withDepartment', () => {
  it('clears the municipality when the department changes and keeps it otherwise', () => {
    const search = { name: 'x', parentLocationId: '5', locationId: '5001', groupID: '2' };
    expect(withDepartment(search, '25')).toEqual({ name: 'x', parentLocationId: '25', locationId: '', groupID: '2' });
    expect(withDepartment(search, '')).toEqual({ name: 'x', parentLocationId: '', locationId: '', groupID: '2' });
    expect(withDepartment(search, '5')).toEqual(search);
  });
});

describe('hasSearchCriteria', () => {
  it('is false only for no criteria on the default tab', () => {
    expect(hasSearchCriteria(EMPTY_SEARCH, 'all', 'all')).toBe(false);
    expect(hasSearchCriteria({ ...EMPTY_SEARCH, name: ' ' }, 'active', 'active')).toBe(false);
    expect(hasSearchCriteria(EMPTY_SEARCH, 'pending', 'all')).toBe(true);
    expect(hasSearchCriteria({ ...EMPTY_SEARCH, name: 'abc' }, 'all', 'all')).toBe(true);
    expect(hasSearchCriteria({ ...EMPTY_SEARCH, groupID: '3' }, 'all', 'all')).toBe(true);
  });
});

describe('permissionNames', () => {
  it('accepts names, permission objects or an object holding them', () => {
    expect(permissionNames(['Sites', 'Reports'])).toEqual(['Sites', 'Reports']);
    expect(permissionNames([{ permissionID: 1, name: 'Sites' }])).toEqual(['Sites']);
    expect(permissionNames({ permissions: ['Settings'] })).toEqual(['Settings']);
    expect(permissionNames(undefined)).toEqual([]);
  });
});

describe('formatSiteDate and siteStatusKey', () => {
  it('formats dates the Colombian way (dd/mm/aaaa, the day in Colombia) and tolerates missing ones', () => {
    expect(formatSiteDate('2024-03-05T15:30:00Z')).toBe('05/03/2024');
    // 02:00 UTC on the 6th is still the 5th in Bogotá (UTC−5).
    expect(formatSiteDate('2024-03-06T02:00:00Z')).toBe('05/03/2024');
    expect(formatSiteDate(null)).toBe('');
    expect(formatSiteDate('no es fecha')).toBe('');
  });

  it('derives the status label from statusId and installed', () => {
    expect(siteStatusKey({ statusId: 1, installed: true })).toBe('active');
    expect(siteStatusKey({ statusId: 2, installed: true })).toBe('inactive');
    expect(siteStatusKey({ statusId: 2, installed: false })).toBe('not_installed');
  });
});

describe('offersActivation', () => {
  it('offers Activar on inactive installed rows to Sites holders only', () => {
    expect(offersActivation({ statusId: 2, installed: true }, ['Sites'])).toBe(true);
    expect(offersActivation({ statusId: 2, installed: true }, ['Reports'])).toBe(false);
    expect(offersActivation({ statusId: 2, installed: false }, ['Sites'])).toBe(false);
    expect(offersActivation({ statusId: 1, installed: true }, ['Sites'])).toBe(false);
  });
});

describe('siteListStateFromQuery and siteListQuery', () => {
  const full = { name: 'Alcaldía de Bello', parentLocationId: '5', locationId: '5088', groupID: '1' };

  it('round-trips every criterion and tab through readable query names', () => {
    const cases: Array<[Parameters<typeof siteListQuery>[0], string]> = [
      [{ search: EMPTY_SEARCH, tab: null }, ''],
      [{ search: EMPTY_SEARCH, tab: 'all' }, 'estado=todos'],
      [{ search: EMPTY_SEARCH, tab: 'active' }, 'estado=activos'],
      [{ search: EMPTY_SEARCH, tab: 'inactive' }, 'estado=inactivos'],
      [{ search: EMPTY_SEARCH, tab: 'pending' }, 'estado=por-aprobar'],
      [{ search: full, tab: 'inactive' }, 'estado=inactivos&nombre=Alcald%C3%ADa+de+Bello&departamento=5&municipio=5088&grupo=1'],
      [{ search: { ...EMPTY_SEARCH, groupID: '7' }, tab: null }, 'grupo=7'],
    ];
    for (const [state, query] of cases) {
      expect(siteListQuery(state).toString()).toBe(query);
      expect(siteListStateFromQuery(new URLSearchParams(query))).toEqual(state);
    }
  });

  it('ignores unknown tabs, malformed ids and a municipality without department', () => {
    const cases: Array<[string, ReturnType<typeof siteListStateFromQuery>]> = [
      ['estado=borrados', { search: EMPTY_SEARCH, tab: null }],
      ['departamento=x5&grupo=1;drop', { search: EMPTY_SEARCH, tab: null }],
      ['municipio=5088', { search: EMPTY_SEARCH, tab: null }],
      ['departamento=5&municipio=-3', { search: { ...EMPTY_SEARCH, parentLocationId: '5' }, tab: null }],
      ['nombre=%20Bello%20', { search: { ...EMPTY_SEARCH, name: ' Bello ' }, tab: null }],
    ];
    for (const [query, state] of cases) expect(siteListStateFromQuery(new URLSearchParams(query)), query).toEqual(state);
  });
});

describe('site list order (sortable columns)', () => {
  it('reads the order from the address, ignoring unknown fields', () => {
    expect(siteSortFromQuery(new URLSearchParams('orden=-population'))).toEqual({ field: 'population', order: 'DESC' });
    expect(siteSortFromQuery(new URLSearchParams('orden=parentLocation'))).toEqual({ field: 'parentLocation', order: 'ASC' });
    expect(siteSortFromQuery(new URLSearchParams('orden=ranking'))).toEqual(DEFAULT_SITE_SORT);
    expect(siteSortFromQuery(new URLSearchParams(''))).toEqual(DEFAULT_SITE_SORT);
  });

  it('writes it back, leaving the default order out and the other criteria alone', () => {
    const query = new URLSearchParams('estado=inactivos');
    expect(withSiteSort(query, { field: 'countUsers', order: 'DESC' }).toString()).toBe('estado=inactivos&orden=-countUsers');
    expect(withSiteSort(new URLSearchParams('orden=-countUsers'), DEFAULT_SITE_SORT).toString()).toBe('');
  });

  it('a header click sorts its column ascending, then toggles the direction', () => {
    expect(nextSiteSort(DEFAULT_SITE_SORT, 'department')).toEqual({ field: 'parentLocation', order: 'ASC' });
    expect(nextSiteSort({ field: 'parentLocation', order: 'ASC' }, 'department')).toEqual({ field: 'parentLocation', order: 'DESC' });
    expect(nextSiteSort({ field: 'parentLocation', order: 'DESC' }, 'department')).toEqual({ field: 'parentLocation', order: 'ASC' });
    expect(nextSiteSort(DEFAULT_SITE_SORT, 'status')).toEqual({ field: 'statusId', order: 'ASC' });
  });
});

describe('formatCount', () => {
  it('writes a count as Colombian Spanish does, as toLocaleString did, and nothing for no count', () => {
    for (const value of [0, 7, 999, 1000, 1234567, 35000000]) expect(formatCount(value)).toBe(value.toLocaleString('es-CO'));
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(null)).toBe('');
    expect(formatCount(undefined)).toBe('');
  });
});
