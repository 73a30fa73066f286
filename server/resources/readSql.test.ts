import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { groupsResource } from '../../resources/groups';
import { resources } from '../../resources';
import { fieldColumn, isGeneratedResource, junctionOf } from '../../resources/types';
import { locationsResource } from '../../resources/locations';
import * as schema from '../db/schema';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { exportCell, exportColumns } from './exports';
import { resourceListSpec } from './listSpec';
import { readConditions, readSelectSql } from './readSql';
import { listView, storedFields } from './fields';
import { readListQuery } from '../lists/listQuery';
import { listResponseSchema, recordSchema } from './openapi';
import { resourceShape } from './shape';
import { resourceListSql } from './store';
import type { ResourceDeclaration } from '../../resources/types';

describe('reads of a generated resource', () => {
  it('select the row and each computed field under its column name', () => {
    expect(readSelectSql(groupsResource)).toMatch(
      /^t\.\*, \(select coalesce\(json_agg\([^]*\) as "rows"$/,
    );
    // A group's count of entities is a stored column kept by triggers (migration 0028_group_count), read with `t.*`.
    expect(readSelectSql(groupsResource)).not.toContain('count(*)');
    expect(readSelectSql(locationsResource)).toBe('t.*');
  });

  it('list pages leave out the detailOnly fields: the groups list selects no rows of sites, one group does', () => {
    const page = resourceListSql(groupsResource, readListQuery(resourceListSpec(groupsResource), { pageSize: '100' }));
    expect(page.text).not.toContain('count_entities');
    expect(page.text).not.toContain('group_sites');
    expect(page.text).not.toContain('json_agg');
    expect(page.text).not.toContain('"rows"');
    // One record's read still selects them.
    expect(readSelectSql(groupsResource)).toContain('json_agg');
    // createdDate: a hidden column, selected but never answered (toRecord).
    expect(listView(groupsResource).fields.map((field) => field.source)).toEqual(['groupID', 'name', 'countEntities', 'createdDate']);
    // The `sites` filter (a manyToMany over group_sites) stays a filter of the list.
    const bySite = resourceListSql(groupsResource, readListQuery(resourceListSpec(groupsResource), { sites: '7' }));
    expect(bySite.text).toContain('group_sites');
    expect(bySite.text).not.toContain('json_agg');
    // A declaration without detailOnly fields is its own list view.
    expect(listView(locationsResource)).toBe(locationsResource);
  });

  it('the list answer schema does not promise the detailOnly fields; one record\'s does', () => {
    const listItems = ((listResponseSchema(groupsResource).properties as Record<string, { items: { properties: object } }>).results.items.properties);
    expect(Object.keys(listItems).sort()).toEqual(['countEntities', 'groupID', 'name']);
    expect(Object.keys(recordSchema(groupsResource).properties as object).sort()).toEqual(['countEntities', 'groupID', 'name', 'rows', 'sites']);
  });

  it('detailOnly is refused on a stored column and in an export', () => {
    const withStored = { ...groupsResource, fields: groupsResource.fields.map((field) => (field.source === 'name' ? { ...field, detailOnly: true } : field)) } as ResourceDeclaration;
    expect(() => resourceShape(withStored)).toThrow(/detailOnly field name/);
    expect(() => resourceShape(groupsResource)).not.toThrow();
    expect(() => exportColumns(groupsResource, { fields: ['name', 'rows'] })).toThrow(/rows is detailOnly/);
  });

  it('hold the declaration listWhere on every read', () => {
    expect(readConditions(locationsResource)).toEqual(['(t.parent_location_id is not null)']);
    expect(readConditions(groupsResource)).toEqual([]);
  });
});

describe('list specs of locations and groups (spec filter names and page sizes)', () => {
  it('locations: parentLocationId, isMunicipality, search and id; 100 per page, up to 2000', () => {
    const spec = resourceListSpec(locationsResource);
    expect(Object.keys(spec.filters).sort()).toEqual(['id', 'isMunicipality', 'parentLocationId', 'search']);
    expect([spec.defaultPageSize, spec.maxPageSize, spec.defaultOrder]).toEqual([100, 2000, 'name']);
  });

  it('groups: name is a contains search like search; the stored count is an order, not a filter; 10 per page, up to 1000', () => {
    const spec = resourceListSpec(groupsResource);
    // `sites`: the groups holding that site (the manyToMany filter over group_sites).
    expect(Object.keys(spec.filters).sort()).toEqual(['groupID', 'id', 'name', 'search', 'sites']);
    expect(spec.filters.name).toMatchObject({ kind: 'search', sql: ['t."name"'], maxLength: 100 });
    expect(Object.keys(spec.orders).sort()).toEqual(['countEntities', 'groupID', 'name']);
    expect([spec.defaultPageSize, spec.maxPageSize]).toEqual([10, 1000]);
  });
});

describe('declared fields against the schema', () => {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

  it.each(resources.filter(isGeneratedResource).map((declaration) => ({ name: declaration.name, declaration })))(
    '$name: every stored field is a column of its table (computed ones are not)',
    ({ declaration }) => {
      const table = tables.find((candidate) => getTableConfig(candidate).name === declaration.table);
      expect(table, declaration.table).toBeDefined();
      const columns = getTableConfig(table!).columns.map((column) => column.name);
      for (const field of storedFields(declaration)) {
        if (field.type !== 'manyToMany') {
          expect(columns, field.source).toContain(fieldColumn(field));
          continue;
        }
        // A manyToMany's links live in its junction table, with the columns it names.
        const junction = junctionOf(declaration, field);
        const linked = tables.find((candidate) => getTableConfig(candidate).name === junction.table);
        expect(linked, junction.table).toBeDefined();
        const linkColumns = getTableConfig(linked!).columns.map((column) => column.name);
        expect(linkColumns).toEqual(expect.arrayContaining([junction.record, junction.target, ...(field.ordered ? [junction.position] : [])]));
      }
      for (const field of declaration.fields.filter((candidate) => candidate.computed)) expect(columns).not.toContain(fieldColumn(field));
    },
  );
});

describe('export cells', () => {
  it('take the list columns by default, headed by their labels', () => {
    expect(exportColumns(groupsResource, {}).map((column) => [column.key, column.headerKey])).toEqual([
      ['name', 'resources.groups.fields.name'],
      ['countEntities', 'resources.groups.fields.countEntities'],
    ]);
    expect(() => exportColumns(groupsResource, { fields: ['nope'] })).toThrow(/nope/);
  });

  it('write dates as dates and JSON as text', () => {
    expect(exportCell(groupsResource, { source: 'at', type: 'datetime', label: 'l' }, '2026-11-23T05:04:54.000Z')).toEqual(new Date('2026-11-23T05:04:54.000Z'));
    expect(exportCell(groupsResource, { source: 'data', type: 'json', label: 'l' }, { a: 1 })).toBe('{"a":1}');
    expect(exportCell(groupsResource, { source: 'n', type: 'integer', label: 'l' }, null)).toBeNull();
  });
});
