import { describe, expect, it } from 'vitest';
import { backupFileName, backupKey, canDelete, downloadAllowed, fileIdsIn, isPending, needsReplaceConfirmation, retentionEnd, wantsPage } from './rules';

describe('backup rules', () => {
  it('requested and in-progress backups are pending; ready and failed ones are not', () => {
    expect(isPending('requested')).toBe(true);
    expect(isPending('inProgress')).toBe(true);
    expect(isPending('ready')).toBe(false);
    expect(isPending('failed')).toBe(false);
  });

  it('a site holds one backup: replacing its ready one must be asked for; an expired one (no zip left) or none need not', () => {
    expect(needsReplaceConfirmation({ status: 'ready' }, undefined)).toBe(true);
    expect(needsReplaceConfirmation({ status: 'ready' }, false)).toBe(true);
    expect(needsReplaceConfirmation({ status: 'ready' }, 'true')).toBe(true);
    expect(needsReplaceConfirmation({ status: 'ready' }, true)).toBe(false);
    expect(needsReplaceConfirmation({ status: 'expired' }, undefined)).toBe(false);
    expect(needsReplaceConfirmation(undefined, undefined)).toBe(false);
  });

  it('a backup being built cannot be deleted', () => {
    expect(canDelete('inProgress')).toBe(false);
    expect(canDelete('requested')).toBe(true);
    expect(canDelete('ready')).toBe(true);
    expect(canDelete('failed')).toBe(true);
  });

  it('keeps a ready zip for the retention days', () => {
    expect(retentionEnd(new Date('2026-11-01T10:00:00Z'), 30).toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });

  describe('downloadAllowed', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const ok = { status: 'ready', expiresAt: new Date('2026-12-01T00:00:00Z'), tokenExpiresAt: new Date('2026-11-23T12:05:00Z'), tokenUsedAt: null };
    it('opens a ready backup once with a fresh token', () => expect(downloadAllowed(ok, now)).toBe(true));
    it('refuses a used token', () => expect(downloadAllowed({ ...ok, tokenUsedAt: new Date('2026-11-23T11:59:00Z') }, now)).toBe(false));
    it('refuses an expired token', () => expect(downloadAllowed({ ...ok, tokenExpiresAt: now }, now)).toBe(false));
    it('refuses an expired backup', () => expect(downloadAllowed({ ...ok, expiresAt: new Date('2026-11-23T11:00:00Z') }, now)).toBe(false));
    it('refuses a backup that is not ready', () => expect(downloadAllowed({ ...ok, status: 'inProgress' }, now)).toBe(false));
  });

  it('names the zip after the site, without accents or spaces', () => {
    expect(backupFileName('Alcaldía de Medellín', new Date('2026-11-23T05:00:00Z'))).toBe('backup-alcaldia-de-medellin-2026-11-23.zip');
    expect(backupFileName('***', new Date('2026-11-23T05:00:00Z'))).toBe('backup-entidad-2026-11-23.zip');
  });

  it('finds every file id nested in JSON, once, and ignores what is not one', () => {
    const id = '0b6f3a52-2d7c-4a51-9f0e-0f6b7a7d2c11';
    const other = '1c7e4b63-3e8d-4b62-8a1f-1a7c8b8e3d22';
    const found = fileIdsIn({ files: [{ fileID: id, name: 'a.pdf' }, { fileID: id }], profile: { document: { fileId: other.toUpperCase() } }, note: 'fileID', bad: { fileID: 'x' } });
    expect([...found].sort()).toEqual([id, other].sort());
  });

  it.each([
    ['12', { by: 'id', value: 12 }],
    ['2147483647', { by: 'id', value: 2_147_483_647 }],
    ['2147483648', null],
    ['0', null],
    ['a'.repeat(48), { by: 'hash', value: 'a'.repeat(48) }],
    ['A'.repeat(48), null],
    ['a'.repeat(47), null],
    ['../x', null],
  ])('reads %s as a backup id, a download hash or nothing', (raw, expected) => {
    expect(backupKey(raw)).toEqual(expected);
  });

  it.each([
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true],
    ['application/json', false],
    ['application/json, text/html', false],
    ['*/*', false],
    [undefined, false],
  ])('a browser navigation (%s) gets the page: %s', (accept, expected) => {
    expect(wantsPage(accept)).toBe(expected);
  });
});
