/**
 * The reference part of every declaration: name, API path, id field, area (its route, title and access), title and
 * permissions. The first chunk reads these (react-admin's <Resource>s, the route table, canAccess, the dataProvider's
 * paths) without the models — fields and yup schemas — that only the generated screens, the forms and the server need
 * (docs/decisions/0022-first-load-budget.md). Each declaration in resources/ spreads its reference; a catalogue's is
 * generated from its declaration (resources/catalogue.ts).
 */
import { AREAS, BANNERS, CONTENTS, GROUP_READERS, PORTAL_AREA, SETTINGS, SITES, USERS_AREA } from './areas';
import { CATALOGUE_REFERENCES } from './generated/catalogueScreens';
import { defineReference, type ResourceReference } from './types';

// Each reference's title is `resources.<name>.title` unless it names another key (defineReference).

export const sitesReference = defineReference({
  name: 'sites',
  apiPath: '/sites/',
  idField: 'id',
  area: 'sites',
  permissions: { read: PORTAL_AREA, write: SITES },
});

export const locationsReference = defineReference({
  name: 'locations',
  apiPath: '/locations/',
  idField: 'id',
  permissions: { read: 'authenticated', write: SITES },
});

export const groupsReference = defineReference({
  name: 'groups',
  apiPath: '/sites/groups/',
  idField: 'groupID',
  area: 'sites.groups',
  permissions: { read: GROUP_READERS, write: SITES },
});

/** A group's rows of sites, in order (`GET /sites/groupsites/?groupID=`; no screen of its own). */
export const groupSitesReference = defineReference({
  name: 'groupSites',
  apiPath: '/sites/groupsites/',
  idField: 'siteID',
  title: 'siteGroups.rows_title',
  permissions: { read: GROUP_READERS, write: SITES },
});

/** The entity search of the group form (no screen of its own). */
export const groupSitesFindReference = defineReference({
  name: 'groupSitesFind',
  apiPath: '/sites/groupsites/find',
  idField: 'siteID',
  title: 'siteGroups.find_title',
  permissions: { read: SITES, write: SITES },
});

/** Annotations of a site (spec 01 §2 'Site detail', tab Anotaciones): the spec's `GET, POST, PUT /sites/comments`. */
export const siteCommentsReference = defineReference({
  name: 'sitecomments',
  apiPath: '/sites/comments',
  idField: 'siteCommentID',
  permissions: { read: SITES, write: SITES },
});

/** Requests of a site (spec 01 §3 'Site request'), read by the detail's Solicitudes and Histórico tabs. */
export const siteRequestsReference = defineReference({
  name: 'siterequests',
  apiPath: '/siterequests/',
  idField: 'id',
  permissions: { read: SITES, write: SITES },
});

export const superadminsReference = defineReference({
  name: 'superadmins',
  apiPath: '/users/',
  idField: 'id',
  area: 'users',
  permissions: { read: ['Users'], write: ['Users'] },
});

/**
 * The permission catalogue (`GET /permissions`, spec 01 §7): a read-only list on the engine answering `meta.total`
 * (resources/permissionCatalogue.ts); superadmins' `permissions` link to it.
 */
export const permissionsReference = defineReference({
  name: 'permissions',
  apiPath: '/permissions',
  idField: 'permissionID',
  permissions: { read: 'authenticated', write: ['Users'] },
});

// Administrators and site users (spec 01 §2 'Users', §6): Users and Reports read them, only Users changes anyone.
// Their tabs are parts of the users page (area `users`), so they name no area of their own.
export const administratorsReference = defineReference({
  name: 'administrators',
  apiPath: '/usermain/',
  idField: 'id',
  title: 'people.administrators.title',
  permissions: { read: USERS_AREA, write: ['Users'] },
});

export const siteUsersReference = defineReference({
  name: 'siteusers',
  apiPath: '/siteusers/',
  // spec 01 §7: the list and the creation on /siteusers/, one site user on /siteuser/{id}.
  itemPath: '/siteuser/',
  idField: 'id',
  title: 'people.siteusers.title',
  permissions: { read: USERS_AREA, write: ['Users'] },
});

/** The site-level permissions an administrator or a site user holds (a catalogue table, read by both edit modals). */
export const sitePermissionsReference = defineReference({
  name: 'sitepermissions',
  apiPath: '/sitepermissions/',
  idField: 'sitePermissionID',
  title: 'people.sitepermissions.title',
  permissions: { read: USERS_AREA, write: ['Users'] },
});

