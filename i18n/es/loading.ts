/**
 * Which areas' texts the browser has when (src/shared/i18nProvider.ts; docs/decisions/0022-first-load-budget.md). No
 * texts here: each name is a file of this folder. The sign-in areas come with the first page; the signed-in ones with
 * the layout after sign-in (the site list, /portales, and the components every area renders); every other area loads
 * with the screens and dialogs that name it (`withMessages(['users', …], () => import('…'))`), and i18n/split.test.ts
 * checks that the code each of them reaches finds its keys there.
 */
export const SIGN_IN_AREAS = ['ra', 'auth', 'errors', 'menu', 'pages'] as const;
export const SIGNED_IN_AREAS = ['engine', 'exports', 'files', 'jobs', 'settings', 'siteGroups', 'sites'] as const;
export const ON_DEMAND_AREAS = ['audience', 'audit', 'backups', 'banners', 'bulkFile', 'contents', 'deactivation', 'loads', 'maillog', 'newSite', 'policies', 'scores', 'siteDetail', 'users'] as const;

export type OnDemandArea = (typeof ON_DEMAND_AREAS)[number];
