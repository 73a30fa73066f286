import { describe, expect, it } from 'vitest';
import { linkedIdOf, resourceSchema } from '../../../resources/fieldKinds';
import { auditResource } from '../../../resources/audit';
import { permissionIds, superadminsResource } from '../../../resources/superadmins';
import { resourceListSpec } from '../listSpec';
import { toRecord } from '../fields';
import { superadminAuditView } from './superadmins';

describe('superadmins on the engine: pure parts', () => {
  it('reads permission ids from objects or bare ids, without repeats, in id order', () => {
    expect(permissionIds([{ permissionID: 9, name: 'Settings' }, 5, '1', { permissionID: 5 }])).toEqual([1, 5, 9]);
    expect(permissionIds('x')).toEqual([]);
    expect(permissionIds([{ name: 'Sites' }])).toEqual([NaN]);
  });

  it('validates a body into sorted ids with the spec messages', async () => {
    const schema = resourceSchema(superadminsResource, 'id', 'create');
    const valid = await schema.validate({ name: 'Ana María', email: 'ANA@gov.co', permissions: [{ permissionID: 9 }, 1] }, { stripUnknown: true });
    expect(valid).toMatchObject({ name: 'Ana María', email: 'ana@gov.co', permissions: [1, 9] });
    await expect(schema.validate({ name: 'Ana María', email: 'ana@gov.co', permissions: [42] })).rejects.toThrow('validation.superadmin.permissions');
    // The hidden and read-only columns are never taken from a body.
    expect(Object.keys(schema.fields).sort()).toEqual(['deleted', 'email', 'name', 'permissions']);
  });

  it('audits permission names and marks a creation as invited; never the hidden columns', () => {
    const record = { id: 3, name: 'Ana', email: 'a@gov.co', deleted: false, permissions: [{ permissionID: 5, name: 'Users' }], userTypeId: 2 };
    expect(superadminAuditView(record, 'create')).toEqual({ name: 'Ana', email: 'a@gov.co', deleted: false, permissions: ['Users'], invited: true });
    expect(superadminAuditView(record, 'update')).toEqual({ name: 'Ana', email: 'a@gov.co', deleted: false, permissions: ['Users'] });
    expect(toRecord(superadminsResource, { ...record, userTypeId: 2, modifiedDate: new Date() })).not.toHaveProperty('userTypeId');
  });

  it('hidden fields are neither filters nor orders', () => {
    const spec = resourceListSpec(superadminsResource);
    expect(spec.filters.userTypeId).toBeUndefined();
    expect(spec.orders.userTypeId).toBeUndefined();
    expect(spec.defaultOrder).toBe('-createdDate');
    expect(spec.maxPageSize).toBe(100);
  });

  it('an expand field takes the id of the object sent back', () => {
    expect(linkedIdOf({ permissionID: 4, name: 'GlobalContents' }, 'permissionID')).toBe(4);
    expect(linkedIdOf(4, 'permissionID')).toBeUndefined();
    expect(linkedIdOf({ name: 'x' }, 'permissionID')).toBeNull();
  });
});

describe('filter aliases', () => {
  it('audit: from/to filter as atFrom/atTo', () => {
    const spec = resourceListSpec(auditResource);
    expect(spec.filters.from).toEqual({ ...spec.filters.atFrom, description: expect.stringContaining('atFrom') });
    expect(spec.filters.to).toMatchObject({ kind: 'range', bound: 'to' });
  });

  it('an alias of an unknown filter or over a taken name stops the declaration', () => {
    expect(() => resourceListSpec({ ...auditResource, filterAliases: { desde: 'nope' } })).toThrow(/names no filter/);
    expect(() => resourceListSpec({ ...auditResource, filterAliases: { resource: 'atFrom' } })).toThrow(/taken/);
  });
});
