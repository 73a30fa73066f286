/**
 * The sites service (spec 01 §4–5 'Site form'): the domain rules of every site write that need the database, inside its
 * transaction; the body's rules are the form's schema (resources/siteForm.ts, the declaration's `schema`).
 * - alias unique (case ignored) → 400 BadArgument, target `Alias`, 'El alias ya se encuentra en uso';
 * - each allowed domain unique across sites (`site_domains`, one row per domain) → target `AllowedUrl`,
 *   'El Dominio (URL) ya se encuentra en uso'; simultaneous writes are decided by the unique indexes (translateError);
 * - the alias is locked once the site is installed; the municipality hangs under the department;
 * - the order type follows the entity type (1 and 3 departmental, 2 and 4 municipal);
 * - the modification date is stamped; deleting removes the row and, by cascade, its domains, requests, comments…;
 * - with Matomo configured, a new name or new domains update the analytics site, or the update fails (PiwikError);
 * - `enable` / `disable` (spec 01 §4): installed sites only, to the other status;
 * - the view `counts`, `GET /sites/counts/`: the list's tab totals for the same search, in one query (list cache).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { domainKeys } from '../../../resources/siteRules';
import { locations, sites } from '../../db/schema';
import { badArgument, type ApiError } from '../../http/errors';
import { t } from '../../i18n';
import { postgresConstraint, postgresErrorCode, UNIQUE_VIOLATION } from '../dbErrors';
import { domainHeldElsewhere, saveSiteDomains } from '../../sites/domains';
import { concernsMatomo, matomoConfig, updateMatomoSite, type MatomoSite } from '../../sites/matomo';
import { aliasChangeRefused, municipalityInDepartment, orderTypeToStore, statusChangeRefusal } from '../../sites/formRules';
import { SITE_STATUS, statusNameKey, type SiteStatusId } from '../../sites/status';
import { listQuerySchema, readListQuery } from '../../lists/listQuery';
import { siteListSpec } from '../../sites/filter';
import { siteStatusCountsSql, type SiteStatusCounts } from '../../sites/listQuery';
import { govIndexView } from '../../loads/govIndexView';
import { ResourceService, type ActionContext, type CustomActionHandler, type ViewHandler, type WriteContext } from './base';

/** The spec's targets for a duplicated field (spec 01 §8). */
export const aliasUsed = () => badArgument('Alias', 'validation.site.alias_used');
export const domainUsed = () => badArgument('AllowedUrl', 'validation.site.domain_used');

type SiteValues = Record<string, unknown>;

function statusAction(target: SiteStatusId): CustomActionHandler {
  return {
    summary:
      target === SITE_STATUS.active
        ? 'activar (solo un portal instalado e inactivo; 409 en otro caso)'
        : 'inactivar (solo un portal instalado y activo; 409 en otro caso)',
    async run({ tx, record }: ActionContext) {
      const site = record as { id: number; installed: boolean; statusId: number };
      const refusal = statusChangeRefusal(site, target);
      if (refusal) throw badArgument('id', refusal, 'Locked', 409);
      const [updated] = await tx
        .update(sites)
        .set({ statusId: target, modifiedDate: new Date() })
        .where(eq(sites.id, site.id))
        .returning({ statusId: sites.statusId, modifiedDate: sites.modifiedDate });
      return {
        ...record,
        statusId: updated!.statusId,
        statusName: t(statusNameKey({ statusId: updated!.statusId, installed: site.installed })),
        modifiedDate: updated!.modifiedDate.toISOString(),
      };
    },
  };
}

/** The view `counts`, `GET /sites/counts/`: sites per status tab, with the list's filters (but the status one). */
const counts: ViewHandler = {
  summary: 'Totales de las pestañas de estado (todos, activos, inactivos, por aprobar) para la misma búsqueda, en una consulta',
  querySchema: listQuerySchema(siteListSpec),
  responseSchema: {
    type: 'object',
    description: 'Portales por pestaña con los mismos filtros (sin el de estado)',
    properties: { all: { type: 'integer' }, active: { type: 'integer' }, inactive: { type: 'integer' }, pending: { type: 'integer' } },
  },
  async run({ app, request }) {
    const { text, params } = siteStatusCountsSql(readListQuery(siteListSpec, request.query));
    const [found] = await app.ctx.database.query<SiteStatusCounts>(text, params);
    return found;
  },
};

