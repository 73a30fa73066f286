import { describe, expect, it } from 'vitest';
import type { ResourceAction } from '../../resources/types';
import { defineTestResource } from '../../tests/helpers/testResource';
import { actionDeclarationProblems, actionOperationId, actionPathParams, actionUrl, MAX_SORT_ITEMS, movedPositions, readSortList } from './actionRules';

describe('action paths', () => {
  it.each([
    ['/contents/', '{id}/enable', '/contents/:id/enable', ['id']],
    ['/contents/', '{id}/sort/{targetId}', '/contents/:id/sort/:targetId', ['id', 'targetId']],
    ['/banners', 'sort', '/banners/sort', []],
    ['/documentType', '/{id}/stamp/', '/documentType/:id/stamp', ['id']],
    ['/sites/groupsites/', '', '/sites/groupsites/', []],
  ])('%s + %s → %s', (collection, path, url, params) => {
    expect(actionUrl(collection, path)).toBe(url);
    expect(actionPathParams(path)).toEqual(params);
  });

  it('names the operation after the resource and the action', () => {
    expect(actionOperationId('contents', 'enable')).toBe('contentsEnable');
    expect(actionOperationId('banners', 'sortAll')).toBe('bannersSortAll');
  });
});

describe('movedPositions', () => {
  const rows = (...positions: Array<number | null>) => positions.map((position, index) => ({ id: index + 1, position }));

  it.each([
    { name: 'down: the rows between move up', rows: rows(1, 2, 3, 4), moved: 1, target: 3, changes: [{ id: 2, position: 1 }, { id: 3, position: 2 }, { id: 1, position: 3 }] },
    { name: 'up: the rows between move down', rows: rows(1, 2, 3, 4), moved: 4, target: 2, changes: [{ id: 4, position: 2 }, { id: 2, position: 3 }, { id: 3, position: 4 }] },
    { name: 'gaps are kept: positions are reused', rows: rows(10, 20, 30), moved: 3, target: 1, changes: [{ id: 3, position: 10 }, { id: 1, position: 20 }, { id: 2, position: 30 }] },
    { name: 'onto itself: nothing', rows: rows(1, 2, 3), moved: 2, target: 2, changes: [] },
    { name: 'unknown target: nothing', rows: rows(1, 2, 3), moved: 2, target: 9, changes: [] },
    { name: 'duplicates and empty positions: renumbered 1…n', rows: rows(1, 1, null), moved: 3, target: 1, changes: [{ id: 3, position: 1 }, { id: 1, position: 2 }, { id: 2, position: 3 }] },
  ])('$name', ({ rows: given, moved, target, changes }) => {
    expect(movedPositions(given, moved, target)).toEqual(changes);
  });
});

describe('readSortList', () => {
  it('reads integers (numbers or their text) for each item', () => {
    expect(readSortList([{ id: 3, order: '2' }, { id: '4', order: 1 }], 'id', 'order')).toEqual({ items: [{ id: 3, position: 2 }, { id: 4, position: 1 }] });
  });

  it.each([
    { body: { id: 1 }, refusals: [{ target: 'items', messageKey: 'validation.sort.list' }] },
    { body: [], refusals: [{ target: 'items', messageKey: 'validation.sort.list' }] },
    { body: Array.from({ length: MAX_SORT_ITEMS + 1 }, (_v, i) => ({ id: i + 1, order: i })), refusals: [{ target: 'items', messageKey: 'validation.sort.list' }] },
    { body: ['x'], refusals: [{ target: 'items[0]', messageKey: 'validation.sort.item' }] },
    {
      body: [{ id: 0, order: 1.5 }, { id: 2, order: 1 }, { id: 2, order: 2 }],
      refusals: [
        { target: 'items[0].id', messageKey: 'validation.field.integer' },
        { target: 'items[0].order', messageKey: 'validation.field.integer' },
        { target: 'items[2].id', messageKey: 'validation.sort.repeated' },
      ],
    },
  ])('refuses $body', ({ body, refusals }) => {
    expect(readSortList(body, 'id', 'order')).toEqual({ refusals });
  });
});