/** Read-only screen src/audit/AuditListPage, listed in the settings index after the spec's rows. */
export const auditReference = defineReference({
  name: 'audit',
  apiPath: '/audit/',
  idField: 'id',
  area: 'settings.audit',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** Site backups (spec 01 §3 'Backup', §4): requested and downloaded from the site detail; no screen of their own. */
export const backupsReference = defineReference({
  name: 'backups',
  apiPath: '/backuprequests',
  idField: 'id',
  title: 'backups.title',
  permissions: { read: SITES, write: SITES },
});

/** The mail log (`GET /maillog/`, read-only), read by the e-mail notification report; no screen of its own on the engine. */
/** Global banners (spec 02 §2 'Banners', §7 `GET, POST, PUT, DELETE /banners/{id}`, `PUT /banners/sort`). */
export const bannersReference = defineReference({
  name: 'banners',
  apiPath: '/banners/',
  idField: 'bannerID',
  area: 'banners',
  permissions: { read: BANNERS, write: BANNERS },
});

/** The banners' settings record (Banner.Position, Banner.Rotation and the two tool links): `GET`/`PUT /banners/settings`. */
export const bannerSettingsReference = defineReference({
  name: 'bannerSettings',
  apiPath: '/banners/settings',
  idField: 'id',
  permissions: { read: BANNERS, write: BANNERS },
});

/** Global logos (spec 02 §2, §7 `/globallogo/`, logoType 0). */
export const globalLogosReference = defineReference({
  name: 'globalLogos',
  apiPath: '/globallogo/',
  idField: 'globalLogoId',
  area: 'settings.globalLogos',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** Content logos (logoType 1, at most 3, no url): the same table as the global logos, under `/globallogo/content/`. */
export const contentLogosReference = defineReference({
  name: 'contentLogos',
  apiPath: '/globallogo/content/',
  idField: 'globalLogoId',
  area: 'settings.contentLogos',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** The mail log; its screen is the e-mail notification report (`/configuracion/exportar-reporte-correos`). */
export const mailLogReference = defineReference({
  name: 'maillog',
  apiPath: '/maillog/',
  idField: 'id',
  area: 'settings.emailReport',
  permissions: { read: AREAS['settings.emailReport'].permissions, write: AREAS['settings.emailReport'].permissions },
});

/** The e-mail accounts loaded by month (`GET /emails/`, read-only; `POST /emails/` loads them): no screen of their own. */
export const mailAccountsReference = defineReference({
  name: 'emails',
  apiPath: '/emails/',
  idField: 'id',
  // The trail's label of the monthly load (audit resource `emails`), kept as the declaration's title.
  title: 'audit.resources.emails',
  permissions: { read: SITES, write: SITES },
});

/** Pop-ups and news (spec 02 §2 '/contenidos'): cards, form, schedule, activation, order; delivered to portals. */
export const contentsReference = defineReference({
  name: 'contents',
  apiPath: '/contents/',
  idField: 'contentID',
  area: 'contents',
  permissions: { read: CONTENTS, write: CONTENTS },
});

/** The sliders of the global content block (`GET`/`PUT /sliderconfglobal`, the whole list); edited on /contenidos. */
export const sliderConfigsReference = defineReference({
  name: 'sliderconfigs',
  apiPath: '/sliderconfglobal',
  idField: 'sliderConfigId',
  permissions: { read: CONTENTS, write: CONTENTS },
});

/** The global content block's title and color (`GET`/`POST /settings/content/settingcontentglobal`); edited on /contenidos. */
export const contentBlockReference = defineReference({
  name: 'contentblock',
  apiPath: '/settings/content/settingcontentglobal',
  idField: 'id',
  permissions: { read: CONTENTS, write: CONTENTS },
});

// Platform settings (spec 03 §2 'Policies and terms', 'Other screens', §7 'Settings and texts'): resources/platformSettings.ts.

/** The generic key/value settings (`/settings/`, `GET /settings/get?Key=`): only the allow-listed keys are edited. */
export const platformSettingsReference = defineReference({
  name: 'platformsettings',
  apiPath: '/settings/',
  idField: 'settingID',
  area: 'settings.values',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** Terms and conditions, global and territorial (`GET`/`POST /policieterms`). */
export const termsReference = defineReference({
  name: 'policyterms',
  apiPath: '/policieterms',
  idField: 'id',
  area: 'settings.terms',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** The data-treatment policy by term type (`GET`/`POST /PolicySettingsTerm`). */
export const dataTreatmentTermsReference = defineReference({
  name: 'datatreatmentterms',
  apiPath: '/PolicySettingsTerm',
  idField: 'id',
  area: 'settings.dataTreatmentTerms',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** Procedure texts with and without payment (`GET`/`POST /settings/proceduretext`). */
export const procedureTextsReference = defineReference({
  name: 'proceduretexts',
  apiPath: '/settings/proceduretext',
  idField: 'id',
  area: 'settings.procedureTexts',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** The public site-request page's text and images (`GET`/`POST /settings/siterequest`). */
export const siteRequestTextReference = defineReference({
  name: 'siterequesttext',
  apiPath: '/settings/siterequest',
  idField: 'id',
  area: 'settings.siteRequestText',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** The GOV.CO bar (`GET`/`PUT /settings/govco`). */
export const govcoReference = defineReference({
  name: 'govco',
  apiPath: '/settings/govco',
  idField: 'id',
  area: 'settings.govco',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** PQRDS variables (`GET`/`PUT /settings/pqrds`). */
export const pqrdsReference = defineReference({
  name: 'pqrds',
  apiPath: '/settings/pqrds',
  idField: 'id',
  area: 'settings.pqrds',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** The portals' help tooltips (`GET /sites/tooltips/`, `PUT /sites/tooltips/{id}`). */
export const tooltipsReference = defineReference({
  name: 'tooltips',
  apiPath: '/sites/tooltips/',
  idField: 'siteToolTipID',
  area: 'settings.tooltips',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** Who accepted the site-request texts (`GET /termsacceptances/`, download `POST /reportuser`). */
export const termsAcceptancesReference = defineReference({
  name: 'termsacceptances',
  apiPath: '/termsacceptances/',
  idField: 'id',
  area: 'settings.termsAcceptances',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** Data-treatment policy versions (spec 03 §2 'Policies and terms', §7 `/dataprocessinghistories/`): one of the two history tables. */
export const dataProcessingHistoriesReference = defineReference({
  name: 'dataProcessingHistories',
  apiPath: '/dataprocessinghistories/',
  idField: 'id',
  area: 'settings.dataPolicies',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** Terms-and-conditions versions (spec 03 §7 `/historytermscondition`): the other history table, on the same page. */
export const termsConditionHistoriesReference = defineReference({
  name: 'termsConditionHistories',
  apiPath: '/historytermscondition',
  idField: 'id',
  area: 'settings.dataPolicies',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** The administrators' data update schedule (spec 03 §2 'Data update times', §7 `/settingupdateadministrators/`). */
export const updateSchedulesReference = defineReference({
  name: 'updateSchedules',
  apiPath: '/settingupdateadministrators/',
  idField: 'id',
  area: 'settings.adminUpdates',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** Every reference, in the order of resources/index.ts `resources` (tests/unit/references.test.ts). */
/** The footer's links (spec 02 §2 'Footer', §7 `GET`/`PUT /footerContent`): the whole ordered list, on /configuracion/pie-pagina. */
export const footerLinksReference = defineReference({
  name: 'footerLinks',
  apiPath: '/footerContent',
  idField: 'footerContentID',
  area: 'settings.footer',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** The footer's signature (text, url, SVG): one record, edited below the links (decision 0032). */
export const footerSignReference = defineReference({
  name: 'footerSign',
  apiPath: '/footerContent/sign',
  idField: 'id',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** The featured menu of an entity type (spec 02 §2 'Featured menu', §7 `/featuredsitemenu/`), on /configuracion/menu-sitios. */
export const featuredMenusReference = defineReference({
  name: 'featuredMenus',
  apiPath: '/featuredsitemenu/{siteTypeMenuID}/',
  idField: 'featuredMenuID',
  area: 'settings.siteMenu',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** The suggested shortcuts (spec 02 §7 `GET /seedlink`); no screen of their own. */
export const seedLinksReference = defineReference({
  name: 'seedlinks',
  apiPath: '/seedlink',
  idField: 'seedLinkID',
  permissions: { read: SETTINGS, write: SETTINGS },
});

/** The shortcuts (spec 02 §2 'Shortcuts (launchpad)', §7 `/launchpad/`): edited inline in the settings index (area `settings`). */
export const launchpadReference = defineReference({
  name: 'launchpad',
  apiPath: '/launchpad/',
  idField: 'launchPadID',
  area: 'settings',
  permissions: { read: SETTINGS, write: SETTINGS },
});

export const resourceReferences: readonly ResourceReference[] = [
  // The catalogues first, as in resources/index.ts.
  ...CATALOGUE_REFERENCES.map((reference) => defineReference(reference)),
  sitesReference,
  locationsReference,
  groupsReference,
  groupSitesReference,
  groupSitesFindReference,
  siteCommentsReference,
  siteRequestsReference,
  permissionsReference,
  superadminsReference,
  auditReference,
  sitePermissionsReference,
  administratorsReference,
  siteUsersReference,
  backupsReference,
  mailLogReference,
  mailAccountsReference,
  contentsReference,
  sliderConfigsReference,
  contentBlockReference,
  bannersReference,
  bannerSettingsReference,
  globalLogosReference,
  contentLogosReference,
  footerLinksReference,
  footerSignReference,
  featuredMenusReference,
  seedLinksReference,
  launchpadReference,
  platformSettingsReference,
  termsReference,
  dataTreatmentTermsReference,
  procedureTextsReference,
  siteRequestTextReference,
  govcoReference,
  pqrdsReference,
  tooltipsReference,
  termsAcceptancesReference,
  dataProcessingHistoriesReference,
  termsConditionHistoriesReference,
  updateSchedulesReference,
];

export function findReference(name: string): ResourceReference | undefined {
  return resourceReferences.find((reference) => reference.name === name);
}
