/**
 * Upgrading a database that already holds data: the unique name indexes must not fail on names the
 * code check let through (races, case or accent variants), and the reference sites that do not exist
 * (Bogotá's governorate and assembly, mayoralties of áreas no municipalizadas) are retired. Sites that
 * held several backups keep one (migration 0026_backup_per_site: the newest ready one), the others'
 * zips and rows going with the backups sweep. The export cells the database wrote (0023, 0025) are dropped (0027).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/connection';
import { sweepBackups } from '../../server/backups/retention';
import { backupStorageKey } from '../../server/backups/zip';
import { LocalFileStorage } from '../../server/files';
import { createFreshDatabase, type FreshDatabase } from '../../server/db/freshDatabase';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/db/migrations');

/** A copy of the migrations folder holding only the migrations before `tag`. */
function migrationsBefore(tagSuffix: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const stop = journal.entries.findIndex((entry) => entry.tag.endsWith(tagSuffix));
  expect(stop).toBeGreaterThan(0);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  const entries = journal.entries.slice(0, stop);
  for (const entry of entries) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

let database: Database;
let fresh: FreshDatabase | null;
let oldFolder: string;

beforeAll(async () => {
  const pgBase = process.env.TEST_DATABASE_URL;
  fresh = pgBase ? await createFreshDatabase(pgBase, 'm') : null;
  database = await openDatabase({ databaseUrl: fresh?.url, dataDir: 'memory://' });
  oldFolder = migrationsBefore('_text_keys');
  if (database.kind === 'postgres') await migratePg(database.db as never, { migrationsFolder: oldFolder });
  else await migratePglite(database.db as never, { migrationsFolder: oldFolder });

  await database.query(`insert into site_types (id, name, is_editable) values
    (1, 'Gobernación', false), (2, 'Alcaldía', false), (3, 'Asamblea Departamental', false), (4, 'Concejo Municipal', false),
    (10, 'Veeduría', true), (11, 'VEEDURIA', true), (12, 'veeduría', true)`);
  await database.query(`insert into document_types (document_type_id, name, deleted) values
    (1, 'Pasaporte', false), (2, 'pasaporte', true), (3, 'PASAPORTE', false)`);
  await database.query(`insert into chat_categories (id, name) values (1, 'Soporte técnico'), (2, 'Soporte Tecnico')`);
  await database.query(`insert into locations (id, code, name, parent_location_id, is_municipality) values
    (170, '170', 'Colombia', null, false), (11, '11', 'Bogotá, D.C.', 170, false), (11001, '11001', 'Bogotá, D.C.', 11, true),
    (91, '91', 'Amazonas', 170, false), (91001, '91001', 'Leticia', 91, true), (91405, '91405', 'La Chorrera', 91, true)`);
  await database.query(`insert into sites (name, alias, parent_location_id, location_id, site_type_id, order_type, installed) values
    ('Gobernación de Bogotá, D.C.', 'gobernacion-bogota-d-c-11', 11, null, 1, 0, false),
    ('Asamblea Departamental de Bogotá, D.C.', 'asamblea-bogota-d-c-11', 11, null, 3, 0, true),
    ('Alcaldía Mayor de Bogotá, D.C.', 'alcaldia-bogota-d-c-11001', 11, 11001, 2, 1, false),
    ('Alcaldía de La Chorrera', 'alcaldia-la-chorrera-91405', 91, 91405, 2, 1, false),
    ('Concejo Municipal de La Chorrera', 'concejo-la-chorrera-91405', 91, 91405, 4, 1, false),
    ('Alcaldía de Leticia', 'alcaldia-leticia-91001', 91, 91001, 2, 1, false)`);
  await database.query(`insert into settings (key_word, value) values ('Banner.Position', '3'), ('Banner.Rotation', '12')`);
  await database.migrate();
});

afterAll(async () => {
  await database?.close();
  await fresh?.drop();
  if (oldFolder) fs.rmSync(oldFolder, { recursive: true, force: true });
});

describe('upgrading a database with data', () => {
  it('moves Banner.Position and Banner.Rotation into the banners\' settings record (0031_banners_logos)', async () => {
    expect(await database.query('select id, position, rotation from banner_settings')).toEqual([{ id: 1, position: '3', rotation: 12 }]);
    expect(await database.query("select key_word from settings where key_word like 'Banner.%'")).toEqual([]);
  });

  it('keeps the first of each clashing catalogue name and appends the id to the others', async () => {
    expect(await database.query('select id, name from site_types where id >= 10 order by id')).toEqual([
      { id: 10, name: 'Veeduría' },
      { id: 11, name: 'VEEDURIA (11)' },
      { id: 12, name: 'veeduría (12)' },
    ]);
    // A deleted document type holds no name.
    expect(await database.query('select document_type_id as id, name from document_types order by 1')).toEqual([
      { id: 1, name: 'Pasaporte' },
      { id: 2, name: 'pasaporte' },
      { id: 3, name: 'PASAPORTE (3)' },
    ]);
    expect(await database.query('select name from chat_categories order by id')).toEqual([{ name: 'Soporte técnico' }, { name: 'Soporte Tecnico (2)' }]);
  });

  it('then refuses a new clash in the database', async () => {
    await expect(database.query(`insert into site_types (id, name) values (20, 'VEEDURÍA')`)).rejects.toMatchObject({
      code: '23505',
      constraint: 'site_types_name_unique',
    });
  });

  it('retires the reference sites that do not exist, unless someone installed one', async () => {
    const rows = await database.query<{ alias: string; is_deleted: boolean }>('select alias, is_deleted from sites order by alias');
    expect(Object.fromEntries(rows.map((r) => [r.alias, r.is_deleted]))).toEqual({
      'alcaldia-bogota-d-c-11001': false,
      'alcaldia-la-chorrera-91405': true,
      'alcaldia-leticia-91001': false,
      'asamblea-bogota-d-c-11': false,
      'concejo-la-chorrera-91405': true,
      'gobernacion-bogota-d-c-11': true,
    });
  });

  it('drops the cells the database wrote for the exports (0023, 0025), which Node writes now (0027_drop_export_cells)', async () => {
    // Created on the way up: the upgrade ran every migration from 0003 on.
    const applied = await database.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied[0]!.n).toBe(JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')).entries.length);
    const left = await database.query("select proname from pg_proc where proname in ('csv_cell', 'xlsx_text_cell', 'xlsx_escaped_cell')");
    expect(left).toEqual([]);
  });
});

describe('upgrading a database whose sites hold several backups', () => {
  let old: Database;
  let oldFresh: FreshDatabase | null;
  let folder: string;
  let storageDir: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const pgBase = process.env.TEST_DATABASE_URL;
    oldFresh = pgBase ? await createFreshDatabase(pgBase, 'mb') : null;
    old = await openDatabase({ databaseUrl: oldFresh?.url, dataDir: 'memory://' });
    folder = migrationsBefore('_backup_per_site');
    if (old.kind === 'postgres') await migratePg(old.db as never, { migrationsFolder: folder });
    else await migratePglite(old.db as never, { migrationsFolder: folder });
    await old.query(`insert into site_types (id, name, is_editable) values (2, 'Alcaldía', false)`);
    await old.query(`insert into locations (id, code, name, parent_location_id, is_municipality) values (5, '05', 'Antioquia', null, false)`);
    const sites = await old.query<{ id: number }>(`insert into sites (name, alias, parent_location_id, site_type_id, order_type) values
      ('Alcaldía A', 'alcaldia-a', 5, 2, 1), ('Alcaldía B', 'alcaldia-b', 5, 2, 1), ('Alcaldía C', 'alcaldia-c', 5, 2, 1), ('Alcaldía D', 'alcaldia-d', 5, 2, 1)
      returning id`);
    const [a, b, c, d] = sites.map((row) => row.id);
    const rows: Array<[string, number | null, string, string, string | null]> = [
      // name, site, status, created, ready at
      ['a-expired', a!, 'expired', '2026-01-01', '2026-01-01'],
      ['a-ready-old', a!, 'ready', '2026-02-01', '2026-02-01'],
      ['a-failed-old', a!, 'failed', '2026-02-15', null],
      ['a-ready-new', a!, 'ready', '2026-03-01', '2026-03-01'],
      ['a-ready-middle', a!, 'ready', '2026-02-20', '2026-02-20'],
      ['b-expired-old', b!, 'expired', '2026-01-01', '2026-01-01'],
      ['b-expired-new', b!, 'expired', '2026-02-01', '2026-02-01'],
      ['b-failed-new', b!, 'failed', '2026-03-01', null],
      ['c-failed-old', c!, 'failed', '2026-01-01', null],
      ['c-failed-new', c!, 'failed', '2026-02-01', null],
      ['c-requested', c!, 'requested', '2026-03-01', null],
      ['d-ready', d!, 'ready', '2026-01-01', '2026-01-01'],
      ['gone-1', null, 'ready', '2026-01-01', '2026-01-01'],
      ['gone-2', null, 'ready', '2026-02-01', '2026-02-01'],
    ];
    for (const [name, site, status, created, ready] of rows) {
      const [row] = await old.query<{ id: number }>(
        'insert into backups (site_id, site_name, status, creation_date, process_date, download_hash) values ($1, $2, $3, $4, $5, $6) returning id',
        [site, name, status, created, ready, `hash-${name}`],
      );
      ids[name] = row!.id;
    }
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-migrated-backups-'));
    const storage = new LocalFileStorage(storageDir);
    for (const [name, , status] of rows) if (status === 'ready') await storage.put(backupStorageKey(ids[name]!), Buffer.from(name));
    await old.migrate();
  });

  afterAll(async () => {
    await old?.close();
    await oldFresh?.drop();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
    if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true });
  });

  const statuses = async () =>
    Object.fromEntries(
      (await old.query<{ site_name: string; status: string }>('select site_name, status from backups order by id')).map((row) => [row.site_name, row.status]),
    );

  it("keeps each site's newest ready backup (else its newest expired one) and its pending or latest failed attempt; marks the others replaced", async () => {
    expect(await statuses()).toEqual({
      'a-expired': 'replaced',
      'a-ready-old': 'replaced',
      'a-failed-old': 'replaced',
      'a-ready-new': 'ready',
      'a-ready-middle': 'replaced',
      'b-expired-old': 'replaced',
      'b-expired-new': 'expired',
      'b-failed-new': 'failed',
      'c-failed-old': 'replaced',
      'c-failed-new': 'replaced',
      'c-requested': 'requested',
      'd-ready': 'ready',
      'gone-1': 'ready',
      'gone-2': 'ready',
    });
  });

  it('the backups sweep then deletes the replaced ones, zips first; the kept zips stay', async () => {
    const storage = new LocalFileStorage(storageDir);
    const swept = await sweepBackups(old, storage, { leaseMs: 60_000 });
    const replaced = ['a-expired', 'a-ready-old', 'a-failed-old', 'a-ready-middle', 'b-expired-old', 'c-failed-old', 'c-failed-new'].map((name) => ids[name]!);
    expect(swept.replaced.sort((x, y) => x - y)).toEqual(replaced.sort((x, y) => x - y));
    expect(Object.keys(await statuses()).sort()).toEqual(['a-ready-new', 'b-expired-new', 'b-failed-new', 'c-requested', 'd-ready', 'gone-1', 'gone-2']);
    for (const name of ['a-ready-old', 'a-ready-middle']) expect(await storage.stat(backupStorageKey(ids[name]!))).toBeNull();
    for (const name of ['a-ready-new', 'd-ready', 'gone-1', 'gone-2']) expect(await storage.stat(backupStorageKey(ids[name]!))).not.toBeNull();
  });

  it('then refuses a second ready backup of a site', async () => {
    await expect(
      old.query("insert into backups (site_id, site_name, status, download_hash) select site_id, 'otra', 'ready', 'hash-otra' from backups where site_name = 'd-ready'"),
    ).rejects.toMatchObject({ code: '23505', constraint: 'backups_one_held_per_site' });
  });
});
