/**
 * Backup retention and giving up (issue 9, docs/decisions/0016-backups.md → 'Retention'): the sweep deletes the zip of a
 * ready backup past `expires_at`, marks it expired, audits it and announces it, leaves a younger one alone, refuses
 * its token, and two sweeps at once delete each zip once; a build whose attempts ran out after a crash fails the backup
 * when the jobs service gives it up, with its event and one e-mail, and leaves no partial zip. The backups sweep (at
 * start and hourly, issue 21) also removes replaced backups and every partial zip no live build is writing. On PGlite
 * and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../server/jobs';
import { fileStorageOf, type FileStorage } from '../../server/files';
import { sweepBackups, sweepExpiredBackups } from '../../server/backups/retention';
import { backupStorageKey } from '../../server/backups/zip';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

let t: TestApp;
let sites: string;
let siteIds: number[] = [];
const API = '/api/v1';
const quiet = { pollMs: 10, log: () => {} };

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  sites = await t.tokenFor(['Sites'], 'retencion@portales.gov.co');
  siteIds = (await t.database.query<{ id: number }>('select id from sites where not is_deleted order by id limit 3')).map((row) => row.id);
}, 120_000);

afterAll(async () => t?.close());

const drain = () => createJobRunner(t.context, quiet).drain();
const read = async (id: number) => (await t.app.inject({ method: 'GET', url: `${API}/backuprequests/${id}`, headers: bearer(sites) })).json() as Record<string, unknown>;
const token = (id: number) => t.app.inject({ method: 'GET', url: `${API}/download/${id}/token`, headers: bearer(sites) });
const stored = async (id: number) => (await fileStorageOf(t.context).stat(backupStorageKey(id))) !== null;
/** A partial zip as a build killed mid-way leaves it (LocalFileStorage's `<key>.<uuid>.part`), written now. */
const backupsDir = () => path.join(t.config.dataDir, 'uploads', 'backups');
function leavePartial(backupId: number): string {
  fs.mkdirSync(backupsDir(), { recursive: true });
  const name = `${backupId}.zip.${randomUUID()}.part`;
  fs.writeFileSync(path.join(backupsDir(), name), Buffer.alloc(4096, 7));
  return name;
}
const partials = () => (fs.existsSync(backupsDir()) ? fs.readdirSync(backupsDir()).filter((name) => name.endsWith('.part')).sort() : []);
const expire = (ids: number[]) => t.database.query("update backups set expires_at = now() - interval '1 minute' where id = any($1::int[])", [ids]);

/** Requests a backup of the site and lets the job build it: a ready backup with its zip. */
async function readyBackup(siteId: number): Promise<number> {
  // A site holds one backup: this one replaces the site's earlier one once ready.
  const created = await t.app.inject({ method: 'POST', url: `${API}/backuprequests`, headers: bearer(sites), payload: { siteId, replace: true } });
  expect(created.statusCode).toBe(201);
  const id = (created.json() as { id: number }).id;
  await drain();
  expect(await read(id)).toMatchObject({ status: 'ready' });
  expect(await stored(id)).toBe(true);
  return id;
}

async function eventsOf(backupId: number): Promise<string[]> {
  const rows = await t.database.query<{ payload: { backupId: number; status: string } }>(
    "select payload from events where channel like 'backups:%' order by id",
  );
  return rows.map((row) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload)).filter((p) => p.backupId === backupId).map((p) => p.status);
}

async function auditOf(backupId: number) {
  return t.database.query<{ action: string; user_id: number | null; record_label: string | null; after: unknown }>(
    "select action, user_id, record_label, after from audit_log where resource = 'backups' and record_id = $1 and after->>'status' = 'expired'",
    [String(backupId)],
  );
}

