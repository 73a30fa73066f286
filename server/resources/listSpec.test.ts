import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { defineResource } from '../../resources/types';
import { parseListQuery } from '../lists/listQuery';
import { resourceListSpec } from './listSpec';
import { resourcePaths } from './paths';
import { valuesToStore, toRecord } from './fields';

const declaration = defineResource({
  name: 'things',
  apiPath: '/things/',
  idField: 'thingID',
  table: 'things',
  title: 'resources.things.title',
  fields: [
    { source: 'thingID', type: 'id', label: 'x' },
    { source: 'name', type: 'text', label: 'x', searchable: true },
    { source: 'rate', type: 'decimal', label: 'x', nullable: true },
    { source: 'active', type: 'boolean', label: 'x', readOnly: true, defaultValue: true },
  ],
  schema: yup.object({ name: yup.string() }),
  permissions: { read: ['Settings'], write: ['Settings'] },
  sort: { field: 'name', order: 'DESC' },
  pageSize: 30,
  editMode: 'dialog',
});

describe('resourceListSpec', () => {
  const spec = resourceListSpec(declaration);
  const parse = (query: Record<string, unknown>) => parseListQuery(spec, query);

  it('applies the declaration defaults', () => {
    expect(parse({})).toEqual({ ok: true, query: { page: 1, pageSize: 30, order: { name: 'name', descending: true }, conditions: [] } });
    expect(spec.maxPageSize).toBe(1000);
    expect(spec.orders.name).toBe('spanish_key(t."name") collate "C"');
    expect(spec.tieBreaker).toBe('t."thing_id"');
  });

  it('reads page, order, search and typed filters; the id field also as `id`, repeated or as a comma list', () => {
    const parsed = parse({ page: '3', search: '  caja ', orderBy: '-rate', active: 'false', thingID: ['1', '2'], id: '3,4', rate: '1.5' });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.query).toMatchObject({ page: 3, order: { name: 'rate', descending: true } });
    expect(parsed.query.conditions.map((c) => [c.name, 'values' in c ? c.values : 'text' in c ? c.text : 'value' in c ? c.value : null])).toEqual([
      ['thingID', [1, 2]],
      ['rate', [1.5]],
      ['active', false],
      ['id', [3, 4]],
      ['search', 'caja'],
    ]);
  });

  it('refuses an undeclared order field, a bad page, a page size over the limit and a filter of the wrong type', () => {
    const refusal = (query: Record<string, unknown>) => {
      const parsed = parse(query);
      return parsed.ok ? null : parsed.errors.map((error) => error.target);
    };
    expect(refusal({ orderBy: 'password' })).toEqual(['orderBy']);
    expect(refusal({ page: '0' })).toEqual(['page']);
    expect(refusal({ pageSize: 'many' })).toEqual(['pageSize']);
    expect(refusal({ pageSize: '5000' })).toEqual(['pageSize']);
    expect(refusal({ rate: 'high' })).toEqual(['rate']);
    expect(refusal({ active: 'maybe' })).toEqual(['active']);
  });
});

describe('date ranges', () => {
  const dated = defineResource({
    name: 'events',
    apiPath: '/events/',
    idField: 'id',
    table: 'events',
    title: 'resources.events.title',
    fields: [
      { source: 'id', type: 'id', label: 'x' },
      { source: 'startsOn', type: 'date', label: 'x', nullable: true },
      { source: 'at', type: 'datetime', label: 'x', readOnly: true },
      { source: 'hidden', type: 'date', label: 'x', filter: false },
    ],
    permissions: { read: ['Settings'], write: ['Settings'] },
    sort: { field: 'id', order: 'ASC' },
    pageSize: 10,
    editMode: 'dialog',
  });
  const spec = resourceListSpec(dated);

  it('offers <source>From and <source>To for each filterable date and datetime field', () => {
    expect(Object.keys(spec.filters).filter((name) => /From$|To$/.test(name)).sort()).toEqual(['atFrom', 'atTo', 'startsOnFrom', 'startsOnTo']);
    const parsed = parseListQuery(spec, { startsOnFrom: '2026-03-01', atTo: '2026-03-02' });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.query.conditions.map((condition) => [condition.name, condition.kind, 'operator' in condition ? condition.operator : null])).toEqual([
      ['startsOnFrom', 'range', '>='],
      ['atTo', 'range', '<'],
    ]);
  });

  it('refuses a range bound that is not a date', () => {
    const parsed = parseListQuery(spec, { startsOnTo: 'mañana' });
    expect(parsed.ok ? [] : parsed.errors.map((error) => error.target)).toEqual(['startsOnTo']);
  });
});

