import { describe, expect, it } from 'vitest';
import { spanishMessages } from '../../i18n/es/index';
import { lookup, type MessageTree } from '../../i18n/translate';
import { resources } from '../../resources/index';
import { AUDIT_ACTIONS, AUDITED_RESOURCES, auditActionCodes, auditResourceLabelKey, declaredActionNames, isAuditedDeclaration } from '../../resources/audit';
import {
  actionLabelKey,
  auditListFilter,
  changedFields,
  EMPTY_AUDIT_SEARCH,
  formatAuditDate,
  fieldLabelKeys,
  formatAuditValue,
  isInvalidRange,
  localDayBound,
  recordReference,
  resourceChoices,
  resourceLabelKey,
} from '../../src/audit/auditRules';

const text = (key: string) => lookup(spanishMessages as unknown as MessageTree, key);

describe('changedFields', () => {
  it('lists only the fields whose value changed, before → after', () => {
    const before = { name: 'Alcaldía', permissions: [1, 2], deleted: false, email: 'a@b.co' };
    const after = { name: 'Alcaldía de Bello', permissions: [1, 2, 3], deleted: false, email: 'a@b.co', lastLogin: '2024-01-01' };
    expect(changedFields(before, after)).toEqual([
      { field: 'name', before: 'Alcaldía', after: 'Alcaldía de Bello' },
      { field: 'permissions', before: [1, 2], after: [1, 2, 3] },
      { field: 'lastLogin', before: undefined, after: '2024-01-01' },
    ]);
  });

  it('a creation lists every field of after, a deletion every field of before', () => {
    expect(changedFields(null, { id: 7, name: 'Nuevo' })).toEqual([
      { field: 'id', before: undefined, after: 7 },
      { field: 'name', before: undefined, after: 'Nuevo' },
    ]);
    expect(changedFields({ id: 7 }, undefined)).toEqual([{ field: 'id', before: 7, after: undefined }]);
  });

  it('nothing stored or nothing changed gives no rows; a non-object value gives one unnamed row', () => {
    expect(changedFields(null, null)).toEqual([]);
    expect(changedFields({ a: 1, b: { c: 2 } }, { a: 1, b: { c: 2 } })).toEqual([]);
    expect(changedFields({ a: null }, {})).toEqual([]);
    expect(changedFields('x', 'y')).toEqual([{ field: '', before: 'x', after: 'y' }]);
    expect(changedFields([1], [1])).toEqual([]);
  });
});

describe('labels and formats', () => {
  it('every action code the server can write has a Spanish label (the listed codes and every declared action)', () => {
    const codes = auditActionCodes(resources);
    // The listed codes (AuditEntry.action accepts no other literal) and the declarations' own actions.
    expect(codes).toEqual(expect.arrayContaining([...AUDIT_ACTIONS, 'changeStatus', 'enable', 'disable']));
    for (const declaration of resources) for (const action of declaredActionNames(declaration)) expect(codes).toContain(action);
    for (const code of codes) {
      const label = text(actionLabelKey(code));
      expect(label, code).toEqual(expect.any(String));
      expect(label, code).not.toBe(code);
    }
    expect(text(actionLabelKey('create'))).toBe('Creación');
    expect(text(actionLabelKey('changeStatus'))).toBe('Cambio de estado de la solicitud');
    expect(text(actionLabelKey('install_step'))).toBe('Paso de la instalación del portal');
    expect(text(actionLabelKey('purge'))).toBeUndefined();
    expect(text(actionLabelKey('toString'))).toBeUndefined();
  });

  it('every resource name the server can write has a Spanish label (the listed names and every declaration)', () => {
    const names = [...new Set([...AUDITED_RESOURCES, ...resources.map((declaration) => declaration.name)])];
    for (const name of names) {
      const label = text(auditResourceLabelKey(name, resources));
      expect(label, name).toEqual(expect.any(String));
      expect(label, name).not.toBe(name);
    }
    expect(text(auditResourceLabelKey('emails', resources))).toBe('Correos de las entidades');
    expect(text(auditResourceLabelKey('sites', resources))).toBe(text('resources.sites.title'));
  });

  it('resource choices: the audited declarations (they write), plus the audited names; labels resolve', () => {
    const choices = resourceChoices(resources);
    const ids = choices.map((choice) => choice.id);
    expect(ids).toEqual(expect.arrayContaining(['sitetypes', 'superadmins', 'auth', 'emails', 'govindex']));
    expect(ids).not.toContain('audit');
    // Read-only lists never write a line: the mail log and the permission catalogue are not offered.
    expect(ids).not.toContain('maillog');
    expect(ids).not.toContain('permissions');
    expect(ids).toEqual(expect.arrayContaining(['locations', 'siterequests', 'backups']));
    expect(new Set(ids).size).toBe(ids.length);
    expect(text(resourceLabelKey('sitetypes', choices)!)).toBe('Tipos de entidad');
    expect(text(resourceLabelKey('auth', choices)!)).toBe('Autenticación');
    expect(resourceLabelKey('unknown', choices)).toBeUndefined();
  });

  it('a declaration is audited when it writes (a write operation or an action) or the server audits its name', () => {
    expect(isAuditedDeclaration({ name: 'colors', title: 't' })).toBe(true);
    expect(isAuditedDeclaration({ name: 'colors', title: 't', operations: ['list', 'read'] })).toBe(false);
    expect(isAuditedDeclaration({ name: 'colors', title: 't', operations: ['list', 'update'] })).toBe(true);
    expect(isAuditedDeclaration({ name: 'colors', title: 't', operations: ['list'], actions: [{ name: 'addRows' }] })).toBe(true);
    expect(isAuditedDeclaration({ name: 'emails', title: 't', operations: ['list'] })).toBe(true);
  });

  it('dates read dd/mm/aaaa hh:mm a. m. in Colombia', () => {
    expect(formatAuditDate('2024-05-03T14:05:00Z')).toBe('03/05/2024 09:05 a. m.');
    expect(formatAuditDate(new Date('2024-01-01T04:59:00Z'))).toBe('31/12/2023 11:59 p. m.');
    expect(formatAuditDate('no es fecha')).toBe('no es fecha');
    expect(formatAuditDate(null)).toBe('');
  });

  const words = { yes: 'Sí', no: 'No', none: '—' };
  it.each([
    [null, '—'],
    [undefined, '—'],
    ['', '—'],
    [true, 'Sí'],
    [false, 'No'],
    ['Bello', 'Bello'],
    [12.5, '12.5'],
    [0, '0'],
    [['Sites', 'Users'], 'Sites, Users'],
    [[{ name: 'Sites' }, { name: 'Reports' }], 'Sites, Reports'],
    [[], '—'],
    [[null, 'a'], 'a'],
    [{ name: 'Alcaldía' }, 'Alcaldía'],
    [{ a: 'b', c: true }, 'a: b; c: Sí'],
    [{}, '—'],
    ['2024-05-01T15:00:00.000Z', '01/05/2024 10:00 a. m.'],
    ['2024-05-01 17:30:00+00:00', '01/05/2024 12:30 p. m.'],
    ['2024-02-29', '29/02/2024'],
    ['2024-13-45', '2024-13-45'],
  ] as Array<[unknown, string]>)('value %j reads as %j (never JSON)', (value, expected) => {
    expect(formatAuditValue(value, words)).toBe(expected);
  });

});

