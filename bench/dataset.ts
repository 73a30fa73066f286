/**
 * The benchmark's scale data set (issue 7: 10× the real platform = 35,000 sites, 2,000,000 site users),
 * generated inside the database with set-based SQL (generate_series; a hash of the row number instead of
 * random(), so every run builds the same data): sites spread over the municipalities by population, across
 * the site types, installed and active in realistic shares, some with a pending request; groups of very
 * different sizes; site users skewed towards a few big sites (`count_users` set from them); two
 * administrators per generated site (a legal representative and a webmaster); superadmins and an audit trail. The secondary indexes of the big tables are dropped during the load and built
 * again afterwards (much faster than maintaining trigram indexes row by row), then everything is VACUUM ANALYZEd.
 */
import type { Database } from '../server/db/connection';

/** Entity kinds of the generated sites and the site type each one gets (server/seed/catalogues.ts SITE_TYPES). */
const ENTITY_KINDS: ReadonlyArray<readonly [string, number]> = [
  ['Personería', 7],
  ['Contraloría', 8],
  ['Hospital', 9],
  ['Empresa Social del Estado', 9],
  ['Institución Educativa', 6],
  ['Colegio', 6],
  ['Empresa de Servicios Públicos', 5],
  ['Instituto de Deportes', 5],
  ['Casa de la Cultura', 5],
  ['Concejo Juvenil', 5],
];
const FIRST_NAMES = ['María', 'José', 'Luis', 'Ana', 'Carlos', 'Juan', 'Sofía', 'Andrés', 'Valentina', 'Camilo', 'Laura', 'Santiago', 'Daniela', 'Felipe', 'Paula', 'Ángela', 'Óscar', 'Natalia', 'Jorge', 'Diana'];
const LAST_NAMES = ['Rodríguez', 'Gómez', 'González', 'Martínez', 'García', 'López', 'Hernández', 'Sánchez', 'Ramírez', 'Pérez', 'Díaz', 'Muñoz', 'Rojas', 'Moreno', 'Jiménez', 'Vargas', 'Castro', 'Ortiz', 'Peña', 'Núñez'];
const AUDIT_RESOURCES = ['sites', 'superadmins', 'auth', 'sitetypes', 'groups', 'settings', 'locations', 'files'];
const AUDIT_ACTIONS = ['update', 'create', 'login', 'update', 'delete', 'logout', 'update', 'soft_delete'];

const textArray = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
/** A uniform number in [0, 1) from an integer expression: the same data on every run, no random(). */
const unit = (expression: string) => `((hashint4((${expression})::int)::float8 + 2147483648) / 4294967296)`;

export interface ScaleOptions {
  sites: number;
  siteUsers: number;
  /** Administrators of each generated site (default 2: LegalRepresentative and WebMaster). */
  administratorsPerSite?: number;
  groups?: number;
  superadmins?: number;
  auditLines?: number;
}

export interface ScaleResult {
  sites: number;
  siteUsers: number;
  groups: number;
  auditLines: number;
}

/** Drops the secondary (non-unique, non-key) indexes of `table`, runs `load`, builds them again. */
async function withoutSecondaryIndexes(database: Database, table: string, load: () => Promise<unknown>): Promise<void> {
  const indexes = await database.query<{ name: string; definition: string }>(
    `select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      where t.relname = $1 and t.relnamespace = 'public'::regnamespace and not x.indisunique and not x.indisprimary`,
    [table],
  );
  for (const index of indexes) await database.query(`drop index "${index.name}"`);
  try {
    await load();
  } finally {
    for (const index of indexes) await database.query(index.definition);
  }
}

