/** Every declared resource. The server's routes, the client's screens and the menu derive from this list. */
import { auditResource } from './audit';
import { contentBlockResource, contentsResource, sliderConfigsResource } from './contents';
import { backupsResource } from './backups';
import { bannerSettingsResource, bannersResource } from './banners';
import { contentLogosResource, globalLogosResource } from './logos';
import { featuredMenusResource, footerLinksResource, footerSignResource, launchpadResource, seedLinksResource } from './portalLook';
import { catalogueResources } from './generated/catalogues';
import { groupSitesFindResource, groupSitesResource, groupsResource } from './groups';
import { locationsResource } from './locations';
import { mailAccountsResource } from './mailAccounts';
import { mailLogResource } from './maillog';
import { dataProcessingHistoriesResource, termsConditionHistoriesResource } from './policyHistories';
import { updateSchedulesResource } from './updateSchedules';
import { siteCommentsResource } from './siteComments';
import { siteRequestsResource } from './siteRequests';
import { sitesResource } from './sites';
import { permissionsResource } from './permissionCatalogue';
import { platformSettingResources } from './platformSettings';
import { superadminsResource } from './superadmins';
import { administratorsResource } from './people/administrators';
import { sitePermissionsResource } from './people/sitePermissions';
import { siteUsersResource } from './people/siteUsers';
import { isGeneratedResource, type AnyResourceDeclaration, type ResourceDeclaration } from './types';

/** The catalogues (resources/catalogue.ts), listed by npm run db:generate. */
export { catalogueResources };

/** Site area resources, all on the engine: sites (with hand-written screens), locations, groups and their rows of sites, annotations and requests. */
export const siteResources: readonly AnyResourceDeclaration[] = [sitesResource, locationsResource, groupsResource, groupSitesResource, groupSitesFindResource, siteCommentsResource, siteRequestsResource];

/** User area resources: the permission catalogue (`GET /permissions`, a list with `meta.total`), superadmins and the audit trail, on the engine. */
export const userResources: readonly AnyResourceDeclaration[] = [permissionsResource, superadminsResource, auditResource];

/** Administrators and site users (rows of `users` by user type) and their site-permission catalogue, on the engine. */
export const peopleResources: readonly ResourceDeclaration[] = [sitePermissionsResource, administratorsResource, siteUsersResource];

/** Site backups on the engine (server/backups: the zip job and the token download). */
export const backupResources: readonly ResourceDeclaration[] = [backupsResource];

/** Read-only lists of service tables: the mail log (`GET /maillog/`) and the loaded e-mail accounts (`GET /emails/`). */
export const serviceResources: readonly ResourceDeclaration[] = [mailLogResource, mailAccountsResource];

/** Global content (spec 02): pop-ups and news, the global content block's sliders and settings. */
export const contentResources: readonly ResourceDeclaration[] = [contentsResource, sliderConfigsResource, contentBlockResource];

/** Global content (spec 02): banners with their settings record, global and content logos. */
export const globalContentResources: readonly ResourceDeclaration[] = [bannersResource, bannerSettingsResource, globalLogosResource, contentLogosResource];

/** The portals' look (spec 02): the footer's links and signature, the featured menus, the suggested links and the shortcuts. */
export const portalLookResources: readonly ResourceDeclaration[] = [footerLinksResource, footerSignResource, featuredMenusResource, seedLinksResource, launchpadResource];
/** Platform settings (spec 03, issue 25): generic settings, terms, procedure and site-request texts, GOV.CO bar, PQRDS, tooltips. */
export { platformSettingResources };
/** Settings (spec 03): the policy version histories and the administrators' update schedule. */
export const policyResources: readonly ResourceDeclaration[] = [dataProcessingHistoriesResource, termsConditionHistoriesResource, updateSchedulesResource];

export const resources: readonly AnyResourceDeclaration[] = [
  ...catalogueResources,
  ...siteResources,
  ...userResources,
  ...peopleResources,
  ...backupResources,
  ...serviceResources,
  ...contentResources,
  ...globalContentResources,
  ...portalLookResources,
  ...platformSettingResources,
  ...policyResources,
];

export function findResource(name: string): AnyResourceDeclaration | undefined {
  return resources.find((resource) => resource.name === name);
}

/** The declaration of a resource the engine generates, by name. */
export function findGeneratedResource(name: string): ResourceDeclaration | undefined {
  const found = findResource(name);
  return found && isGeneratedResource(found) ? found : undefined;
}

export { administratorsResource, sitePermissionsResource, siteUsersResource };
