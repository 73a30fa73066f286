/**
 * The backup zip of one site (issue 9): everything the platform holds for it — the site record, its requests, its
 * annotations, its administrators and users (without password hashes), its history in the audit trail, and the
 * files its requests and annotations attach — plus `manifest.json` with each entry's size and sha256. Streamed
 * straight into the file storage (`backups/<id>.zip`, replaced whole or not at all): rows are read in batches of
 * `BATCH` by keyset and files are piped, so memory stays constant at any size.
 */
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import archiver from 'archiver';
import type { Database } from '../db/connection';
import type { FileStorage } from '../files/storage';
import type { PortalContent } from '../sites/installation/installer';
import { fileIdsIn } from './rules';

const BATCH = 1000;

export interface ManifestEntry {
  name: string;
  size: number;
  sha256: string;
}

export interface BuiltBackup {
  storageKey: string;
  size: number;
  sha256: string;
  entries: ManifestEntry[];
}

export const backupStorageKey = (backupId: number) => `backups/${backupId}.zip`;

/**
 * Tests only: `BACKUP_TEST_ENTRY_DELAY_MS` makes each entry wait that long before its first byte, so that a test can
 * kill the process while the zip is half written (tests/api/backups-restart.test.ts). Unset (always, outside tests): no wait.
 */
function entryDelayMs(): number {
  const value = Number(process.env.BACKUP_TEST_ENTRY_DELAY_MS);
  return Number.isFinite(value) && value > 0 ? Math.min(value, 60_000) : 0;
}

/** A readable that hashes and counts what passes, recording the entry in `entries` when it ends. */
function measured(name: string, source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>, entries: ManifestEntry[]): Readable {
  return Readable.from(
    (async function* () {
      const delay = entryDelayMs();
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of source) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        hash.update(bytes);
        size += bytes.length;
        yield bytes;
      }
      entries.push({ name, size, sha256: hash.digest('hex') });
    })(),
  );
}

/** A statement's rows as JSON lines, read `BATCH` at a time after the last `key` seen (keyset paging). */
async function* jsonLines(database: Database, sql: string, params: unknown[], key: string): AsyncGenerator<string> {
  let after: unknown = null;
  for (;;) {
    const rows = await database.query<Record<string, unknown>>(sql, [...params, after, BATCH]);
    if (rows.length === 0) return;
    yield rows.map((row) => JSON.stringify(row)).join('\n') + '\n';
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]![key];
  }
}

const SITE_SQL = `select s.*, st.name as site_type, d.name as department, m.name as municipality
  from sites s left join site_types st on st.id = s.site_type_id
  left join locations d on d.id = s.parent_location_id left join locations m on m.id = s.location_id
 where s.id = $1`;

/** Keyset statements of the site's rows: `$1` site, `$2` last key seen (null first), `$3` batch size. */
const PARTS: ReadonlyArray<{ name: string; sql: string; key: string }> = [
  {
    name: 'solicitudes.jsonl',
    sql: `select * from site_requests where site_id = $1 and ($2::int is null or id > $2) order by id limit $3`,
    key: 'id',
  },
  {
    name: 'anotaciones.jsonl',
    sql: `select * from site_comments where site_id = $1 and ($2::int is null or site_comment_id > $2) order by site_comment_id limit $3`,
    key: 'site_comment_id',
  },
  {
    name: 'administradores.jsonl',
    sql: `select id, name, email, admin_type, is_guest, deleted, gender_id, birth_date, site_permissions, last_login, created_date, modified_date
            from users where site_id = $1 and user_type_id = 1 and ($2::int is null or id > $2) order by id limit $3`,
    key: 'id',
  },
  {
    name: 'usuarios.jsonl',
    sql: `select id, name, email, deleted, gender_id, birth_date, loa, site_permissions, last_login, created_date, modified_date
            from users where site_id = $1 and user_type_id = 3 and ($2::int is null or id > $2) order by id limit $3`,
    key: 'id',
  },
  {
    name: 'historial.jsonl',
    sql: `select id, at, user_email, action, resource, record_id, record_label, before, after
            from audit_log where resource = 'sites' and record_id = $1::text and ($2::bigint is null or id > $2) order by id limit $3`,
    key: 'id',
  },
];

