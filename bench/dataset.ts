/**
 * The benchmark's scale data set, generated inside the database (generate_series, batched):
 * extra 'Otras entidades' sites up to `totalSites`, then `siteUsers` site users spread over
 * the installed sites.
 */
import type { Database } from '../server/db/connection';

const ENTITY_KINDS = ['Personería', 'Contraloría', 'Hospital', 'Institución Educativa', 'Empresa de Servicios Públicos', 'Instituto de Deportes', 'Casa de la Cultura'];

export async function addScaleSites(database: Database, totalSites: number): Promise<number> {
  const [row] = await database.query<{ n: number }>('select count(*)::int as n from sites');
  const missing = Math.max(0, totalSites - (row?.n ?? 0));
  if (missing === 0) return 0;
  const kinds = `array[${ENTITY_KINDS.map((k) => `'${k}'`).join(', ')}]`;
  await database.query(
    `with m as (
       select row_number() over (order by id) - 1 as rn, id, code, name, parent_location_id, latitude, longitude
       from locations where is_municipality
     ), total as (select count(*) as n from m)
     insert into sites (name, alias, parent_location_id, location_id, site_type_id, order_type, url, allowed_url,
       installed, status_id, count_users, count_emails, count_contents, count_comments, modified_date, site_latitude, site_longitude)
     select (${kinds})[1 + g % ${ENTITY_KINDS.length}] || ' de ' || m.name,
       'entidad-carga-' || g || '-' || m.code,
       m.parent_location_id, m.id, 5, 1,
       case when g % 3 = 0 then 'https://www.entidad-carga-' || g || '.gov.co' end,
       case when g % 3 = 0 then 'https://www.entidad-carga-' || g || '.gov.co' end,
       g % 3 = 0, case when g % 3 = 0 and g % 10 <> 0 then 1 else 2 end,
       case when g % 3 = 0 then (g * 37) % 5000 else 0 end, (g * 13) % 50, (g * 7) % 3000, (g * 11) % 400,
       now() - ((g * 7919) % 730) * interval '1 day', m.latitude, m.longitude
     from generate_series(1, $1::int) g
     join m on m.rn = g % (select n from total)`,
    [missing],
  );
  return missing;
}

export async function addScaleSiteUsers(database: Database, count: number, batch = 50_000): Promise<void> {
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1);
    await database.query(
      `with s as (select array_agg(id order by id) as ids from sites where installed)
       insert into users (user_type_id, name, email, site_id, gender_id, loa, created_date, modified_date)
       select 3, 'Usuario de carga ' || g, 'usuario' || g || '@carga.example.co', s.ids[1 + g % cardinality(s.ids)],
         g % 3, 1 + g % 3, now() - (g % 700) * interval '1 day', now()
       from generate_series($1::int, $2::int) g, s`,
      [start, end],
    );
  }
  await database.query('analyze');
}