/** Sites up to `total`: spread over the municipalities (bigger ones get more), kinds, statuses and pending requests. */
async function addSites(database: Database, total: number): Promise<number> {
  const [row] = await database.query<{ n: number }>('select count(*)::int as n from sites');
  const missing = Math.max(0, total - (row?.n ?? 0));
  if (missing === 0) return 0;
  const kinds = textArray(ENTITY_KINDS.map(([name]) => name));
  const types = `array[${ENTITY_KINDS.map(([, type]) => type).join(', ')}]::int[]`;
  await withoutSecondaryIndexes(database, 'sites', () =>
    database.query(
      `with m as (
         select row_number() over (order by coalesce(population, 0) desc, id) as rn, id, code, name, parent_location_id, latitude, longitude, population
         from locations where is_municipality
       ), total as (select count(*)::int as n from m),
       g as (
         select g, ${unit('g')} as u1, ${unit('g + 7919')} as u2, ${unit('g * 31 + 17')} as u3
         from generate_series(1, $1::int) g
       )
       insert into sites (name, alias, parent_location_id, location_id, site_type_id, order_type, url, allowed_url,
         installed, status_id, count_emails, count_contents, count_comments, population, modified_date, created_date,
         site_latitude, site_longitude)
       select (${kinds})[1 + g % ${ENTITY_KINDS.length}] || ' de ' || m.name,
         'entidad-carga-' || g || '-' || m.code,
         m.parent_location_id, m.id, (${types})[1 + g % ${ENTITY_KINDS.length}], 1,
         case when u2 < 0.55 then 'https://www.entidad-carga-' || g || '.gov.co' end,
         case when u2 < 0.55 then 'https://www.entidad-carga-' || g || '.gov.co' end,
         u2 < 0.55, case when u2 < 0.5 then 1 else 2 end,
         case when u2 < 0.55 then (g * 13) % 50 else 0 end, case when u2 < 0.55 then (g * 7) % 3000 else 0 end,
         case when u2 < 0.55 then (g * 11) % 400 else 0 end,
         case when u3 < 0.8 then m.population end,
         now() - (u3 * 730) * interval '1 day', now() - (730 + u3 * 1500) * interval '1 day',
         m.latitude, m.longitude
       from g join m on m.rn = 1 + floor(power(u1, 1.6) * (select n from total))::int`,
      [missing],
    ),
  );
  // About 3% of the generated sites wait for the approval of a request (spec 01 'Site list', pending tab).
  await database.query(
    `insert into site_requests (site_id, kind, status, creation_date)
     select s.id, (array['FirstTime', 'ChangeAdmin', 'UserMade'])[1 + s.id % 3], 'PendingApproval', now() - (s.id % 60) * interval '1 day'
       from sites s where s.alias like 'entidad-carga-%' and ${unit('s.id * 3 + 1')} < 0.03`,
  );
  await database.query(
    `update sites s set pending_request = true
      where not s.pending_request and exists (select 1 from site_requests r where r.site_id = s.id and r.status = 'PendingApproval')`,
  );
  return missing;
}

/** Groups of very different sizes (10 to ~2,500 sites). */
async function addGroups(database: Database, count: number): Promise<number> {
  if (count <= 0) return 0;
  const [{ first }] = (await database.query<{ first: number }>(
    `with made as (
       insert into groups (name) select 'Grupo de carga ' || k || ' ' || (array['Norte', 'Sur', 'Caribe', 'Andina', 'Pacífico', 'Orinoquía'])[1 + k % 6]
         from generate_series(1, $1::int) k returning group_id
     ) select min(group_id)::int as first from made`,
    [count],
  )) as [{ first: number }];
  await database.query(
    `with ids as (select array_agg(id order by id) as ids from sites),
     sizes as (select group_id, 10 + floor(power(${unit('group_id * 101')}, 3) * 2500)::int as size from groups where group_id >= $1)
     insert into group_sites (group_id, site_id, "order")
     select sizes.group_id, ids.ids[1 + floor(${unit('sizes.group_id * 100003 + i')} * cardinality(ids.ids))::int], i
       from sizes, ids, generate_series(1, sizes.size) i
     on conflict do nothing`,
    [first],
  );
  return count;
}

