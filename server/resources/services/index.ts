/**
 * The resource services by resource name (server/resources/services/base.ts): the specialised ones are listed in
 * `SPECIALISED_SERVICES`; every other resource gets the generic `ResourceService`. `registerResourceService` adds one at
 * run time (an area module, or a test's throwaway resource) before the routes are registered.
 */
import { ResourceService } from './base';
import { AuditService } from './audit';
import { AdministratorsService, SiteUsersService } from './people';
import { SuperadminsService } from './superadmins';
import { SiteCommentsService } from './siteComments';
import { SitesService } from './sites';
import { BackupsService } from './backups';
import { SiteRequestsService } from './siteRequests';
import { GroupSitesService } from './groupSites';
import { DocumentTypesService } from './documentTypes';
import { ContentsService } from './contents';
import { BannersService, contentLogosService, globalLogosService } from './globalContent';
import { FeaturedMenusService, LaunchpadService, footerLinksService } from './portalLook';
import { GovcoService, PlatformSettingsService, VersionedTextsService } from './platformSettings';
import { DataProcessingHistoriesService, PolicyHistoryService } from './policyHistories';
import { UpdateSchedulesService } from './updateSchedules';

export { ResourceService } from './base';
export type { ActionContext, CustomActionHandler, PrepareContext, ViewContext, ViewHandler, WriteContext, WriteOperation } from './base';
export { dropAfterCommit, queueAfterCommit, runAfterCommit, writeTransaction } from './commitTasks';

/** `<resource name>: new <Resource>Service()`, one line per resource with domain rules or named actions. */
const SPECIALISED_SERVICES: Readonly<Record<string, ResourceService>> = {
  administrators: new AdministratorsService(),
  siteusers: new SiteUsersService(),
  superadmins: new SuperadminsService(),
  sitecomments: new SiteCommentsService(),
  sites: new SitesService(),
  backups: new BackupsService(),
  siterequests: new SiteRequestsService(),
  groupSites: new GroupSitesService(),
  audit: new AuditService(),
  documenttypes: new DocumentTypesService(),
  contents: new ContentsService(),
  banners: new BannersService(),
  globalLogos: globalLogosService(),
  contentLogos: contentLogosService(),
  footerLinks: footerLinksService(),
  featuredMenus: new FeaturedMenusService(),
  launchpad: new LaunchpadService(),
  platformsettings: new PlatformSettingsService(),
  policyterms: new VersionedTextsService(),
  datatreatmentterms: new VersionedTextsService(),
  govco: new GovcoService(),
  dataProcessingHistories: new DataProcessingHistoriesService(),
  termsConditionHistories: new PolicyHistoryService('terms_condition_histories'),
  updateSchedules: new UpdateSchedulesService(),
};

const registered = new Map<string, ResourceService>();
const generic = new ResourceService();

/** Registers the service of `resource`; one per resource (a second one is a mistake, refused). */
export function registerResourceService(resource: string, service: ResourceService): void {
  if (registered.has(resource) || SPECIALISED_SERVICES[resource]) throw new Error(`resource ${resource}: a service is already registered`);
  registered.set(resource, service);
}

/** The service of a resource: its specialised one, or the generic one. */
export function resourceService(resource: string): ResourceService {
  return registered.get(resource) ?? SPECIALISED_SERVICES[resource] ?? generic;
}
