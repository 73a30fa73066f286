/**
 * Demo data for a fresh embedded database: installs ~350 of the reference sites with plausible
 * figures, adds pending requests, groups, site administrators and site users. Deterministic
 * (seeded generator); dates are relative to now. One transaction, batched statements.
 */
import { asc, sql } from 'drizzle-orm';
import { BACKFILL_SITE_DOMAINS_SQL } from '../sites/domains';
import type { Database } from '../db/connection';
import { groupSites, groups, siteRequests, sites, users } from '../db/schema';
import { planDemoData, type DemoPlan } from './demoPlan';
import { createRandom } from './random';
import { seedDemoScores } from './demoScores';
import { insertChunked } from './reference';
import { contents } from '../db/schema';
import type { Db } from '../db/connection';
import type { Audience } from '../../resources/audience';

export const DEMO_SEED = 20_240_601;

export async function seedDemoData(database: Database, now = Date.now()): Promise<DemoPlan> {
  const reference = await database.db
    .select({
      id: sites.id,
      name: sites.name,
      alias: sites.alias,
      siteTypeId: sites.siteTypeId,
      parentLocationId: sites.parentLocationId,
      locationId: sites.locationId,
    })
    .from(sites)
    .orderBy(asc(sites.id));
  const plan = planDemoData(reference, now, createRandom(DEMO_SEED));

  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      update sites s set
        installed = x.installed, status_id = x.status_id, url = x.url, allowed_url = x.allowed_url, address = x.address,
        population = x.population, count_users = x.count_users, count_emails = x.count_emails,
        count_contents = x.count_contents, piwik_id = x.piwik_id,
        modified_date = x.modified_date, created_date = x.created_date
      from json_to_recordset(${JSON.stringify(
        plan.sites.map((site) => ({
          id: site.id,
          installed: site.installed,
          status_id: site.statusId,
          url: site.url,
          allowed_url: site.allowedUrl,
          address: site.address,
          population: site.population,
          count_users: site.countUsers,
          count_emails: site.countEmails,
          count_contents: site.countContents,
          piwik_id: site.piwikId,
          modified_date: site.modifiedDate,
          created_date: site.createdDate,
        })),
      )}::json) as x(id int, installed boolean, status_id smallint, url varchar, allowed_url varchar, address varchar,
        population int, count_users int, count_emails int, count_contents int, piwik_id int,
        modified_date timestamptz, created_date timestamptz)
      where s.id = x.id`);

    await tx.insert(siteRequests).values(
      plan.requests.map((request) => ({
        siteId: request.siteId,
        kind: request.kind,
        status: 'PendingApproval' as const,
        legalRepresentative: request.legalRepresentative,
        webMaster: request.webMaster,
        detail: request.detail,
        creationDate: new Date(request.creationDate),
      })),
    );
    await tx.execute(
      sql`update sites set pending_request = true where id in (select site_id from site_requests where status = 'PendingApproval')`,
    );
    // The demo's domains, as the sites service keeps them (server/sites/domains.ts).
    await tx.execute(sql.raw(BACKFILL_SITE_DOMAINS_SQL));

    for (const group of plan.groups) {
      const [row] = await tx.insert(groups).values({ name: group.name }).returning({ groupId: groups.groupID });
      if (group.siteIds.length > 0) {
        await tx.insert(groupSites).values(group.siteIds.map((siteId, order) => ({ groupID: row!.groupId, siteID: siteId, order })));
      }
    }

    await insertChunked(plan.users, 1000, (chunk) =>
      tx.insert(users).values(
        chunk.map(({ sitePermissions, ...user }) => ({
          ...user,
          permissions: sitePermissions,
          lastLogin: user.lastLogin ? new Date(user.lastLogin) : null,
          createdDate: new Date(user.createdDate),
          modifiedDate: new Date(user.createdDate),
        })),
      ),
    );
    // Each site's countUsers is its number of site users (kept so by server/resources/services/people.ts).
    await tx.execute(
      sql`update sites s set count_users = coalesce((select count(*)::int from users u where u.site_id = s.id and u.user_type_id = 3 and not u.deleted), 0)`,
    );
    // Each site's countComments is its number of annotations, as server/resources/services/siteComments.ts keeps it
    // (the demo has none): a drawn figure read 'Anotaciones 87' over an empty Anotaciones tab.
    await tx.execute(sql`update sites s set count_comments = (select count(*)::int from site_comments c where c.site_id = s.id)`);
    // Scores of the installed sites for the last months (server/seed/demoScores.ts).
    await seedDemoScores(tx, now);
    await seedDemoContents(tx, now);
  });
  await database.query('analyze');
  return plan;
}

const DAY = 86_400_000;

/**
 * A few pop-ups and news for /contenidos, stored as inactive drafts: publishing needs an image, and this seed has no
 * file storage; server/seed/demoGlobalContent.ts draws their images and publishes those not expired. One scheduled
 * and one expired, so that the cards show both labels. Their audiences: the whole country, and the
 * mayoralties (site type 3) of two departments.
 */
async function seedDemoContents(tx: Db, now: number): Promise<void> {
  const siteTypes = (await tx.execute(sql`select id from site_types order by id`)) as unknown as { rows?: Array<{ id: number }> } | Array<{ id: number }>;
  const typeIds = (Array.isArray(siteTypes) ? siteTypes : (siteTypes.rows ?? [])).map((row) => Number(row.id));
  const country: Audience = { segment: 0, departments: [], municipalities: [], groups: [], siteTypes: typeIds };
  const mayoralties: Audience = { segment: 1, departments: [5, 8], municipalities: [], groups: [], siteTypes: typeIds.includes(3) ? [3] : typeIds.slice(0, 1) };
  const rows: Array<{ name: string; body: string; showMode: '1' | '2'; showForTypeUserId: '1' | '2'; audience: Audience; externalLink?: string; showFromDate?: Date; showToDate?: Date }> = [
    { name: 'Actualiza los datos de contacto de tu entidad', body: '<p>Antes de fin de mes revisa y actualiza los datos de contacto publicados en tu portal.</p>', showMode: '1', showForTypeUserId: '1', audience: country },
    { name: 'Nueva guía de accesibilidad web', body: '<p>Consulta la guía actualizada para que tu portal cumpla los criterios de accesibilidad.</p>', showMode: '2', showForTypeUserId: '2', audience: country, externalLink: 'https://www.gov.co/' },
    { name: 'Jornada de capacitación para alcaldías', body: '<p>Inscríbete en la jornada de capacitación sobre gestión de contenidos del portal.</p>', showMode: '1', showForTypeUserId: '1', audience: mayoralties, showFromDate: new Date(now + 7 * DAY), showToDate: new Date(now + 14 * DAY) },
    { name: 'Encuesta de satisfacción 2025', body: '<p>Gracias por responder la encuesta de satisfacción de la plataforma de portales.</p>', showMode: '2', showForTypeUserId: '1', audience: country, showFromDate: new Date(now - 60 * DAY), showToDate: new Date(now - 30 * DAY) },
  ];
  // The datetime columns take a Date at run time (their record type says the ISO text the API answers).
  await tx.insert(contents).values(rows.map((row, index) => ({ ...row, published: false, isRequired: false, displayOrder: index + 1 })) as unknown as (typeof contents.$inferInsert)[]);
}