/** Site users over the installed sites, a few big sites holding most of them; then each site's count_users. */
async function addSiteUsers(database: Database, count: number, batch = 250_000): Promise<void> {
  await withoutSecondaryIndexes(database, 'users', async () => {
    const [{ offset }] = (await database.query<{ offset: number }>('select coalesce(max(id), 0)::int as offset from users')) as [{ offset: number }];
    for (let start = 1; start <= count; start += batch) {
      const end = Math.min(count, start + batch - 1);
      await database.query(
        `with s as (select array_agg(id order by coalesce(population, 0) desc, id) as ids from sites where installed)
         insert into users (user_type_id, name, email, site_id, gender_id, loa, created_date, modified_date)
         select 3, (${textArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' ' || (${textArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]
             || ' ' || (${textArray(LAST_NAMES)})[1 + (g / 7) % ${LAST_NAMES.length}],
           'usuario' || (g + $3::int) || '@carga.example.co', s.ids[1 + floor(power(${unit('g')}, 2.5) * cardinality(s.ids))::int],
           g % 3, 1 + g % 3, now() - (g % 700) * interval '1 day', now()
         from generate_series($1::int, $2::int) g, s`,
        [start, end, offset],
      );
    }
  });
  await database.query(
    `update sites s set count_users = c.n from (select site_id, count(*)::int as n from users where user_type_id = 3 group by site_id) c
      where c.site_id = s.id and s.count_users <> c.n`,
  );
}

/** The user type of site administrators, and the e-mail domain of the generated ones (how a later run finds them). */
const ADMINISTRATOR_TYPE = 1;
const ADMINISTRATOR_DOMAIN = 'admin.carga.example.co';

/**
 * `perSite` active administrators on every generated site that has none yet (idempotent: a kept database built before
 * administrators were generated gets them on its next run), alternately LegalRepresentative and WebMaster, each with
 * the first site permission enabled. Answers how many it added.
 */
export async function addAdministrators(database: Database, perSite = 2): Promise<number> {
  if (perSite <= 0) return 0;
  const [made] = await database.query<{ n: number }>(
    `with permission as (select min(site_permission_id) as id from site_permissions),
     made as (
       insert into users (user_type_id, name, email, site_id, admin_type, gender_id, site_permissions, created_date, modified_date)
       select ${ADMINISTRATOR_TYPE}, (${textArray(FIRST_NAMES)})[1 + (s.id + k) % ${FIRST_NAMES.length}] || ' ' || (${textArray(LAST_NAMES)})[1 + (s.id * 7 + k) % ${LAST_NAMES.length}],
         'admin-' || s.id || '-' || k || '@${ADMINISTRATOR_DOMAIN}', s.id,
         case when k % 2 = 1 then 'LegalRepresentative' else 'WebMaster' end, (s.id + k) % 3,
         case when permission.id is null then '[]'::jsonb else jsonb_build_array(jsonb_build_object('sitePermissionID', permission.id, 'enabled', true)) end,
         s.created_date + k * interval '1 hour', now()
       from sites s cross join generate_series(1, $1::int) k cross join permission
       where s.alias like 'entidad-carga-%'
         and not exists (select 1 from users u where u.site_id = s.id and u.user_type_id = ${ADMINISTRATOR_TYPE})
       returning 1
     ) select count(*)::int as n from made`,
    [perSite],
  );
  return Number(made?.n ?? 0);
}

