/** The shape rules of a declaration (server/resources/shape.ts): what registration refuses, and which ids a path may name. */
import { describe, expect, it } from 'vitest';
import { defineTestResource } from '../../tests/helpers/testResource';
import * as yup from 'yup';
import { resourceSchema } from '../../resources/fieldKinds';
import { type ResourceDeclaration } from '../../resources/types';
import { bodyNamesId, defaultRecord, valuesToStore, writableFields } from './fields';
import { resourcePaths } from './paths';
import { parseRecordId, resourceShape, SINGLETON_ID } from './shape';

const base = defineTestResource({
  name: 'things',
  apiPath: '/things/',
  idField: 'id',
  table: 'things',
  route: '/cosas',
  title: 'resources.things.title',
  fields: [
    { source: 'id', type: 'id', label: 'id' },
    { source: 'name', type: 'text', label: 'name', maxLength: 50 },
    { source: 'ownerId', type: 'reference', label: 'owner', reference: { resource: 'owners', display: 'name' } },
    { source: 'active', type: 'boolean', label: 'active' },
    { source: 'note', type: 'text', label: 'note', nullable: true, defaultValue: 'nota' },
  ],
  routeAccess: ['Settings'],
  permissions: { read: ['Settings'], write: ['Settings'] },
  sort: { field: 'name', order: 'ASC' },
  pageSize: 20,
  editMode: 'dialog',
});

const aliased: ResourceDeclaration = {
  ...base,
  idField: 'alias',
  fields: [{ source: 'alias', type: 'text', label: 'alias', maxLength: 30 }, ...base.fields.filter((field) => field.source !== 'id')],
};
const nested: ResourceDeclaration = { ...base, apiPath: '/owners/{ownerId}/things/', parent: { param: 'ownerId', field: 'ownerId', resource: 'owners' } };

