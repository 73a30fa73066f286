import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKFILL_SITE_DOMAINS_SQL } from './domains';

describe('site domains backfill', () => {
  it('is the same statement in the migration and in the seed', () => {
    const folder = path.join(__dirname, '../db/migrations');
    const file = fs.readdirSync(folder).find((name) => name.endsWith('_site_domains_backfill.sql'));
    expect(file).toBeDefined();
    const migration = fs
      .readFileSync(path.join(folder, file!), 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('--'))
      .join('\n');
    expect(migration.trim()).toBe(BACKFILL_SITE_DOMAINS_SQL.trim());
  });
});
