/**
 * A real API server for tests: embedded PGlite in memory by default, or a fresh database on
 * the PostgreSQL server named by TEST_DATABASE_URL (set by the test runner's PostgreSQL pass).
 * The standard 'reference' and 'demo' seeds are copied from the run's templates (databaseTemplates.ts).
 * Use one per test file (`beforeAll`), not one per test.
 */
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { issueToken, loadSigningKey, newSessionId } from '../../server/auth/tokens';
import { readConfig, type ServerConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { inject } from 'vitest';
import { createFreshDatabase, type FreshDatabase } from '../../server/db/freshDatabase';
import { openDatabase, type Database } from '../../server/db/connection';
import { sessions, userPermissions, users, USER_TYPE } from '../../server/db/schema';
import { createMailer } from '../../server/mail/mailer';
import { initializeDatabase } from '../../server/seed';
import { PERMISSIONS, type PermissionName } from '../../resources/permissions';
import type { ResourceDeclaration } from '../../resources/types';
import {
  openSharedDatabase,
  openTestPglite,
  restorePgliteTemplate,
  seedFingerprint,
  templatesEnabled,
  TEST_ENV,
  type DatabaseTemplates,
} from './databaseTemplates';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: ServerConfig;
  context: AppContext;
  /** Folder where .eml files land (no SMTP_URL in tests unless given). */
  mailDir: string;
  /** Creates a superadmin holding exactly these permissions and returns a bearer token for it. */
  tokenFor(permissions: readonly PermissionName[], email?: string): Promise<string>;
  close(): Promise<void>;
  /** The PostgreSQL database's URL (TEST_DATABASE_URL runs), so a test can open a second instance on it; undefined on PGlite. */
  databaseUrl?: string;
}


export async function createTestApp(
  options: {
    seed?: 'reference' | 'demo' | 'none';
    env?: Record<string, string>;
    staticDir?: string;
    /** Throwaway resource declarations registered by the engine (their tables are the test's job). */
    extraResources?: readonly ResourceDeclaration[];
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-test-'));
  const config = readConfig({ DATA_DIR: dataDir, ...TEST_ENV, ...options.env });
  const pgBase = process.env.TEST_DATABASE_URL;
  const seed = options.seed ?? 'reference';
  const templates = seed === 'none' || !templatesEnabled() ? undefined : providedTemplates();
  // A template only holds what this config would have seeded (settings and superadmin from the env).
  const usable = templates && templates.fingerprint === seedFingerprint(config) ? templates : undefined;
  let fresh: FreshDatabase | null = null;
  let database: Database;
  let seeded = false;
  if (pgBase) {
    const template = seed === 'none' ? undefined : usable?.postgres?.[seed];
    fresh = await createFreshDatabase(pgBase, 't', template);
    database = await openDatabase({ databaseUrl: fresh.url });
    seeded = template !== undefined;
  } else {
    const file = seed === 'none' ? undefined : usable?.pglite?.[seed];
    database = (await openTestPglite(file ? new Blob([fs.readFileSync(file)]) : undefined)).database;
    seeded = file !== undefined;
  }
  // A copy of a template is already migrated and seeded, its superadmin created.
  if (!seeded && seed === 'none') await database.migrate();
  else if (!seeded) await initializeDatabase(database, config, () => {}, { demo: seed === 'demo' });
  const mailDir = path.join(dataDir, 'mail');
  const context: AppContext = {
    database,
    config,
    signingKey: await loadSigningKey(database, config.tokenSecret),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, mailDir, log: () => {} }),
  };
  const app = await buildApp({ context, staticDir: options.staticDir, extraResources: options.extraResources });
  await app.ready();
  let counter = 0;
  return {
    app,
    database,
    config,
    context,
    mailDir,
    databaseUrl: fresh?.url,
    async tokenFor(permissionNames, email) {
      counter += 1;
      const [user] = await database.db
        .insert(users)
        .values({
          userTypeId: USER_TYPE.superadmin,
          name: `Usuario de prueba ${counter}`,
          email: email ?? `prueba${counter}-${Date.now()}@portales.test`,
        })
        .returning();
      const ids = PERMISSIONS.filter((p) => permissionNames.includes(p.name)).map((p) => p.permissionID);
      if (ids.length) await database.db.insert(userPermissions).values(ids.map((permissionId) => ({ userId: user!.id, permissionId })));
      const sessionId = newSessionId();
      await database.db.insert(sessions).values({ id: sessionId, userId: user!.id });
      return issueToken(context.signingKey, { userId: user!.id, sessionId }, config.tokenTtlSeconds);
    },
    async close() {
      await app.close();
      await database.close();
      await fresh?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A database a test shares with the processes it spawns (createSharedDatabase). */
export interface SharedDatabase {
  /** The PostgreSQL database (TEST_DATABASE_URL runs); undefined on PGlite. */
  databaseUrl?: string;
  /** The embedded database's folder (PGlite runs; its `pglite` subfolder), and a scratch folder on PostgreSQL. */
  dataDir: string;
  /** Opens it in this process (openSharedDatabase); close it before a spawned process opens a PGlite folder. */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * A database for a test that spawns processes on it: a new database on TEST_DATABASE_URL's server or a PGlite folder.
 * `seed: 'reference'` copies the run's reference template when there is one (seeded here with createTestApp's config
 * otherwise), so neither the test nor its processes seed; `seed: 'none'` leaves it empty (not even migrated).
 */
export async function createSharedDatabase(prefix: string, options: { seed?: 'reference' | 'none' } = {}): Promise<SharedDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portales-${prefix}-`));
  const config = readConfig({ DATA_DIR: dataDir, ...TEST_ENV });
  const pgBase = process.env.TEST_DATABASE_URL;
  const templates = options.seed === 'reference' && templatesEnabled() ? providedTemplates() : undefined;
  const usable = templates && templates.fingerprint === seedFingerprint(config) ? templates : undefined;
  let fresh: FreshDatabase | null = null;
  let seeded = false;
  if (pgBase) {
    const template = usable?.postgres?.reference;
    fresh = await createFreshDatabase(pgBase, prefix, template);
    seeded = template !== undefined;
  } else if (usable?.pglite?.reference) {
    await restorePgliteTemplate(usable.pglite.reference, dataDir);
    seeded = true;
  }
  const open = () => openSharedDatabase({ databaseUrl: fresh?.url, dataDir: fresh ? undefined : dataDir });
  if (options.seed === 'reference' && !seeded) {
    const database = await open();
    try {
      await initializeDatabase(database, config, () => {}, { demo: false });
    } finally {
      await database.close();
    }
  }
  return {
    databaseUrl: fresh?.url,
    dataDir,
    open,
    async drop() {
      await fresh?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The run's templates (globalSetup), or none: outside vitest's api/e2e projects, or turned off. */
function providedTemplates(): DatabaseTemplates | undefined {
  try {
    return inject('databaseTemplates');
  } catch {
    return undefined;
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
