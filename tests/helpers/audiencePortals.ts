/**
 * What the audience and delivery tests share: an audience built from `emptyAudience`, the condition of a site an
 * audience can reach, and two seeded portals with their keys — one inside a location's audience, one outside it.
 */
import { emptyAudience, type Audience, type AudienceSegment } from '../../resources/audience';
import { issuePortalKey } from '../../server/portal/keys';
import type { TestApp } from './testApp';

/** A site an audience reaches (installed, active, not deleted), as `s`. */
export const ACTIVE_SITE = 's.installed and s.status_id = 1 and not s.is_deleted';

export const audienceOf = (segment: AudienceSegment, parts: Partial<Omit<Audience, 'segment'>> = {}): Audience => ({ ...emptyAudience(segment), ...parts });

export interface PortalInside {
  id: number;
  alias: string;
  department: number;
  municipality: number;
  siteType: number;
  key: string;
}

/** The first active portal with a municipality (`inside`), and one of another department and entity type (`outside`). */
export async function insideAndOutsidePortals(t: TestApp): Promise<{ inside: PortalInside; outside: { id: number; alias: string; key: string } }> {
  const [inside] = await t.database.query<Omit<PortalInside, 'key'>>(
    `select s.id, s.alias, s.parent_location_id as department, s.location_id as municipality, s.site_type_id as "siteType"
       from sites s where ${ACTIVE_SITE} and s.location_id is not null and s.alias is not null order by s.id limit 1`,
  );
  const [outside] = await t.database.query<{ id: number; alias: string }>(
    `select s.id, s.alias from sites s where ${ACTIVE_SITE} and s.alias is not null and s.parent_location_id <> $1 and s.site_type_id <> $2 order by s.id limit 1`,
    [inside!.department, inside!.siteType],
  );
  const keyOf = async (siteId: number) => (await t.database.db.transaction((tx) => issuePortalKey(tx, siteId)))!.key;
  return { inside: { ...inside!, key: await keyOf(inside!.id) }, outside: { ...outside!, key: await keyOf(outside!.id) } };
}
