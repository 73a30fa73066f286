/**
 * All Spanish messages: react-admin's own keys (ra.*) completed, plus every domain text. Translators edit only the files
 * of this folder, one per area of the product as its menu or screen names it (sites.ts: Portales; siteDetail.ts: a
 * portal's detail; users.ts: Administradores; settings.ts: Configuración; audit.ts: Auditoría; newSite.ts: the public
 * request wizard; auth.ts: sign-in; errors.ts, engine.ts: what every screen may show…). Each area file holds all of its
 * texts — screens, `resources.<name>.*` of its declarations, `validation.*` of its rules — and exports them as
 * `messages`; server.ts holds the texts only the server shows (server/i18n.ts). When the browser loads an area is
 * decided by the screens that use it, not by the files: loading.ts lists the sign-in and signed-in areas, and every
 * other area loads with the screens and dialogs that name it (src/shared/i18nProvider.ts `withMessages`). This module is
 * their union, for the server, the tests and the key checks.
 */
import { messages as audience } from './audience';
import { messages as audit } from './audit';
import { messages as auth } from './auth';
import { messages as backups } from './backups';
import { messages as bannerTexts } from './banners';
import { messages as bulkFile } from './bulkFile';
import { messages as contents } from './contents';
import { messages as deactivation } from './deactivation';
import { messages as engine } from './engine';
import { messages as errors } from './errors';
import { messages as exportTexts } from './exports';
import { messages as files } from './files';
import { messages as jobs } from './jobs';
import { messages as loads } from './loads';
import { messages as maillog } from './maillog';
import { messages as menu } from './menu';
import { mergeMessages } from './merge';
import { messages as newSite } from './newSite';
import { messages as pages } from './pages';
import { messages as policies } from './policies';
import { messages as ra } from './ra';
import { messages as scores } from './scores';
import { messages as settings } from './settings';
import { messages as siteDetail } from './siteDetail';
import { messages as siteGroups } from './siteGroups';
import { messages as sites } from './sites';
import { messages as users } from './users';
import { ON_DEMAND_AREAS, type OnDemandArea, SIGN_IN_AREAS, SIGNED_IN_AREAS } from './loading';

/** Every area's messages by its file's name. */
export const areaMessages = {
  audience,
  audit,
  auth,
  backups,
  banners: bannerTexts,
  bulkFile,
  contents,
  deactivation,
  engine,
  errors,
  exports: exportTexts,
  files,
  jobs,
  loads,
  maillog,
  menu,
  newSite,
  pages,
  policies,
  ra,
  scores,
  settings,
  siteDetail,
  siteGroups,
  sites,
  users,
};

type Areas = typeof areaMessages;
type Joined<T extends readonly (keyof Areas)[]> = T extends readonly [infer H extends keyof Areas, ...infer R extends readonly (keyof Areas)[]] ? Areas[H] & Joined<R> : unknown;

function join<const T extends readonly (keyof Areas)[]>(names: T): Joined<T> {
  return names.reduce<Record<string, unknown>>((merged, name) => mergeMessages(merged, areaMessages[name]), {}) as Joined<T>;
}

/** What the first page has (the sign-in areas) and what the layout adds after sign-in (the signed-in areas). */
export const signInMessages = join(SIGN_IN_AREAS);
export const signedInMessages = join(SIGNED_IN_AREAS);

/** Every part the browser adds after the sign-in one: the signed-in areas together, then each other area alone. */
export const messageParts = {
  signedIn: signedInMessages as Record<string, unknown>,
  ...(Object.fromEntries(ON_DEMAND_AREAS.map((name) => [name, areaMessages[name]])) as unknown as Record<OnDemandArea, Record<string, unknown>>),
};

export const spanishMessages = join([...SIGN_IN_AREAS, ...SIGNED_IN_AREAS, ...ON_DEMAND_AREAS] as const);

/** Every validation and resource text, joined across the areas (the server's and the tests' view). */
export const validation = spanishMessages.validation;
export const resources = spanishMessages.resources;
