import { is, SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { resources } from '../../resources';
import { documentTypesResource } from '../../resources/catalogues/documenttypes';
import { siteTypesResource } from '../../resources/catalogues/sitetypes';
import { fieldColumn, type FieldDeclaration, type ResourceDeclaration } from '../../resources/types';
import { locationsResource } from '../../resources/locations';
import { duplicateField } from '../resources/engine';
import { resourceShape } from '../resources/shape';
import { isDerivedTable, resourceTable, sharedResourceTable, uniqueIndexName } from './resourceTable';
import * as schema from './schema';

const dialect = new PgDialect();

/** Each unique index of a table as `column list` text and its `where` predicate. */
function uniqueIndexes(table: PgTable) {
  return getTableConfig(table)
    .indexes.filter((index) => index.config.unique)
    .map((index) => ({
      name: index.config.name,
      on: index.config.columns.map((column) => (is(column, SQL) ? dialect.sqlToQuery(column).sql : `"${(column as { name?: string }).name}"`)).join(', '),
      where: index.config.where ? dialect.sqlToQuery(index.config.where).sql : null,
    }));
}

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const tableNamed = (name: string) => tables.find((table) => getTableConfig(table).name === name);

describe('unique declarations', () => {
  const declared = resources.flatMap((resource) =>
    resource.table && resource.fields ? (resource.unique ?? []).map((source) => ({ resource: { ...resource, table: resource.table!, fields: resource.fields! }, source })) : [],
  );

  it.each(declared.map(({ resource, source }) => ({ name: `${resource.name}.${source}`, resource, source })))(
    '$name has a unique index on its column in the schema',
    ({ resource, source }) => {
      const table = tableNamed(resource.table);
      expect(table, resource.table).toBeDefined();
      const column = fieldColumn(resource.fields.find((field) => field.source === source)!);
      expect(uniqueIndexes(table!).some((index) => index.on.includes(`"${column}"`))).toBe(true);
    },
  );

  it('catalogue names: Spanish key (case and accents ignored); soft-deleted rows left out', () => {
    expect(uniqueIndexes(schema.siteTypes)).toEqual([{ name: 'site_types_name_unique', on: 'spanish_key("site_types"."name")', where: null }]);
    expect(uniqueIndexes(schema.documentTypes)).toEqual([
      { name: 'document_types_name_unique', on: 'spanish_key("document_types"."name")', where: 'not "document_types"."deleted"' },
    ]);
  });
});

describe('duplicateField', () => {
  const twoUnique = {
    ...siteTypesResource,
    fields: [...siteTypesResource.fields, { source: 'code', type: 'text', label: 'x' }],
    unique: ['name', 'code'],
  } as ResourceDeclaration;
  const violation = (constraint?: string) => ({ message: 'x', cause: { code: '23505', constraint } });

  it.each([
    { constraint: 'site_types_code_unique', field: 'code' },
    { constraint: 'site_types_name_unique', field: 'name' },
    { constraint: 'some_other_index', field: 'name' },
    { constraint: undefined, field: 'name' },
  ])('$constraint → $field', ({ constraint, field }) => {
    expect(duplicateField(twoUnique, violation(constraint))).toBe(field);
  });

  it('names indexes after table and column', () => {
    expect(uniqueIndexName(documentTypesResource, 'name')).toBe('document_types_name_unique');
    expect(() => uniqueIndexName(documentTypesResource, 'nope')).toThrow();
  });
});

describe('tables derived from declarations', () => {
  const columnsOf = (table: PgTable) => getTableConfig(table).columns.map((column) => ({ name: column.name, type: column.getSQLType(), notNull: column.notNull, primary: column.primary }));

  it('an assigned id is an integer primary key; a drawn one is serial', () => {
    expect(columnsOf(schema.locations).find((column) => column.name === 'id')).toEqual({ name: 'id', type: 'integer', notNull: true, primary: true });
    expect(columnsOf(schema.permissions).find((column) => column.name === 'permission_id')).toEqual({ name: 'permission_id', type: 'integer', notNull: true, primary: true });
    expect(columnsOf(schema.groups).find((column) => column.name === 'group_id')).toEqual({ name: 'group_id', type: 'serial', notNull: true, primary: true });
  });

  it("columnType gives a field another SQL type than its kind's; a bigint id is a bigserial", () => {
    const declaration = {
      table: 'typed',
      fields: [
        { source: 'id', type: 'id', columnType: 'bigint', label: 'x' },
        { source: 'year', type: 'integer', columnType: 'smallint', nullable: false, label: 'x' },
        { source: 'jobId', type: 'integer', columnType: 'bigint', label: 'x' },
        { source: 'note', type: 'text', columnType: 'text', label: 'x' },
        { source: 'address', type: 'text', columnType: 'inet', nullable: true, label: 'x' },
        { source: 'birthDate', type: 'datetime', columnType: 'timestamp', label: 'x' },
        { source: 'score', type: 'decimal', columnType: 'numeric(5,2)', label: 'x' },
      ],
    } as const satisfies Pick<ResourceDeclaration, 'table' | 'fields'>;
    expect(columnsOf(resourceTable(declaration)).map(({ name, type, notNull }) => `${name} ${type}${notNull ? ' not null' : ''}`)).toEqual([
      'id bigserial not null',
      'year smallint not null',
      'job_id bigint',
      'note text not null',
      'address inet',
      'birth_date timestamp',
      'score numeric(5, 2)',
    ]);
  });

  it('an enum column is as wide as its longest choice, a text one as its maxLength, unless columnLength widens them; a declared nullable wins over required', () => {
    const declaration = {
      table: 'states',
      fields: [
        { source: 'id', type: 'id', label: 'x' },
        { source: 'state', type: 'enum', choices: [{ id: 'a' }, { id: 'abc' }], label: 'x' },
        { source: 'wide', type: 'enum', choices: [{ id: 'a' }], columnLength: 20, label: 'x' },
        { source: 'list', type: 'text', maxLength: 200, columnLength: 1000, label: 'x' },
        { source: 'siteId', type: 'integer', required: true, nullable: true, label: 'x' },
        { source: 'typeId', type: 'integer', required: true, label: 'x' },
      ],
    } as const satisfies Pick<ResourceDeclaration, 'table' | 'fields'>;
    expect(columnsOf(resourceTable(declaration)).map(({ name, type, notNull }) => `${name} ${type}${notNull ? ' not null' : ''}`)).toEqual([
      'id serial not null',
      'state varchar(3)',
      'wide varchar(20)',
      'list varchar(1000) not null',
      'site_id integer',
      'type_id integer not null',
    ]);
  });

  it('a declared primaryKey pair keys the table; its id field is then a plain integer', () => {
    const pairs = columnsOf(schema.groupSites).filter((column) => column.name !== 'order');
    expect(pairs).toEqual([
      { name: 'site_id', type: 'integer', notNull: true, primary: false },
      { name: 'group_id', type: 'integer', notNull: true, primary: false },
    ]);
    expect(getTableConfig(schema.groupSites).primaryKeys.map((key) => [key.getName(), key.columns.map((column) => column.name)])).toEqual([
      ['group_sites_group_id_site_id_pk', ['group_id', 'site_id']],
    ]);
    const undeclared = { table: 'links', primaryKey: ['a', 'nope'], fields: [{ source: 'a', type: 'id', label: 'x' }] } as const;
    expect(() => getTableConfig(resourceTable(undeclared as Pick<ResourceDeclaration, 'table' | 'fields' | 'primaryKey'>))).toThrow(/nope/);
  });

  it('a shared table is the union of its declarations by column: the first declaring one builds it, a default only if all agree', () => {
    const field = (source: string, type: FieldDeclaration['type'], extra: Partial<FieldDeclaration> = {}) => ({ source, type, label: 'x', ...extra });
    const first = { table: 'people', fields: [field('id', 'id'), field('kind', 'integer', { columnType: 'smallint', nullable: false, defaultValue: 1 }), field('name', 'text')] };
    const second = {
      table: 'people',
      fields: [field('id', 'id'), field('kind', 'integer', { columnType: 'smallint', defaultValue: 2 }), field('name', 'text', { maxLength: 10 }), field('tags', 'json', { defaultValue: [] })],
    };
    const columns = getTableConfig(sharedResourceTable([first, second])).columns;
    expect(columns.map((column) => `${column.name} ${column.getSQLType()}${column.notNull ? ' not null' : ''}${column.hasDefault ? ' default' : ''}`)).toEqual([
      'id serial not null default',
      'kind smallint not null',
      'name varchar(255) not null',
      'tags jsonb default',
    ]);
    expect(() => sharedResourceTable([first, { ...second, table: 'others' }])).toThrow(/others/);
    // Declarations disagreeing on what a column is: refused, naming the column (the first would silently win).
    const retyped = { ...second, fields: [field('id', 'id'), field('kind', 'integer')] };
    expect(() => sharedResourceTable([first, retyped])).toThrow(/kind is declared as smallint and as integer/);
  });

  it('every table a declaration reads is built from a declaration (issue 22)', () => {
    const read = [...new Set(resources.flatMap((resource) => (resource.table && resource.fields ? [resource.table] : [])))];
    expect(read.length).toBeGreaterThanOrEqual(15);
    expect(read.filter((name) => !isDerivedTable(tableNamed(name) ?? {}))).toEqual([]);
    expect(isDerivedTable(schema.govIndex)).toBe(false);
  });

  it('a hidden field is a column; computed and manyToMany fields are not', () => {
    expect(columnsOf(schema.locations).map((column) => column.name)).toContain('population');
    expect(columnsOf(schema.groups).map((column) => column.name).sort()).toEqual(['count_entities', 'created_date', 'group_id', 'name']);
  });

  it("the schema file's storage adds indexes, foreign keys and constraints beside the declared unique indexes", () => {
    expect(getTableConfig(schema.locations).indexes.map((index) => index.config.name)).toEqual(['locations_parent_idx', 'locations_name_search_idx']);
    expect(getTableConfig(schema.permissions).uniqueConstraints.map((constraint) => constraint.getName())).toEqual(['permissions_name_unique']);
    const [siteFk] = getTableConfig(schema.siteComments).foreignKeys;
    expect([siteFk!.getName(), siteFk!.onDelete]).toEqual(['site_comments_site_id_sites_id_fk', 'cascade']);
    expect(uniqueIndexes(schema.sitePermissions).map((index) => index.name)).toEqual(['site_permissions_name_unique']);
  });

  it('refuses a create operation on a resource whose ids come with the row', () => {
    const creatable = { ...locationsResource, operations: ['list', 'create'] } as ResourceDeclaration;
    expect(() => resourceShape(creatable)).toThrow(/assigned/);
    expect(() => resourceShape(locationsResource)).not.toThrow();
  });
});
