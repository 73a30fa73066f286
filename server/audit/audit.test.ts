import { describe, expect, it } from 'vitest';
import { auditAction, recordLabelOf, redact, type AuditEntry } from './audit';

describe('auditAction', () => {
  it.each([
    ['update', { deleted: false }, { deleted: true }, 'deactivate'],
    ['update', { deleted: true }, { deleted: false }, 'reactivate'],
    ['update', { deleted: false, name: 'a' }, { deleted: false, name: 'b' }, 'update'],
    ['update', { name: 'a' }, { name: 'b' }, 'update'],
    ['update', null, { deleted: true }, 'update'],
    ['create', undefined, { deleted: true }, 'create'],
    ['soft_delete', { deleted: false }, undefined, 'soft_delete'],
  ] as Array<[AuditEntry['action'], unknown, unknown, string]>)('%s %j → %j is recorded as %s', (action, before, after, expected) => {
    expect(auditAction({ action, before, after })).toBe(expected);
  });
});

describe('recordLabelOf', () => {
  it.each([
    [{ resource: 'sitetypes', after: { id: 1, name: 'Municipio' } }, 'Municipio'],
    [{ resource: 'sitetypes', before: { name: 'Antes' }, after: { name: 'Después' } }, 'Después'],
    [{ resource: 'documenttypes', before: { documentTypeID: 3, name: ' Pasaporte ' } }, 'Pasaporte'],
    [{ resource: 'banners', after: { title: 'Portada' } }, 'Portada'],
    [{ resource: 'superadmins', after: { email: 'ana@gov.co' } }, 'ana@gov.co'],
    [{ resource: 'superadmins', after: { name: '', email: 'ana@gov.co' } }, 'ana@gov.co'],
    [{ resource: 'auth', recordId: 5, actor: { id: 5, email: 'ana@gov.co' } }, 'ana@gov.co'],
    [{ resource: 'auth', recordId: 6, actor: { id: 5, email: 'ana@gov.co' } }, null],
    [{ resource: 'auth', recordId: null, actor: { id: null, email: 'nadie@gov.co' } }, null],
    [{ resource: 'x', after: [1, 2] }, null],
    [{ resource: 'x', after: { name: 'Calculado' }, recordLabel: 'Dado' }, 'Dado'],
    [{ resource: 'x', after: { name: 'n'.repeat(400) } }, 'n'.repeat(300)],
  ] as Array<[Parameters<typeof recordLabelOf>[0], string | null]>)('%j is named %j', (entry, expected) => {
    expect(recordLabelOf(entry)).toBe(expected);
  });
});

describe('redact', () => {
  it('keeps no secret at any depth', () => {
    expect(redact({ name: 'a', password: 'x', nested: [{ token: 'y', ok: 1 }] })).toEqual({ name: 'a', nested: [{ ok: 1 }] });
  });
});