describe('retention: the sweep of expired backups', () => {
  it('deletes the zip of a backup past its expiry, marks it expired, audits and announces it; a younger one is untouched', async () => {
    const old = await readyBackup(siteIds[0]!);
    const young = await readyBackup(siteIds[1]!);
    // A link issued while it was still valid does not open it once it expired.
    const issued = (await token(old)).json() as { url: string };
    await expire([old]);

    expect(await sweepExpiredBackups(t.database, fileStorageOf(t.context))).toEqual([old]);
    expect(await stored(old)).toBe(false);
    expect(await read(old)).toMatchObject({ status: 'expired', siteId: siteIds[0] });
    expect(await eventsOf(old)).toEqual(['requested', 'inProgress', 'ready', 'expired']);
    const audit = await auditOf(old);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'update', user_id: null, after: { status: 'expired', fileDeleted: true } });

    // Its token: the Spanish refusal of a file that is gone; the earlier link too.
    const refused = await token(old);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({ error: { code: 'Gone', message: 'Este archivo ya no se encuentra para descarga' } });
    expect((await t.app.inject({ method: 'GET', url: issued.url })).statusCode).toBe(410);

    expect(await stored(young)).toBe(true);
    expect(await read(young)).toMatchObject({ status: 'ready' });
    expect(await eventsOf(young)).toEqual(['requested', 'inProgress', 'ready']);
    expect((await token(young)).statusCode).toBe(200);

    // Nothing left to expire; an expired backup can still be deleted (its row), and another can be requested.
    expect(await sweepExpiredBackups(t.database, fileStorageOf(t.context))).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `${API}/backuprequests/${old}`, headers: bearer(sites) })).statusCode).toBeLessThan(300);
  });

  it('a ready backup past its expiry that the sweep has not reached yet gets no token either', async () => {
    const id = await readyBackup(siteIds[2]!);
    await expire([id]);
    expect((await token(id)).statusCode).toBe(410);
    expect(await sweepExpiredBackups(t.database, fileStorageOf(t.context))).toEqual([id]);
  });

  it('two sweeps at once (two instances) delete each zip once, with one audit line and one event each', async () => {
    const ids = [await readyBackup(siteIds[0]!), await readyBackup(siteIds[1]!), await readyBackup(siteIds[2]!)];
    await expire(ids);
    const real = fileStorageOf(t.context);
    const deleted: string[] = [];
    const counting = (): FileStorage =>
      new Proxy(real, {
        get(target, property) {
          if (property === 'delete') {
            return async (key: string) => {
              deleted.push(key);
              await target.delete(key);
            };
          }
          const value = Reflect.get(target, property) as unknown;
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    // Batches of one: each sweep goes back for more while the other holds its rows.
    const [first, second] = await Promise.all([
      sweepExpiredBackups(t.database, counting(), { batch: 1 }),
      sweepExpiredBackups(t.database, counting(), { batch: 1 }),
    ]);
    expect([...first, ...second].sort((a, b) => a - b)).toEqual(ids);
    expect(deleted.sort()).toEqual(ids.map(backupStorageKey).sort());
    for (const id of ids) {
      expect(await stored(id)).toBe(false);
      expect(await read(id)).toMatchObject({ status: 'expired' });
      expect(await auditOf(id)).toHaveLength(1);
      expect((await eventsOf(id)).filter((status) => status === 'expired')).toHaveLength(1);
    }
  });
});

describe('a build whose attempts ran out', () => {
  it('fails the backup when the jobs service gives it up: its event, one e-mail, and the slot is free', async () => {
    const created = await t.app.inject({ method: 'POST', url: `${API}/backuprequests`, headers: bearer(sites), payload: { siteId: siteIds[0] } });
    const id = (created.json() as { id: number }).id;
    const [row] = await t.database.query<{ job_id: number }>('select job_id from backups where id = $1', [id]);
    // Its last attempt died with its instance while the backup was in progress.
    await t.database.query("update backups set status = 'inProgress' where id = $1", [id]);
    await t.database.query(
      "update jobs set status = 'running', attempts = 3, locked_by = 'instancia-muerta', locked_at = now() - interval '1 hour' where id = $1",
      [row!.job_id],
    );
    // It was writing the zip: its partial write stays behind it.
    leavePartial(id);
    await drain();
    expect(partials()).toEqual([]);

    const [job] = await t.database.query<{ status: string }>('select status from jobs where id = $1', [row!.job_id]);
    expect(job).toMatchObject({ status: 'failed' });
    expect(await read(id)).toMatchObject({ status: 'failed' });
    expect(await eventsOf(id)).toEqual(['requested', 'failed']);
    const mail = await t.database.query<{ recipient: string }>("select recipient from mail_log where template = 'backups.failed' and related_id = $1", [String(id)]);
    expect(mail).toEqual([{ recipient: 'retencion@portales.gov.co' }]);

    // The next request is accepted without freeing anything again: no second event nor e-mail.
    const next = await t.app.inject({ method: 'POST', url: `${API}/backuprequests`, headers: bearer(sites), payload: { siteId: siteIds[1] } });
    expect(next.statusCode).toBe(201);
    await drain();
    expect(await eventsOf(id)).toEqual(['requested', 'failed']);
    const again = await t.database.query("select 1 from mail_log where template = 'backups.failed' and related_id = $1", [String(id)]);
    expect(again).toHaveLength(1);
  });
});

describe('the backups sweep (at start and hourly)', () => {
  const storage = () => fileStorageOf(t.context);
  const LEASE_MS = 60_000;

  it('deletes every partial zip no live build is writing, however recent; a live build keeps its own', async () => {
    const ready = await readyBackup(siteIds[2]!);
    // A build in progress whose job's lease is fresh: live, its partial zip is being written.
    await t.database.query("update jobs set status = 'done' where status in ('queued', 'running', 'retry')");
    const created = await t.app.inject({ method: 'POST', url: `${API}/backuprequests`, headers: bearer(sites), payload: { siteId: siteIds[0], replace: true } });
    const building = (created.json() as { id: number }).id;
    const [row] = await t.database.query<{ job_id: number }>('select job_id from backups where id = $1', [building]);
    await t.database.query("update backups set status = 'inProgress' where id = $1", [building]);
    await t.database.query("update jobs set status = 'running', attempts = 1, locked_by = 'otra-instancia', locked_at = now() where id = $1", [row!.job_id]);
    const live = leavePartial(building);
    const dead = [leavePartial(ready), leavePartial(987_654)];

    const swept = await sweepBackups(t.database, storage(), { leaseMs: LEASE_MS });
    expect(swept.partials.sort()).toEqual([backupStorageKey(987_654), backupStorageKey(ready)].sort());
    expect(partials()).toEqual([live]);
    expect(await stored(ready)).toBe(true);

    // Its instance died: once the lease has passed, nothing writes it any more.
    await t.database.query("update jobs set locked_at = now() - interval '2 minutes' where id = $1", [row!.job_id]);
    expect((await sweepBackups(t.database, storage(), { leaseMs: LEASE_MS })).partials).toEqual([backupStorageKey(building)]);
    expect(partials()).toEqual([]);
    expect(dead).toHaveLength(2);
    // Settled for the next tests: the build is given up.
    await t.database.query("update jobs set status = 'cancelled', locked_by = null, locked_at = null where id = $1", [row!.job_id]);
    await t.database.query("update backups set status = 'failed' where id = $1", [building]);
  });

  it('removes a replaced backup whose zip was left behind (its process died after the commit, or the migration marked it)', async () => {
    const id = await readyBackup(siteIds[1]!);
    await t.database.query("update backups set status = 'replaced' where id = $1", [id]);
    expect((await t.app.inject({ method: 'GET', url: `${API}/backuprequests/${id}`, headers: bearer(sites) })).statusCode).toBe(404);
    expect(await stored(id)).toBe(true);
    expect((await sweepBackups(t.database, storage(), { leaseMs: LEASE_MS })).replaced).toEqual([id]);
    expect(await stored(id)).toBe(false);
    expect(await t.database.query('select id from backups where id = $1', [id])).toEqual([]);
  });
});
