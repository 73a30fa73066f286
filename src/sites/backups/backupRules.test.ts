import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { backupActionsFor, backupChannel, backupKeyOf, formatBackupSize, hasPendingBackup, holdsReadyBackup, pendingBackupOf, replaceAskedBy, siteBackupsQuery, tokenFailureKey } from './backupRules';

describe('backup screen rules', () => {
  it.each([
    ['ready', ['download', 'delete']],
    ['failed', ['delete']],
    ['expired', ['delete']],
    ['requested', []],
    ['inProgress', []],
  ] as const)('a %s backup offers %j', (status, actions) => {
    expect(backupActionsFor(status)).toEqual(actions);
  });

  it("follows a site's backups on its channel; knows a pending one and a ready one (a request replaces it)", () => {
    expect(hasPendingBackup([{ status: 'failed' }, { status: 'inProgress' }])).toBe(true);
    expect(hasPendingBackup(undefined)).toBe(false);
    expect(backupChannel(7)).toBe('backups:7');
    expect(holdsReadyBackup([{ status: 'requested' }, { status: 'ready' }])).toBe(true);
    expect(holdsReadyBackup([{ status: 'expired' }, { status: 'failed' }])).toBe(false);
    expect(holdsReadyBackup(undefined)).toBe(false);
    expect(siteBackupsQuery(7)).toEqual({ filter: { siteId: 7 }, sort: { field: 'creationDate', order: 'DESC' }, pagination: { page: 1, perPage: 10 } });
  });

  it('reads the request refused because the site holds a ready backup (BackupReplaceConfirmation)', () => {
    const message = 'La entidad Alcaldía de Bello ya tiene una copia de seguridad lista: confirma que deseas reemplazarla';
    expect(replaceAskedBy(new HttpError(message, 409, { errors: {}, code: 'BackupReplaceConfirmation', details: [] }))).toBe(true);
    expect(replaceAskedBy(new HttpError(message, 409, { errors: {}, code: 'BackupRequestAlreadyPeding', details: [] }))).toBe(false);
    expect(replaceAskedBy(null)).toBe(false);
  });

  it.each([
    [null, ''],
    [-1, ''],
    [0, '0 B'],
    [512, '512 B'],
    [1024, '1 KB'],
    [1536, '1,5 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [3.25 * 1024 ** 3, '3,3 GB'],
  ])('formats %s bytes as %j', (bytes, text) => {
    expect(formatBackupSize(bytes)).toBe(text);
  });

  it('reads the pending backup of another site from the refusal, with its message and site id', () => {
    const message = 'No se puede generar backup: la entidad Alcaldía de Envigado tiene una copia de seguridad pendiente';
    const error = new HttpError(message, 409, {
      errors: { siteId: message },
      code: 'BackupRequestAlreadyPeding',
      details: [{ code: 'BackupRequestAlreadyPeding', target: 'siteId', message, value: '12' }],
    });
    expect(pendingBackupOf(error)).toEqual({ message, siteId: 12 });
    const deletedSite = new HttpError(message, 409, { errors: {}, code: 'BackupRequestAlreadyPeding', details: [{ code: 'BackupRequestAlreadyPeding', target: 'siteId', message }] });
    expect(pendingBackupOf(deletedSite)).toEqual({ message, siteId: null });
    expect(pendingBackupOf(new HttpError('otro', 409, { errors: {}, code: 'Conflict', details: [] }))).toBeNull();
    expect(pendingBackupOf(new Error('red'))).toBeNull();
  });

  it.each([
    [404, 'backups.errors.gone'],
    [409, 'backups.errors.gone'],
    [410, 'backups.errors.gone'],
    [500, 'backups.errors.token'],
    [0, 'backups.errors.token'],
  ])('a token refused with %s shows %s', (status, key) => {
    expect(tokenFailureKey(new HttpError('x', status, {}))).toBe(key);
  });

  it('accepts only a hash as the server draws it', () => {
    expect(backupKeyOf('ab'.repeat(24))).toBe('ab'.repeat(24));
    expect(backupKeyOf('AB'.repeat(24))).toBeNull();
    expect(backupKeyOf('12')).toBeNull();
    expect(backupKeyOf('')).toBeNull();
  });
});