describe('engine helpers', () => {
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

describe('engine extensions of issue 10: declared list filters, write-only fields, item path', () => {
  const people = defineResource({
    name: 'people',
    apiPath: '/people/',
    itemPath: '/person/',
    idField: 'id',
    table: 'people',
    title: 'x',
    fields: [
      { source: 'id', type: 'id', label: 'x' },
      { source: 'name', type: 'text', label: 'x' },
      { source: 'secret', type: 'text', label: 'x', writeOnly: true, nullable: true },
    ],
    listFilters: { regionId: { type: 'integer', label: 'x', sql: 't.place_id in (select p.id from places p where p.region_id in {values})' } },
    permissions: { read: ['Users'], write: ['Users'] },
    sort: { field: 'name', order: 'ASC' },
    pageSize: 20,
    editMode: 'dialog',
  });
  const spec = resourceListSpec(people);

  it('a declared filter takes integers (several: any) and writes its condition with the values', () => {
    const parsed = parseListQuery(spec, { regionId: '5,8' });
    expect(parsed.ok).toBe(true);
    const condition = parsed.ok ? parsed.query.conditions.find((c) => c.name === 'regionId') : undefined;
    expect(condition).toMatchObject({ kind: 'in', values: [5, 8] });
    const filter = spec.filters.regionId!;
    expect(filter.kind === 'in' && typeof filter.sql === 'function' ? filter.sql('($1, $2)') : '').toBe(
      '(t.place_id in (select p.id from places p where p.region_id in ($1, $2)))',
    );
    expect(parseListQuery(spec, { regionId: 'norte' }).ok).toBe(false);
  });

  it('a write-only field is stored, never read, filtered nor ordered', () => {
    expect(valuesToStore(people, { name: 'Ana', secret: 'clave' }, 'update')).toEqual({ name: 'Ana', secret: 'clave' });
    expect(toRecord(people, { id: 1, name: 'Ana', secret: 'hash' })).toEqual({ id: 1, name: 'Ana' });
    expect(spec.filters.secret).toBeUndefined();
    expect(spec.orders.secret).toBeUndefined();
  });

  it('one record lives under the item path', () => {
    expect(resourcePaths(people)).toEqual({ collection: '/people/', item: '/person/:id' });
    expect(resourcePaths({ apiPath: '/chats/{chatId}/messages/' })).toEqual({ collection: '/chats/:chatId/messages/', item: '/chats/:chatId/messages/:id' });
  });
});

describe('resourceListSpec with listOrders', () => {
  const limited = { ...declaration, listOrders: ['name'] } as typeof declaration;

  it('offers a page only the declared orders, an export every one', () => {
    expect(Object.keys(resourceListSpec(limited).orders)).toEqual(['name']);
    expect(parseListQuery(resourceListSpec(limited), { orderBy: '-rate' })).toMatchObject({ ok: false, errors: [{ target: 'orderBy' }] });
    expect(Object.keys(resourceListSpec(limited, 'export').orders)).toEqual(Object.keys(resourceListSpec(declaration).orders));
    expect(Object.keys(resourceListSpec(declaration).orders).length).toBeGreaterThan(1);
  });

  it('refuses a declared order that names no orderable field', () => {
    expect(() => resourceListSpec({ ...declaration, listOrders: ['nombre'] } as typeof declaration)).toThrow(/listOrders/);
  });
});