/** Superadmins (with a permission each) and an audit trail written by them over two years. */
async function addSuperadminsAndAudit(database: Database, superadmins: number, auditLines: number): Promise<void> {
  if (superadmins > 0) {
    await database.query(
      `with made as (
         insert into users (user_type_id, name, email, created_date)
         select 2, (${textArray(FIRST_NAMES)})[1 + k % ${FIRST_NAMES.length}] || ' ' || (${textArray(LAST_NAMES)})[1 + k % ${LAST_NAMES.length}] || ' ' || k,
           'admin' || k || '@carga.example.co', now() - k * interval '9 days'
         from generate_series(1, $1::int) k returning id
       ) insert into user_permissions (user_id, permission_id) select id, (select min(permission_id) from permissions) from made`,
      [superadmins],
    );
  }
  if (auditLines > 0) {
    await withoutSecondaryIndexes(database, 'audit_log', () =>
      database.query(
        `with a as (select array_agg(id order by id) as ids, array_agg(email order by id) as emails from users where user_type_id = 2)
         insert into audit_log (at, user_id, user_email, action, resource, record_id, record_label, before, after, client_address)
         select now() - (${unit('g')} * 730) * interval '1 day', a.ids[1 + g % cardinality(a.ids)], a.emails[1 + g % cardinality(a.emails)],
           (${textArray(AUDIT_ACTIONS)})[1 + g % ${AUDIT_ACTIONS.length}], (${textArray(AUDIT_RESOURCES)})[1 + (g / 3) % ${AUDIT_RESOURCES.length}],
           (g % 5000)::text, 'Registro de carga ' || (g % 5000), jsonb_build_object('name', 'Antes ' || g), jsonb_build_object('name', 'Después ' || g),
           ('10.0.' || (g % 250) || '.' || (g % 200))::inet
         from generate_series(1, $1::int) g, a`,
        [auditLines],
      ),
    );
  }
}

/** Builds the whole scale data set on top of the reference and demo data, then ANALYZE. */
export async function addScaleData(database: Database, options: ScaleOptions, step: <T>(label: string, work: () => Promise<T>) => Promise<T>): Promise<ScaleResult> {
  const groups = options.groups ?? Math.max(20, Math.round(options.sites / 120));
  const superadmins = options.superadmins ?? 60;
  const auditLines = options.auditLines ?? Math.round(options.siteUsers / 4);
  const sites = await step(`sitios de carga (hasta ${options.sites})`, () => addSites(database, options.sites));
  await step(`${groups} grupos`, () => addGroups(database, groups));
  await step(`${options.siteUsers} usuarios de sitio`, () => addSiteUsers(database, options.siteUsers));
  const perSite = options.administratorsPerSite ?? 2;
  await step(`administradores (${perSite} por sitio de carga)`, () => addAdministrators(database, perSite));
  await step(`${superadmins} superadministradores, ${auditLines} líneas de auditoría`, () => addSuperadminsAndAudit(database, superadmins, auditLines));
  await step('puntajes mensuales de los sitios (4 meses)', () => addScaleScores(database));
  // As autovacuum leaves a table at rest: statistics, and the visibility map that index-only scans need.
  await step('vacuum analyze', () => database.query('vacuum analyze'));
  return { sites, siteUsers: options.siteUsers, groups, auditLines };
}

/**
 * Monthly totals for every site without scores, the last 4 full months (the site detail's ranking at scale: docs/decisions/README.md
 * 'Scores'). The per-row trigger keeping sites.latest_score is paused for the bulk insert and its effect applied once.
 */
export async function addScaleScores(database: Database): Promise<void> {
  await database.query('alter table site_scores disable trigger site_scores_latest');
  try {
    await database.query(`
      insert into site_scores (site_id, year, month, site_type_id, score)
      select s.id, extract(year from d)::smallint, extract(month from d)::smallint, s.site_type_id,
             round(((abs(hashtext('scale' || s.id || '-' || d::date)) % 10001) / 100.0)::numeric, 2)
        from sites s
        cross join generate_series(date_trunc('month', now()) - interval '4 months', date_trunc('month', now()) - interval '1 month', interval '1 month') d
       where not exists (select 1 from site_scores x where x.site_id = s.id)`);
    await database.query(`
      update sites s set latest_score = l.score
        from (select distinct on (site_id) site_id, score from site_scores order by site_id, year desc, month desc) l
       where l.site_id = s.id and s.latest_score is distinct from l.score`);
  } finally {
    await database.query('alter table site_scores enable trigger site_scores_latest');
  }
}
