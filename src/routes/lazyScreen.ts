/**
 * Everything the first chunk does not need, each lazily loaded into its own chunk so /login stays
 * light (docs/decisions/0022-first-load-budget.md): the layout of the signed-in pages, the screens
 * written by other parts (src/sites, src/settings, src/engine, src/audit) and the new-password page
 * of the recovery e-mail (with yup). Each can be preloaded: src/routes/preloadRoute.ts starts the
 * current route's chunks while the entry renders.
 */
import type { ComponentType } from 'react';
import type { ResourceDeclaration } from '../../resources/types';
import { dataProvider } from '../../dataProvider/lazy';
import { ENGINE_PARTS, withMessages } from '../shared/i18nProvider';
import { lazyComponent, type Preloadable } from '../shared/lazyComponent';

export type { Preloadable };

export interface ScreenProps {
  /** i18n key of the section title. */
  title?: string;
  /** The resource declaration, for generated screens … */
  declaration?: ResourceDeclaration;
  /** … or its name (the route table's: src/routes/appRoutes.ts). */
  resource?: string;
  /** Every generated declaration of the area, when several share it (their lists one after the other). */
  resources?: readonly string[];
}

export type Screen = ComponentType<ScreenProps>;

/**
 * The layout comes with the signed-in areas' messages (the layout's and the site list's; every signed-in screen
 * renders inside it) and starts loading the data provider, which the screen's first call needs (dataProvider/lazy.ts).
 * Each screen names the other areas whose texts it shows (`withMessages`, src/shared/i18nProvider.ts; one file each in
 * i18n/es/): its chunk waits for them, so it never shows a raw key (i18n/split.test.ts checks they cover its keys).
 */
export const AppLayout = lazyComponent(() => {
  void dataProvider.preload().catch(() => {});
  return withMessages([], () => import('../layout/AppLayout'))().then((module) => module.AppLayout);
});

export const SiteListPage: Preloadable<ScreenProps> = lazyComponent(
  withMessages([], () => import('../sites/SiteListPage').then((module) => module.SiteListPage as Screen)),
);

export const SiteDetailPage: Preloadable<ScreenProps> = lazyComponent(
  withMessages(['siteDetail', 'backups', 'scores', 'audience'], () => import('../sites/detail/SiteDetailPage').then((module) => module.SiteDetailPage as Screen)),
);

/** The index edits the shortcuts inline with the engine's parts (src/engine), so it waits for their texts too. */
export const SettingsIndexPage: Preloadable<ScreenProps> = lazyComponent(
  withMessages(ENGINE_PARTS, () => import('../settings/SettingsIndexPage').then((module) => module.SettingsIndexPage as unknown as Screen)),
);

export const GeneratedResourcePage: Preloadable<ScreenProps> = lazyComponent(
  withMessages(ENGINE_PARTS, () => import('../engine/index').then((module) => module.GeneratedResourcePage satisfies Screen)),
);

/** /administradores/eliminar: bulk deactivation of administrators (src/users/deactivation). */
export const DeactivationPage: Preloadable<ScreenProps> = lazyComponent(
  withMessages(['deactivation', 'audience'], () => import('../users/deactivation').then((module) => module.DeactivationPage satisfies Screen)),
);

export const UpdateSitesPage: Preloadable<ScreenProps> = lazyComponent(
  withMessages(['loads'], () => import('../settings/updateSites/UpdateSitesPage').then((module) => module.UpdateSitesPage satisfies Screen)),
);

export const AuditListPage: Preloadable<ScreenProps> = lazyComponent(
  withMessages(['audit', 'users', 'audience', 'siteDetail', 'backups', 'banners', 'contents', 'policies'], () => import('../audit/AuditListPage').then((module) => module.AuditListPage satisfies Screen)),
);

/** /portales/grupos: group management (src/sites/groups), the generated parts with the group's own inputs. */
export const GroupsPage: Preloadable<ScreenProps> = lazyComponent(
  withMessages(ENGINE_PARTS, () => import('../sites/groups/GroupScreens').then((module) => module.GroupsPage satisfies Screen)),
);

export const UsersPage: Preloadable<ScreenProps> = lazyComponent(
  withMessages(ENGINE_PARTS, () => import('../users/UsersPage').then((module) => module.UsersPage satisfies Screen)),
);

/** /banners and /banners/crud/{id?}: the banners' list with their settings, and the banner form page (src/banners). */
export const BannersPage: Preloadable<ScreenProps> = lazyComponent(
  withMessages(ENGINE_PARTS, () => import('../banners/BannersPage').then((module) => module.BannersPage satisfies Screen)),
);
export const BannerFormPage: Preloadable<ScreenProps> = lazyComponent(
  withMessages(ENGINE_PARTS, () => import('../banners/BannerFormPage').then((module) => module.BannerFormPage satisfies Screen)),
);

/** /descargar-backup/{hash} and /download/{hash}: the backup download page (src/sites/backups). */
export const BackupDownloadPage: Preloadable<ScreenProps> = lazyComponent(
  withMessages(['backups'], () => import('../sites/backups/BackupDownloadPage').then((module) => module.BackupDownloadPage satisfies Screen)),
);

/** The panel of a route without a screen yet (it shares the settings 'Atrás' button and its react-admin Button). */
export const UnderConstruction: Preloadable<{ title: string }> = lazyComponent(
  withMessages([], () => import('../pages/UnderConstruction').then((module) => module.UnderConstruction)),
);

/** /recordar-clave/{token}: the new password form of the recovery e-mail. */
export const RecoveryPage = lazyComponent(() => import('../auth/RecoveryPage').then((module) => module.RecoveryPage));

/** '/': the public request wizard (src/newSite), below the home page's introduction. */
// The wizard's texts (i18n/es/newSite.ts), the audience input's and the site rules' messages (signed-in areas): its chunk waits for them as the
// layout's does, so the public page at / never shows a raw key, and neither /login nor the signed-in areas carry them.
export const NewSiteWizard = lazyComponent(
  withMessages(['newSite', 'audience'], () => import('../newSite/index').then((module) => module.NewSiteWizard)),
);

/** /contenidos: pop-ups and news (src/contents), the generated parts with cards, drag re-sort, schedule and preview. */
export const ContentsPage: Preloadable<ScreenProps> = lazyComponent(
  withMessages(ENGINE_PARTS, () => import('../contents/ContentsPage').then((module) => module.ContentsPage satisfies Screen)),
);