export class SitesService extends ResourceService {
  override readonly views: Record<string, ViewHandler> = { counts, govIndex: govIndexView };

  /** 502 PiwikError: Matomo refused a site update (only with MATOMO_URL and MATOMO_TOKEN). */
  override readonly errorResponses = { update: [502] as const };

  override readonly actions: Record<string, CustomActionHandler> = {
    enable: statusAction(SITE_STATUS.active),
    disable: statusAction(SITE_STATUS.inactive),
  };

  override async beforeWrite({ tx, operation, before, values }: WriteContext): Promise<void> {
    if (operation === 'delete') return;
    const site = { ...(before ?? {}), ...values } as SiteValues;
    const id = before ? (before.id as number) : null;
    if (aliasChangeRefused(before as { installed: boolean; alias: string } | null, values.alias)) {
      throw badArgument('Alias', 'validation.site.alias_locked');
    }
    if (typeof values.alias === 'string') {
      const same = sql`lower(${sites.alias}) = lower(${values.alias})`;
      const [taken] = await tx.select({ id: sites.id }).from(sites).where(id === null ? same : and(same, ne(sites.id, id))).limit(1);
      if (taken) throw aliasUsed();
    }
    const orderType = orderTypeToStore(Number(site.siteTypeId), site.orderType as number | null | undefined);
    if (orderType !== null) values.orderType = orderType;
    // A departmental entity (order 0: governorate, assembly) has no municipality; every other one needs one.
    const departmental = Number(values.orderType ?? site.orderType) === 0;
    if (departmental && (values.locationId !== undefined || values.orderType !== undefined)) values.locationId = null;
    // The form's schema already asks for it (same message); a stored site without one is refused the same way.
    else if (site.locationId === null || site.locationId === undefined) throw badArgument('locationId', 'validation.site.municipality_required');
    if (!departmental && (values.locationId !== undefined || values.parentLocationId !== undefined)) {
      const [municipality] = await tx
        .select({ parentLocationId: locations.parentLocationId })
        .from(locations)
        .where(eq(locations.id, Number(site.locationId)));
      if (!municipalityInDepartment(municipality ?? null, Number(site.parentLocationId))) {
        throw badArgument('locationId', 'validation.site.municipality');
      }
    }
    if (values.allowedUrl !== undefined && (await domainHeldElsewhere(tx, domainKeys(values.allowedUrl as string), id))) {
      throw domainUsed();
    }
    values.modifiedDate = new Date();
  }

  override async afterWrite({ tx, request, operation, before, values, after }: WriteContext): Promise<void> {
    // Deletion: the domains go with the row (on delete cascade).
    if (operation === 'delete' || !after) return;
    if (values.allowedUrl !== undefined) await saveSiteDomains(tx, after.id as number, domainKeys(after.allowedUrl as string | null));
    // Last: a Matomo refusal rolls back the whole update (PiwikError), so the site and its analytics site agree.
    const matomo = matomoConfig(request.server.ctx.config);
    if (matomo && operation === 'update' && concernsMatomo(before as Partial<MatomoSite>, after as Partial<MatomoSite>)) {
      await updateMatomoSite(matomo, after as unknown as MatomoSite);
    }
  }

  /** A simultaneous write took the alias or a domain between the check and the insert: the index refused it. */
  override translateError(error: unknown): ApiError | undefined {
    if (postgresErrorCode(error) !== UNIQUE_VIOLATION) return undefined;
    const constraint = postgresConstraint(error);
    if (constraint === 'sites_alias_unique') return aliasUsed();
    if (constraint === 'site_domains_pkey') return domainUsed();
    return undefined;
  }
}
