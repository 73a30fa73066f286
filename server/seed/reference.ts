/**
 * Reference data of an empty database, in one transaction with batched inserts: permissions,
 * locations (DIVIPOLA), catalogues, settings and the not-installed territorial sites.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ServerConfig } from '../config';
import type { Database, Db } from '../db/connection';
import { locations, permissions, settings, sites } from '../db/schema';
import { PERMISSIONS } from '../../resources/permissions';
import { CHAT_CATEGORIES, COUNTRY_ROOT, DOCUMENT_TYPES, PROCEDURE_TYPES, SITE_TOOLTIPS, SITE_TYPES, referenceSettings } from './catalogues';
import { loadDivipola, type Department } from './divipola';
import { referenceSites } from './referenceSites';
import { seedPortalLook } from './portalLook';

/** True when the database holds no locations (nothing has been seeded yet). */
export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const [row] = await database.query<{ present: boolean }>('select exists (select 1 from locations) as present');
  return !row?.present;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Inserts in chunks so that no statement exceeds PostgreSQL's parameter limit. */
export async function insertChunked<T>(rows: readonly T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

function valuesList(rows: readonly unknown[][]): SQL {
  return sql.join(
    rows.map((row) => sql`(${sql.join(row.map((value) => sql`${value}`), sql`, `)})`),
    sql`, `,
  );
}

async function resetSequence(tx: Tx, table: string, column: string): Promise<void> {
  await tx.execute(
    sql.raw(`select setval(pg_get_serial_sequence('${table}', '${column}'), (select coalesce(max(${column}), 1) from ${table}))`),
  );
}

export function locationRows(departments: readonly Department[]) {
  return [
    { id: COUNTRY_ROOT.id, code: COUNTRY_ROOT.code, name: COUNTRY_ROOT.name, parentLocationId: null, isMunicipality: false, latitude: 4.570868, longitude: -74.297333 },
    ...departments.map((d) => ({
      id: d.id,
      code: d.code,
      name: d.name,
      parentLocationId: COUNTRY_ROOT.id,
      isMunicipality: false,
      latitude: d.latitude,
      longitude: d.longitude,
    })),
    ...departments.flatMap((d) =>
      d.municipalities.map((m) => ({
        id: m.id,
        code: m.code,
        name: m.name,
        parentLocationId: d.id,
        isMunicipality: true,
        latitude: m.latitude,
        longitude: m.longitude,
      })),
    ),
  ];
}

async function seedCatalogues(tx: Tx): Promise<void> {
  await tx.execute(
    sql`insert into site_types (id, name, is_editable, order_type) values ${valuesList(SITE_TYPES.map((t) => [t.id, t.name, t.isEditable, t.orderType]))} on conflict do nothing`,
  );
  await tx.execute(
    sql`insert into procedure_types (procedure_type_id, name) values ${valuesList(PROCEDURE_TYPES.map((t) => [t.id, t.name]))} on conflict do nothing`,
  );
  await tx.execute(
    sql`insert into document_types (document_type_id, name) values ${valuesList(DOCUMENT_TYPES.map((t) => [t.id, t.name]))} on conflict do nothing`,
  );
  await tx.execute(
    sql`insert into chat_categories (id, name, can_be_deleted) values ${valuesList(CHAT_CATEGORIES.map((c) => [c.id, c.name, c.canBeDeleted]))} on conflict do nothing`,
  );
  await tx.execute(
    sql`insert into site_tooltips (site_tool_tip_id, name, url) values ${valuesList(SITE_TOOLTIPS.map((t) => [t.id, t.name, t.url]))} on conflict do nothing`,
  );
  await resetSequence(tx, 'site_types', 'id');
  await resetSequence(tx, 'procedure_types', 'procedure_type_id');
  await resetSequence(tx, 'document_types', 'document_type_id');
  await resetSequence(tx, 'chat_categories', 'id');
}

export async function seedReferenceData(database: Database, config: Pick<ServerConfig, 'captchaRequestValue'>): Promise<void> {
  const departments = loadDivipola();
  await database.db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values(PERMISSIONS.map((p) => ({ permissionID: p.permissionID, name: p.name })))
      .onConflictDoNothing();
    await insertChunked(locationRows(departments), 1000, (chunk) => tx.insert(locations).values(chunk).onConflictDoNothing());
    await seedCatalogues(tx);
    await seedPortalLook(tx);
    await tx.insert(settings).values(referenceSettings(config)).onConflictDoNothing();
    await insertChunked(referenceSites(departments), 1000, (chunk) => tx.insert(sites).values(chunk));
  });
  // Planner statistics now: PGlite runs no autovacuum, and the list queries need them to pick their indexes.
  await database.query('analyze');
}