/** The ids of the files the site's requests and annotations attach (read in batches). */
async function attachedFileIds(database: Database, siteId: number): Promise<string[]> {
  const found = new Set<string>();
  for (const part of PARTS.slice(0, 2)) {
    for await (const lines of jsonLines(database, part.sql, [siteId], part.key)) {
      for (const line of lines.split('\n')) if (line) fileIdsIn(JSON.parse(line), found);
    }
  }
  return [...found].sort();
}

/** Builds the zip of `siteId` into the storage under the backup's key; answers its size, sha256 and manifest. */
export async function buildBackupZip(
  database: Database,
  storage: FileStorage,
  backupId: number,
  siteId: number,
  createdAt: Date,
  portal: PortalContent = { included: false, reason: 'no_installer' },
): Promise<BuiltBackup> {
  const storageKey = backupStorageKey(backupId);
  const entries: ManifestEntry[] = [];
  const archive = archiver('zip', { zlib: { level: 6 } });
  const zipHash = createHash('sha256');
  let zipSize = 0;
  // The zip's own size and checksum, measured on its way to the storage (piped at once: nothing is lost meanwhile).
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      zipHash.update(chunk);
      zipSize += chunk.length;
      done(null, chunk);
    },
  });
  archive.pipe(counted);
  const stored = storage.put(storageKey, counted);
  // An entry that fails (the portal's stream cut, over its cap or late) fails the zip: the storage drops the partial file.
  const failed = new Promise<never>((_, reject) =>
    archive.on('error', (error: Error) => {
      counted.destroy(error);
      reject(error);
    }),
  );
  // Either may fail while the entries are still being queued below, before the race listens: not an unhandled rejection.
  stored.catch(() => {});
  failed.catch(() => {});
  const date = createdAt;

  // The portal's content first: its stream is already open, so it is read at once (the installer is not kept waiting).
  if (portal.included) {
    portal.body.on('error', (error) => archive.emit('error', error));
    archive.append(measured(portal.entryName, portal.body, entries), { name: portal.entryName, date });
  }

  try {
    const [site] = await database.query<Record<string, unknown>>(SITE_SQL, [siteId]);
    archive.append(measured('entidad.json', [JSON.stringify(site ?? null, null, 2)], entries), { name: 'entidad.json', date });
    for (const part of PARTS) {
      archive.append(measured(part.name, jsonLines(database, part.sql, [siteId], part.key), entries), { name: part.name, date });
    }
    const fileIds = await attachedFileIds(database, siteId);
    for (const fileId of fileIds) {
      const [file] = await database.query<{ storage_key: string; name: string }>('select storage_key, name from files where id = $1', [fileId]);
      if (!file) continue;
      const content = await storage.get(file.storage_key);
      if (!content) continue;
      const name = `archivos/${fileId}-${file.name.replace(/[\\/]/g, '_')}`;
      archive.append(measured(name, content, entries), { name, date });
    }
    // Appended last and read last: by then every entry above has been hashed.
    archive.append(
      Readable.from(
        (async function* () {
          const portalPart = portal.included
            ? { included: true, entry: portal.entryName, contentType: portal.contentType }
            : { included: false, reason: portal.reason };
          yield JSON.stringify({ siteId, backupId, createdAt: createdAt.toISOString(), format: 'zip', portal: portalPart, entries }, null, 2);
        })(),
      ),
      { name: 'manifest.json', date },
    );
    await Promise.race([Promise.all([archive.finalize(), stored]), failed]);
  } catch (error) {
    // Nothing half-written stays open: the portal's stream is closed and the storage drops its partial file.
    if (portal.included) portal.body.destroy();
    counted.destroy(error as Error);
    // Answered once the storage has dropped its partial write.
    await stored.catch(() => {});
    throw error;
  }
  return { storageKey, size: zipSize, sha256: zipHash.digest('hex'), entries };
}
