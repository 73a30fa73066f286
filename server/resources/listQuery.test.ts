import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { defineResource, type ResourceDeclaration } from '../../resources/types';
import { ApiError } from '../http/errors';
import { likePattern, parseListQuery } from './listQuery';
import { resourcePaths } from './paths';
import { valuesToStore, toRecord } from './fields';

const declaration = defineResource({
  name: 'things',
  apiPath: '/things/',
  idField: 'thingID',
  table: 'things',
  route: '/configuracion/cosas',
  title: 'resources.things.title',
  fields: [
    { source: 'thingID', type: 'id', label: 'x' },
    { source: 'name', type: 'text', label: 'x', searchable: true },
    { source: 'rate', type: 'decimal', label: 'x', nullable: true },
    { source: 'active', type: 'boolean', label: 'x', readOnly: true, defaultValue: true },
  ],
  schema: yup.object({ name: yup.string() }),
  routeAccess: ['Settings'],
  permissions: { read: ['Settings'], write: ['Settings'] },
  sort: { field: 'name', order: 'DESC' },
  pageSize: 30,
  editMode: 'dialog',
}) as unknown as ResourceDeclaration;

describe('parseListQuery', () => {
  it('applies the declaration defaults', () => {
    expect(parseListQuery(declaration, {})).toEqual({
      page: 1,
      pageSize: 30,
      search: null,
      order: { source: 'name', descending: true },
      filters: [],
    });
  });

  it('reads page, capped page size, search, order and typed filters', () => {
    const query = parseListQuery(declaration, { page: '3', pageSize: '5000', search: '  caja ', orderBy: '-rate', active: 'false', thingID: ['1', '2'] });
    expect(query.page).toBe(3);
    expect(query.pageSize).toBe(1000);
    expect(query.search).toBe('caja');
    expect(query.order).toEqual({ source: 'rate', descending: true });
    expect(query.filters).toEqual([
      { source: 'thingID', values: [1, 2] },
      { source: 'active', values: [false] },
    ]);
  });

  it('refuses an undeclared order field, a bad page and a filter of the wrong type', () => {
    const refusal = (query: Record<string, unknown>) => {
      try {
        parseListQuery(declaration, query);
      } catch (error) {
        return error instanceof ApiError ? [error.statusCode, error.details[0]?.target] : error;
      }
      return null;
    };
    expect(refusal({ orderBy: 'password' })).toEqual([400, 'orderBy']);
    expect(refusal({ page: '0' })).toEqual([400, 'page']);
    expect(refusal({ pageSize: 'many' })).toEqual([400, 'pageSize']);
    expect(refusal({ rate: 'high' })).toEqual([400, 'rate']);
    expect(refusal({ active: 'maybe' })).toEqual([400, 'active']);
  });
});

describe('engine helpers', () => {
  it('escapes LIKE wildcards in the search text', () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('joins item paths with and without the trailing slash', () => {
    expect(resourcePaths({ apiPath: '/sitetypes/' })).toEqual({ collection: '/sitetypes/', item: '/sitetypes/:id' });
    expect(resourcePaths({ apiPath: '/documentType' })).toEqual({ collection: '/documentType', item: '/documentType/:id' });
    expect(resourcePaths({ apiPath: '/chats/categories/' }).item).toBe('/chats/categories/:id');
  });

  it('stores only writable fields, with read-only defaults on create', () => {
    const body = { thingID: 9, name: 'Caja', rate: '1.5', active: false };
    expect(valuesToStore(declaration, body, 'create')).toEqual({ name: 'Caja', rate: 1.5, active: true });
    expect(valuesToStore(declaration, { name: 'Caja' }, 'update')).toEqual({ name: 'Caja' });
  });

  it('answers decimals as numbers', () => {
    expect(toRecord(declaration, { thingID: 1, name: 'a', rate: '2.50', active: true })).toEqual({ thingID: 1, name: 'a', rate: 2.5, active: true });
  });
});