describe('fieldLabelKeys and recordReference', () => {
  it('labels a field by its resource first, then by the audit\'s own labels', () => {
    expect(fieldLabelKeys('sitetypes', 'name')).toEqual(['resources.sitetypes.fields.name', 'audit.fields.name']);
    expect(fieldLabelKeys('superadmins', 'credentialsChanged')).toEqual(['resources.superadmins.fields.credentialsChanged', 'audit.fields.credentialsChanged']);
    expect(fieldLabelKeys('auth', '')).toEqual([]);
    expect(text('resources.documenttypes.fields.deleted')).toBe('Eliminado');
    expect(text('audit.fields.credentialsChanged')).toBe('Contraseña cambiada');
  });

  it.each([
    [{ recordId: '7', recordLabel: 'Carlos' }, { label: 'Carlos', id: '7' }],
    [{ recordId: '7', recordLabel: null }, { label: null, id: '7' }],
    [{ recordId: null, recordLabel: '  ' }, { label: null, id: null }],
    [{ recordId: null, recordLabel: 'ana@gov.co' }, { label: 'ana@gov.co', id: null }],
  ])('names the record %j', (record, expected) => {
    expect(recordReference(record)).toEqual(expected);
  });

  it('every soft delete and (de)activation action has a Spanish label', () => {
    expect(text(actionLabelKey('soft_delete')!)).toBe('Eliminación lógica');
    expect(text(actionLabelKey('deactivate')!)).toBe('Desactivación');
    expect(text(actionLabelKey('reactivate')!)).toBe('Reactivación');
  });
});

describe('localDayBound', () => {
  it('gives the first and last instant of a calendar day in Colombia (UTC−5), as the dates shown', () => {
    expect(localDayBound('2024-02-29', 'start')).toBe('2024-02-29T05:00:00.000Z');
    expect(localDayBound('2024-02-29', 'end')).toBe('2024-03-01T04:59:59.999Z');
  });
});

describe('auditListFilter', () => {
  it('sends only the given criteria under the API names', () => {
    expect(auditListFilter(EMPTY_AUDIT_SEARCH)).toEqual({});
    expect(auditListFilter({ userId: '12', resource: ' sitetypes ', from: '2024-05-01', to: '2024-05-31' })).toEqual({
      userId: 12,
      resource: 'sitetypes',
      from: '2024-05-01T05:00:00.000Z',
      to: '2024-06-01T04:59:59.999Z',
    });
    expect(auditListFilter({ userId: 'abc', resource: '', from: '2024-5-1', to: '' })).toEqual({});
  });

  it('a start after the end is an invalid range', () => {
    expect(isInvalidRange({ ...EMPTY_AUDIT_SEARCH, from: '2024-05-02', to: '2024-05-01' })).toBe(true);
    expect(isInvalidRange({ ...EMPTY_AUDIT_SEARCH, from: '2024-05-01', to: '2024-05-01' })).toBe(false);
    expect(isInvalidRange({ ...EMPTY_AUDIT_SEARCH, from: '2024-05-02' })).toBe(false);
  });
});