describe('resourceShape', () => {
  it.each([
    ['an order without a collection update', { collectionOrder: 'position' }, /collectionOrder needs collectionUpdate/],
    ['an order field that is not an integer', { collectionUpdate: true, collectionOrder: 'name' }, /must be a writable integer field with form: false/],
    ['an order field shown in the form', { collectionUpdate: true, collectionOrder: 'position', fields: [...base.fields, { source: 'position', type: 'integer', label: 'p' }] }, /form: false/],
    ['a bound below 1', { maxRecords: { count: 0, message: 'x' } }, /maxRecords.count must be a positive integer/],
  ])('refuses %s (collectionOrder, maxRecords)', (_case, change, error) => {
    const fields = [...base.fields, { source: 'position', type: 'integer' as const, label: 'p', form: false }];
    expect(() => resourceShape({ ...base, fields, ...change } as ResourceDeclaration)).toThrow(error);
  });

  it('accepts a whole-list order on a writable integer field kept out of the form, and a bound', () => {
    const fields = [...base.fields, { source: 'position', type: 'integer' as const, label: 'p', form: false }];
    expect(resourceShape({ ...base, fields, collectionUpdate: true, collectionOrder: 'position', maxRecords: { count: 6, message: 'x' } }).collectionUpdate).toBe(true);
  });

  it('defaults to the five operations on serial ids, top level', () => {
    const shape = resourceShape(base);
    expect([...shape.operations]).toEqual(['list', 'read', 'create', 'update', 'delete']);
    expect(shape).toMatchObject({ singleton: false, collectionUpdate: false, idKind: 'serial', parent: undefined });
    expect([...resourceShape({ ...base, operations: ['list', 'read'] }).operations]).toEqual(['list', 'read']);
  });

  it('reads text ids and parents', () => {
    expect(resourceShape(aliased).idKind).toBe('text');
    expect(resourceShape(nested).parent).toMatchObject({ param: 'ownerId', resource: 'owners', field: { source: 'ownerId' } });
  });

  it.each([
    ['a text id longer than the audit keeps', { ...aliased, fields: [{ source: 'alias', type: 'text', label: 'alias' }, ...base.fields.slice(1)] }, /maxLength/],
    ['a boolean id', { ...base, idField: 'active' }, /must be of type/],
    ['a singleton with a collection update', { ...base, singleton: true, collectionUpdate: true }, /no collection/],
    ['a nested singleton', { ...nested, singleton: true }, /cannot be nested/],
    ['a singleton with a text id', { ...aliased, singleton: true }, /singleton's id/],
    ['a parent field that is not declared', { ...nested, parent: { param: 'ownerId', field: 'missing', resource: 'owners' } }, /not declared/],
    ["a parent param named 'id'", { ...nested, apiPath: '/owners/{id}/things/', parent: { param: 'id', field: 'ownerId', resource: 'owners' } }, /other than 'id'/],
    ['a path without the parent param', { ...nested, apiPath: '/owners/things/' }, /exactly \{ownerId\}/],
    ['a path parameter without a parent', { ...base, apiPath: '/owners/{ownerId}/things/' }, /no parent/],
    ['an unknown operation', { ...base, operations: ['list', 'purge'] }, /unknown operations purge/],
    ['an update in the body of a singleton', { ...base, singleton: true, updateInBody: true }, /updateInBody/],
    ['an update in the body beside a collection update', { ...base, collectionUpdate: true, updateInBody: true }, /updateInBody/],
  ] as const)('refuses %s', (_label, declaration, message) => {
    expect(() => resourceShape(declaration as unknown as ResourceDeclaration)).toThrow(message);
  });
});

describe('parseRecordId', () => {
  it.each([
    ['7', 7],
    [7, 7],
    ['0', undefined],
    ['-3', undefined],
    ['abc', undefined],
    ['2147483648', undefined],
  ] as const)('serial %j → %j', (raw, expected) => {
    expect(parseRecordId(base, raw)).toBe(expected);
  });

  it.each([
    ['portal-norte', 'portal-norte'],
    ['x'.repeat(30), 'x'.repeat(30)],
    ['x'.repeat(31), undefined],
    [' portal', undefined],
    ['', undefined],
    [7, undefined],
  ] as const)('text %j → %j', (raw, expected) => {
    expect(parseRecordId(aliased, raw)).toBe(expected);
  });
});

describe('bodies of the shapes', () => {
  it('takes a text id from the create body only, and never the parent field', async () => {
    expect(bodyNamesId(aliased, 'create')).toBe(true);
    expect(bodyNamesId(aliased, 'update')).toBe(false);
    expect(bodyNamesId(base, 'create')).toBe(false);
    expect(valuesToStore(aliased, { alias: 'a-1', name: 'A' }, 'create')).toMatchObject({ alias: 'a-1', name: 'A' });
    expect(valuesToStore(aliased, { alias: 'a-1', name: 'A' }, 'update')).toEqual({ name: 'A' });
    await expect(resourceSchema(aliased, 'alias', 'create').validate({ name: 'A' })).rejects.toThrow('validation.field.required');
    const ownRule = { ...aliased, schema: yup.object({ alias: yup.string().max(30) }) };
    await expect(resourceSchema(ownRule, 'alias', 'create').validate({ name: 'A' })).rejects.toThrow('validation.field.required');
    expect(Object.keys(resourceSchema(aliased, 'alias').fields)).not.toContain('alias');

    expect(writableFields(nested).map((field) => field.source)).toEqual(['name', 'active', 'note']);
    expect(Object.keys(resourceSchema(nested, 'id').fields)).not.toContain('ownerId');
    expect(valuesToStore(nested, { name: 'A', ownerId: 5 }, 'create')).not.toHaveProperty('ownerId');
  });

  it("answers a singleton's defaults before its first write", () => {
    expect(defaultRecord(base, SINGLETON_ID)).toEqual({ id: 1, name: '', ownerId: null, active: false, note: 'nota' });
  });

  it('turns a parent placeholder into a Fastify parameter', () => {
    expect(resourcePaths(nested)).toEqual({ collection: '/owners/:ownerId/things/', item: '/owners/:ownerId/things/:id' });
  });
});
