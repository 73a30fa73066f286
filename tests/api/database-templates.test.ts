/**
 * createTestApp copies the run's seeded template (tests/helpers/databaseTemplates.ts) instead of seeding each file's
 * database: the copy must hold what seeding a fresh database gives — the same rows in every table and the same next
 * ids (a PGlite copy loaded with its WAL replayed came back with each sequence up to 32 ahead).
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { readConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/connection';
import { createFreshDatabase, type FreshDatabase } from '../../server/db/freshDatabase';
import { initializeDatabase } from '../../server/seed';
import { openTestPglite, TEST_ENV, templatesEnabled } from '../helpers/databaseTemplates';
import { createTestApp, type TestApp } from '../helpers/testApp';

const opened: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const one of opened) await one.close();
});

/** A database seeded here, the way createTestApp did before templates. */
async function seededFresh(seed: 'reference' | 'demo'): Promise<Database> {
  const pgBase = process.env.TEST_DATABASE_URL;
  let fresh: FreshDatabase | undefined;
  let database: Database;
  if (pgBase) {
    fresh = await createFreshDatabase(pgBase, 't');
    database = await openDatabase({ databaseUrl: fresh.url });
  } else database = (await openTestPglite()).database;
  opened.push({ close: async () => (await database.close(), await fresh?.drop()) });
  await initializeDatabase(database, readConfig({ ...TEST_ENV, DATA_DIR: '/tmp' }), () => {}, { demo: seed === 'demo' });
  return database;
}

/** Rows per table and each sequence's position (server_secrets apart: createTestApp adds the signing key). */
async function contents(database: Database): Promise<Record<string, string>> {
  const tables = await database.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'server_secrets' order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await database.query<{ n: string }>(`select count(*)::text as n from "${name}"`);
    result[name] = row!.n;
  }
  const sequences = await database.query<{ name: string; at: string | null }>(
    `select sequencename as name, last_value::text as at from pg_sequences where schemaname = 'public' order by 1`,
  );
  for (const { name, at } of sequences) result[`sequence ${name}`] = at ?? 'unused';
  return result;
}

describe('test databases copied from the seeded template', () => {
  it('are copies of a template when templates are on (the default)', () => {
    expect(templatesEnabled()).toBe(true);
    expect(inject('databaseTemplates')?.[process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite']).toEqual({
      reference: expect.any(String),
      demo: expect.any(String),
    });
  });

  // The copy does not depend on the seed (one dump, one load): the reference seed, the cheaper one to seed again here.
  it('hold what seeding a fresh database gives: the same rows per table and the same next ids', async () => {
    const copy: TestApp = await createTestApp({ seed: 'reference' });
    opened.push(copy);
    const expected = await contents(await seededFresh('reference'));
    expect(Number(expected.sites)).toBeGreaterThan(0);
    expect(await contents(copy.database)).toEqual(expected);
  });
});
