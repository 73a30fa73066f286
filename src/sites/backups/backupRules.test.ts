import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { backupActionsFor, backupChannel, backupKeyOf, backupRefetchInterval, BACKUP_FALLBACK_POLL_MS, formatBackupSize, hasPendingBackup, pendingBackupOf, tokenFailureKey } from './backupRules';

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

  it('polls every 15 s only while the stream is down and a backup is requested or in progress', () => {
    expect(BACKUP_FALLBACK_POLL_MS).toBe(15_000);
    expect(backupRefetchInterval([{ status: 'ready' }, { status: 'inProgress' }], false)).toBe(15_000);
    expect(backupRefetchInterval([{ status: 'requested' }], false)).toBe(15_000);
    expect(backupRefetchInterval([{ status: 'requested' }], true)).toBe(false);
    expect(backupRefetchInterval([{ status: 'ready' }, { status: 'failed' }], false)).toBe(false);
    expect(backupRefetchInterval([], false)).toBe(false);
    expect(backupRefetchInterval(undefined, false)).toBe(false);
    expect(hasPendingBackup([{ status: 'failed' }, { status: 'inProgress' }])).toBe(true);
    expect(hasPendingBackup(undefined)).toBe(false);
    expect(backupChannel(7)).toBe('backups:7');
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
