/**
 * The portals' look (resources/portalLook.ts): the footer's links and the shortcuts are bounded collections (6 and 24
 * places, a `slot` each, server/resources/services/globalContent.ts); `GET /sitetypemenu/` answers every entity type's
 * featured menu with its items; `GET /launchpad/cache` the shortcuts as the portals receive them (decision 0032).
 */
import { sql } from 'drizzle-orm';
import { FOOTER_LIMITS, LAUNCHPAD_LIMITS } from '../../../resources/portalLook';
import { deliveredDeclarations, deliveredToAll } from '../../delivery/delivery';
import { queryRows } from '../../db/rows';
import { listEnvelopeSchema, objectSchema } from '../openapi';
import { ResourceService, type ViewHandler } from './base';
import { OrderedCollectionService } from './globalContent';

export const footerLinksService = () =>
  new OrderedCollectionService({
    table: 'footer_links',
    slots: { max: FOOTER_LIMITS.maxLinks, target: 'footerContentID', messageKey: 'validation.portalLook.footer_max_links', constraints: ['footer_links_slot_unique', 'footer_links_slot_range'] },
  });

const cache: ViewHandler = {
  summary: 'Accesos directos tal como los reciben los portales (GET /delivery/{alias}, propiedad launchpad), con ETag',
  responseSchema: listEnvelopeSchema(objectSchema({ launchPadID: { type: 'integer' }, title: { type: 'string' }, url: { type: 'string' }, icon: { type: 'string' }, order: { type: 'integer' } })),
  run: async ({ db, declaration }) => {
    const delivered = deliveredDeclarations([declaration])[0]!;
    return { results: await deliveredToAll(db, delivered), meta: { hasNextPage: false } };
  },
};

export class LaunchpadService extends OrderedCollectionService {
  override readonly views: Record<string, ViewHandler> = { cache };
  constructor() {
    super({
      table: 'launchpad_links',
      order: { field: 'order', column: 'sort_order' },
      slots: { max: LAUNCHPAD_LIMITS.maxLinks, target: 'launchPadID', messageKey: 'validation.portalLook.launchpad_max_links', constraints: ['launchpad_links_slot_unique', 'launchpad_links_slot_range'] },
    });
  }
}

interface MenuRow {
  siteTypeMenuID: number;
  name: string;
  items: { featuredMenuID: number; name: string; displayOrder: number }[];
}

const menus: ViewHandler = {
  summary: 'Menú destacado de cada tipo de entidad (siteTypeMenuID: el id del tipo) con sus elementos en orden',
  responseSchema: listEnvelopeSchema(
    objectSchema({
      siteTypeMenuID: { type: 'integer' },
      name: { type: 'string', description: 'Tipo de entidad' },
      items: { type: 'array', items: objectSchema({ featuredMenuID: { type: 'integer' }, name: { type: 'string' }, displayOrder: { type: 'integer' } }) },
    }),
  ),
  run: async ({ db }) => {
    const results = await queryRows<MenuRow>(
      db,
      sql`select st.id as "siteTypeMenuID", st.name,
            coalesce((select json_agg(json_build_object('featuredMenuID', i.featured_menu_id, 'name', i.name, 'displayOrder', i.display_order)
                        order by i.display_order, i.featured_menu_id)
                      from featured_menu_items i where i.site_type_menu_id = st.id), '[]'::json) as items
          from site_types st order by st.id`,
    );
    return { results, meta: { hasNextPage: false } };
  },
};

export class FeaturedMenusService extends ResourceService {
  override readonly views: Record<string, ViewHandler> = { menus };
}
