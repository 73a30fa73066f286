/**
 * Seeded database templates for createTestApp (docs/decisions.md 'Tests get their database from a template'):
 * the vitest globalSetup of the api and e2e projects (tests/helpers/databaseTemplatesSetup.ts) migrates and seeds
 * one 'reference' and one 'demo' database per run, and each test file's createTestApp copies one instead of
 * migrating and seeding its own — PGlite: a dump of the data directory, loaded by the new instance; PostgreSQL
 * (TEST_DATABASE_URL): `CREATE DATABASE … TEMPLATE`. Only for the standard seeds with the seed's settings of the
 * default test config; anything else is seeded at copy time as before. TEST_DATABASE_TEMPLATE=0 turns it off
 * (and the embedded database back into its worker thread), for comparing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig, type ServerConfig } from '../../server/config';
import { embeddedDatabase, openDatabase, type Database } from '../../server/db/connection';
import { createFreshDatabase } from '../../server/db/freshDatabase';
import { RemotePglite } from '../../server/db/pgliteRemote';
import { initializeDatabase } from '../../server/seed';
import { referenceSettings } from '../../server/seed/catalogues';

export type TemplateSeed = 'reference' | 'demo';
export const TEMPLATE_SEEDS: readonly TemplateSeed[] = ['reference', 'demo'];

/** What createTestApp's config puts in every test database unless a test's env says otherwise. */
export const TEST_ENV: Readonly<Record<string, string>> = {
  ADMIN_EMAIL: 'admin@portales.test',
  ADMIN_PASSWORD: 'Clave-de-prueba-1',
  CAPTCHA_REQUEST_VALUE: '100',
  PUBLIC_URL: 'http://127.0.0.1:0',
};

export interface DatabaseTemplates {
  /** seedFingerprint of the config the templates were seeded with. */
  fingerprint: string;
  /** PGlite: seed → file holding the dumped data directory. */
  pglite?: Partial<Record<TemplateSeed, string>>;
  /** PostgreSQL: seed → name of the template database on TEST_DATABASE_URL's server. */
  postgres?: Partial<Record<TemplateSeed, string>>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates | undefined;
  }
}

export const templatesEnabled = () => process.env.TEST_DATABASE_TEMPLATE !== '0';

/** Everything of the config that initializeDatabase writes: a test config with the same fingerprint gets the same seed. */
export function seedFingerprint(config: ServerConfig): string {
  return JSON.stringify({ adminEmail: config.adminEmail, adminPassword: config.adminPassword, settings: referenceSettings(config) });
}

/** The config the templates are seeded with (createTestApp's with no env of the test's). */
function templateConfig(): ServerConfig {
  return readConfig({ ...TEST_ENV, DATA_DIR: os.tmpdir() });
}

/** The embedded database of a test: in this thread (no worker to start), opened from `loadDataDir` when given. */
export async function openTestPglite(loadDataDir?: Blob): Promise<{ database: Database; client: RemotePglite }> {
  if (!templatesEnabled()) return { database: await openDatabase({ dataDir: 'memory://' }), client: undefined as never };
  const client = await RemotePglite.start(undefined, { inProcess: true, loadDataDir });
  return { database: embeddedDatabase(client), client };
}

/**
 * A database that a test shares with the processes it spawns (job runners, `npm start`): the PostgreSQL database at
 * `databaseUrl`, or the embedded one in the folder `dataDir` (openDatabase's layout: the database in its `pglite`
 * subfolder; one process at a time). Test processes and their helper processes only: a folder's PGlite answers in this
 * thread (openTestPglite), as the API tests' do, without the worker thread the server starts (TEST_DATABASE_TEMPLATE=0:
 * the worker thread, like the server).
 */
export async function openSharedDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (options.databaseUrl || !options.dataDir || !templatesEnabled()) return openDatabase(options);
  const folder = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(folder, { recursive: true });
  return embeddedDatabase(await RemotePglite.start(folder, { inProcess: true }));
}

/** Writes the dumped data directory `templateFile` into the folder `dataDir` (openDatabase's layout), for openSharedDatabase and the server. */
export async function restorePgliteTemplate(templateFile: string, dataDir: string): Promise<void> {
  const folder = path.join(dataDir, 'pglite');
  fs.mkdirSync(folder, { recursive: true });
  const client = await RemotePglite.start(folder, { inProcess: true, loadDataDir: new Blob([fs.readFileSync(templateFile)]) });
  await client.close();
}

/** Seeds the templates of `seeds` for the backend of this run; answers them and their removal. */
export async function buildTemplates(
  seeds: readonly TemplateSeed[] = TEMPLATE_SEEDS,
): Promise<{ templates: DatabaseTemplates; remove(): Promise<void> }> {
  const config = templateConfig();
  const fingerprint = seedFingerprint(config);
  const pgBase = process.env.TEST_DATABASE_URL;
  if (pgBase) {
    const built = await Promise.all(
      seeds.map(async (seed) => {
        const fresh = await createFreshDatabase(pgBase, `tpl_${seed}`);
        try {
          const database = await openDatabase({ databaseUrl: fresh.url });
          await initializeDatabase(database, config, () => {}, { demo: seed === 'demo' });
          // No connection may stay open on a template database.
          await database.close();
        } catch (error) {
          await fresh.drop();
          throw error;
        }
        return [seed, fresh] as const;
      }),
    );
    return {
      templates: { fingerprint, postgres: Object.fromEntries(built.map(([seed, fresh]) => [seed, fresh.name])) },
      remove: async () => void (await Promise.all(built.map(([, fresh]) => fresh.drop()))),
    };
  }
  // `npm test` names a folder of its own (TEST_TEMPLATES_DIR, removed when it ends): a later pass (the browser tests)
  // loads the embedded templates an earlier one seeded with the same config instead of seeding them again.
  const shared = process.env.TEST_TEMPLATES_DIR;
  const dir = shared ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portales-templates-'));
  const files: Partial<Record<TemplateSeed, string>> = {};
  try {
    for (const seed of seeds) {
      const file = path.join(dir, `${seed}.tar`);
      const seededWith = path.join(dir, `${seed}.fingerprint`);
      if (shared && fs.existsSync(file) && fs.existsSync(seededWith) && fs.readFileSync(seededWith, 'utf8') === fingerprint) {
        files[seed] = file;
        continue;
      }
      const { database, client } = await openTestPglite();
      try {
        await initializeDatabase(database, config, () => {}, { demo: seed === 'demo' });
        fs.writeFileSync(file, await client.dump());
        if (shared) fs.writeFileSync(seededWith, fingerprint);
        files[seed] = file;
      } finally {
        await database.close();
      }
    }
  } catch (error) {
    if (!shared) fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const remove = async () => void (shared ? undefined : fs.rmSync(dir, { recursive: true, force: true }));
  return { templates: { fingerprint, pglite: files }, remove };
}
