/**
 * Reference data of the portals' look (resources/portalLook.ts): the suggested shortcuts (`GET /seedlink`), the
 * launchpad that starts from them, and a featured menu for every entity type (the sections the Colombian portals'
 * guidelines ask every entity's home page to show).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { featuredMenuItems, launchpadLinks, seedLinks } from '../db/schema';
import type { LaunchpadIcon } from '../../resources/portalLook';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const SEED_LINKS: readonly { title: string; url: string; icon: LaunchpadIcon }[] = [
  { title: 'Portal GOV.CO', url: 'https://www.gov.co/', icon: 'home' },
  { title: 'Trámites y servicios', url: 'https://www.gov.co/servicios-y-tramites', icon: 'document' },
  { title: 'PQRSD', url: 'https://www.gov.co/pqrsd', icon: 'email' },
  { title: 'Datos abiertos', url: 'https://www.datos.gov.co/', icon: 'folder' },
  { title: 'Participa', url: 'https://www.gov.co/participa', icon: 'group' },
  { title: 'Noticias', url: 'https://www.gov.co/noticias', icon: 'news' },
];

export const FEATURED_MENU_NAMES = [
  'Transparencia y acceso a la información pública',
  'Atención y servicios a la ciudadanía',
  'Participa',
  'Noticias',
] as const;

export async function seedPortalLook(tx: Tx): Promise<void> {
  const links = await tx.insert(seedLinks).values(SEED_LINKS.map((link) => ({ ...link }))).returning();
  // `slot` is a hidden column (one of the 24 places): not in the record's type.
  await tx.insert(launchpadLinks).values(links.map((link, index) => ({ title: link.title, url: link.url, icon: link.icon, order: index + 1, seedLinkID: link.seedLinkID, slot: index + 1 })) as never);
  const types = (await tx.execute(sql`select id from site_types order by id`)) as unknown as { rows?: { id: number }[] } | { id: number }[];
  const typeIds = (Array.isArray(types) ? types : (types.rows ?? [])).map((row) => Number(row.id));
  const items = typeIds.flatMap((siteTypeMenuID) => FEATURED_MENU_NAMES.map((name, index) => ({ siteTypeMenuID, name, displayOrder: index + 1 })));
  if (items.length > 0) await tx.insert(featuredMenuItems).values(items);
}