describe('actionDeclarationProblems', () => {
  const base = defineTestResource({
    name: 'things',
    apiPath: '/things/',
    idField: 'id',
    table: 'things',
    route: '',
    title: 't',
    fields: [
      { source: 'id', type: 'id', label: 'l' },
      { source: 'active', type: 'boolean', label: 'l' },
      { source: 'order', type: 'integer', label: 'l' },
      { source: 'size', type: 'integer', label: 'l', readOnly: true, computed: { sql: '1' } },
    ],
    routeAccess: [],
    permissions: { read: ['Settings'], write: ['Settings'] },
    sort: { field: 'order', order: 'ASC' },
    pageSize: 10,
    editMode: 'dialog',
  });
  const problems = (action: ResourceAction, hasHandler = false) => actionDeclarationProblems({ ...base, actions: [action] }, action, hasHandler);

  it('accepts the spec shapes', () => {
    expect(problems({ name: 'enable', kind: 'enable', method: 'POST', path: '{id}/enable', scope: 'record', field: 'active' })).toEqual([]);
    expect(problems({ name: 'sort', kind: 'sort', method: 'POST', path: '{id}/sort/{targetId}', scope: 'record', field: 'order' })).toEqual([]);
    expect(problems({ name: 'sortAll', kind: 'sort', method: 'PUT', path: 'sort', scope: 'collection', field: 'order' })).toEqual([]);
    expect(problems({ name: 'publish', kind: 'custom', method: 'POST', path: '{id}/publish', scope: 'record' }, true)).toEqual([]);
  });

  it('takes the collection path itself only for a collection action whose method no generated route uses', () => {
    const addRows: ResourceAction = { name: 'addRows', kind: 'custom', method: 'POST', path: '', scope: 'collection' };
    expect(actionDeclarationProblems({ ...base, operations: ['list'], actions: [addRows] }, addRows, true)).toEqual([]);
    expect(actionDeclarationProblems({ ...base, actions: [addRows] }, addRows, true).join('; ')).toContain('create route');
    const onRecord: ResourceAction = { ...addRows, scope: 'record' };
    expect(actionDeclarationProblems({ ...base, operations: ['list'], actions: [onRecord] }, onRecord, true).join('; ')).toContain('scope collection');
    const replace: ResourceAction = { ...addRows, method: 'PUT' };
    expect(actionDeclarationProblems({ ...base, operations: ['list'], collectionUpdate: true, actions: [replace] }, replace, true).join('; ')).toContain('collection update');
  });

  it('refuses actions on a nested resource or a text id, which they could not scope', () => {
    const enable: ResourceAction = { name: 'enable', kind: 'enable', method: 'POST', path: '{id}/enable', scope: 'record', field: 'active' };
    const nested = { ...base, apiPath: '/owners/{ownerId}/things/', parent: { param: 'ownerId', field: 'order', resource: 'owners' }, actions: [enable] };
    expect(actionDeclarationProblems(nested, enable, false).join('; ')).toContain('nested resource');
    const aliased = { ...base, idField: 'code', fields: [{ source: 'code', type: 'text' as const, label: 'l', maxLength: 20 }, ...base.fields.slice(1)], actions: [enable] };
    expect(actionDeclarationProblems(aliased, enable, false).join('; ')).toContain('serial id');
  });

  it.each([
    [{ name: 'Enable', kind: 'enable', method: 'POST', path: '{id}/enable', scope: 'record', field: 'active' }, 'camelCase'],
    [{ name: 'enable', kind: 'enable', method: 'POST', path: 'enable', scope: 'collection', field: 'active' }, 'scope record'],
    [{ name: 'enable', kind: 'enable', method: 'POST', path: '{id}/enable', scope: 'record', field: 'order' }, 'stored boolean field'],
    [{ name: 'sort', kind: 'sort', method: 'POST', path: '{id}/sort', scope: 'record', field: 'order' }, '{id} and the target'],
    [{ name: 'sort', kind: 'sort', method: 'POST', path: '{id}/sort/{targetId}', scope: 'record', field: 'size' }, 'stored integer field'],
    [{ name: 'sortAll', kind: 'sort', method: 'PUT', path: 'sort/{x}', scope: 'collection', field: 'order' }, 'in the body'],
    [{ name: 'run', kind: 'custom', method: 'POST', path: 'run', scope: 'record' }, 'needs {id}'],
    [{ name: 'run', kind: 'custom', method: 'POST', path: '{id}/run', scope: 'collection' }, 'cannot have {id}'],
    [{ name: 'run', kind: 'custom', method: 'POST', path: 'r un', scope: 'collection' }, 'segments and {params}'],
    [{ name: 'run', kind: 'custom', method: 'POST', path: 'run', scope: 'collection' }, 'no handler is registered for things.run'],
  ] as Array<[ResourceAction, string]>)('%o: %s', (action, problem) => {
    expect(problems(action).join('; ')).toContain(problem);
  });
});
