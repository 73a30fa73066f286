/**
 * Prepares a database at start-up: migrations, then on an empty database the reference data,
 * the demo data (unless DEMO_DATA=0) and the bootstrap superadmin.
 */
import type { ServerConfig } from '../config';
import type { Database } from '../db/connection';
import { bootstrapSuperadmin } from './bootstrap';
import { seedDemoData } from './demo';
import { seedDemoGlobalContent } from './demoGlobalContent';
import type { FileStorage } from '../files/storage';
import { isDatabaseEmpty, seedReferenceData } from './reference';

export async function initializeDatabase(
  database: Database,
  config: ServerConfig,
  log: (line: string) => void,
  /** `files`: where the demo's images go (the server's storage); without it the demo has no banners nor logos (tests). */
  options: { demo?: boolean; files?: FileStorage } = {},
): Promise<void> {
  await database.migrate();
  if (await isDatabaseEmpty(database)) {
    await seedReferenceData(database, config);
    if (options.demo ?? config.demoData) {
      await seedDemoData(database);
      const files = options.files;
      if (files) await database.db.transaction((tx) => seedDemoGlobalContent(tx, files));
    }
  }
  await bootstrapSuperadmin(database, config, log);
}
