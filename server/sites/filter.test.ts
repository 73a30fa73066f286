import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { parseSiteFilter, siteOrderBy, siteWhere } from './filter';

describe('parseSiteFilter', () => {
  it('defaults to page 1 of 20 ordered by name', () => {
    expect(parseSiteFilter({})).toMatchObject({ page: 1, pageSize: 20, orderBy: 'name' });
  });

  it('reads every filter from query strings; empty strings mean no filter', () => {
    const filter = parseSiteFilter({
      page: '3',
      pageSize: '50',
      name: ' san ',
      parentLocationId: '5',
      locationId: '5001',
      groupID: '2',
      status: '1',
      pendingRequest: 'true',
      orderBy: '-modifiedDate',
    });
    expect(filter).toEqual({
      page: 3,
      pageSize: 50,
      name: 'san',
      parentLocationId: 5,
      locationId: 5001,
      groupID: 2,
      status: 1,
      pendingRequest: true,
      orderBy: '-modifiedDate',
    });
    expect(parseSiteFilter({ name: '', status: '', parentLocationId: '' })).toMatchObject({ name: undefined, status: undefined, parentLocationId: undefined });
  });

  it('refuses bad values with one Spanish detail per parameter', () => {
    try {
      parseSiteFilter({ page: '0', pageSize: '1000', orderBy: 'password', status: '7', groupID: 'x', pendingRequest: 'quizá' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      const apiError = error as ApiError;
      expect(apiError.statusCode).toBe(400);
      expect(apiError.details.map((d) => d.target).sort()).toEqual(['groupID', 'orderBy', 'page', 'pageSize', 'pendingRequest', 'status']);
      expect(apiError.message).toBe('El número de página no es válido');
      expect(apiError.details.find((d) => d.target === 'pageSize')?.message).toBe('El tamaño de página debe ser un número entre 1 y 100');
    }
  });
});

describe('siteWhere', () => {
  it('always excludes deleted sites and numbers its parameters', () => {
    expect(siteWhere(parseSiteFilter({}))).toEqual({ text: 'where not s.is_deleted', params: [] });
    const where = siteWhere(parseSiteFilter({ name: 'Bogotá.*', parentLocationId: '11', groupID: '4' }));
    expect(where.params).toEqual(['b[oóòOÓÒ]g[oóòOÓÒ]t[aáàAÁÀ]\\.\\*', 11, 4]);
    expect(where.text).toContain('s.name ~* $1');
    expect(where.text).toContain('s.parent_location_id = $2');
    expect(where.text).toContain('gs.group_id = $3');
  });

  it('status 1 is active and installed; 2 is its complement', () => {
    expect(siteWhere(parseSiteFilter({ status: '1' })).text).toContain('s.status_id = 1 and s.installed');
    expect(siteWhere(parseSiteFilter({ status: '2' })).text).toContain('not (s.status_id = 1 and s.installed)');
    expect(siteWhere(parseSiteFilter({ pendingRequest: 'false' })).text).toContain('not s.pending_request');
  });
});

describe('siteOrderBy', () => {
  it('orders whitelisted fields with a stable id tie-break', () => {
    expect(siteOrderBy('-population')).toBe('order by s.population desc nulls last, s.id desc');
    expect(siteOrderBy('id')).toBe('order by s.id asc');
    expect(siteOrderBy('-modifiedDate')).toBe('order by s.modified_date desc, s.id desc');
    expect(siteOrderBy('name')).toBe('order by spanish_key(s.name) collate "C" asc, s.id asc');
    expect(siteOrderBy('-childLocation')).toBe('order by spanish_key(cl.name) collate "C" desc nulls last, s.id desc');
  });
});
