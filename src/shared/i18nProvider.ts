/**
 * Polyglot i18nProvider over the Spanish messages, by area of the product (one file each in i18n/es/;
 * docs/decisions/0022-first-load-budget.md): the sign-in areas (i18n/es/loading.ts) from the start, the signed-in ones
 * added by `loadSignedInMessages`, which the layout's chunk waits for (src/routes/lazyScreen.ts), so no signed-in screen
 * renders before its texts; every other area by the screens and dialogs that name it (`withMessages`). A missing key is
 * logged in development and shown as the key itself (tests guarantee coverage: i18n/*.test.ts).
 */
import type { TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ON_DEMAND_AREAS, type OnDemandArea, SIGNED_IN_AREAS } from '../../i18n/es/loading';
import { mergeMessages } from '../../i18n/es/merge';
import { signInMessages as signInTree } from './signInText';

/** Looks like an i18n key (namespace.path), not a literal text already in Spanish. */
export function looksLikeKey(text: string): boolean {
  return /^[a-z][a-z0-9_]*(\.[A-Za-z0-9_]+)+$/.test(text);
}

export function onMissingKey(key: string): string {
  if (import.meta.env?.DEV && looksLikeKey(key)) console.warn(`[i18n] clave sin traducción: ${key}`);
  return key;
}

/** The sign-in areas (i18n/es/loading.ts), in the first chunk. */
const signInMessages = signInTree as TranslationMessages;

let messages: TranslationMessages = signInMessages;

export const i18nProvider = polyglotI18nProvider(() => messages, 'es', [{ locale: 'es', name: 'Español' }], {
  allowMissing: false,
  onMissingKey,
});

/** The parts added so far, merged over the sign-in part in the order they arrived. */
let parts: TranslationMessages[] = [];
const partLoads = new Map<string, Promise<void>>();

/**
 * Adds a part of the messages (once; a failed load is tried again on the next call). react-admin's contract is kept:
 * `changeLocale` to the same locale makes the provider read the messages again.
 */
function loadPart(name: string, load: () => Promise<TranslationMessages>): Promise<void> {
  let loading = partLoads.get(name);
  if (!loading) {
    loading = load()
      .then((part) => {
        parts = [...parts, part];
        messages = parts.reduce<TranslationMessages>((merged, next) => mergeMessages(merged, next), signInMessages);
        return i18nProvider.changeLocale('es');
      })
      .catch((error: unknown) => {
        partLoads.delete(name);
        throw error;
      });
    partLoads.set(name, loading);
  }
  return loading;
}

/**
 * The areas loaded after sign-in (i18n/es/<area>.ts; which ones: i18n/es/loading.ts). The signed-in areas come
 * together with the layout (one chunk: vite.config.ts); every other area is a chunk of its own, which a screen or dialog
 * loaded on demand names when it shows its texts (`withMessages`), and the screen's chunk waits for it.
 */
const AREAS = {
  engine: () => import('../../i18n/es/engine'),
  exports: () => import('../../i18n/es/exports'),
  files: () => import('../../i18n/es/files'),
  jobs: () => import('../../i18n/es/jobs'),
  settings: () => import('../../i18n/es/settings'),
  siteGroups: () => import('../../i18n/es/siteGroups'),
  sites: () => import('../../i18n/es/sites'),
  audience: () => import('../../i18n/es/audience'),
  audit: () => import('../../i18n/es/audit'),
  backups: () => import('../../i18n/es/backups'),
  banners: () => import('../../i18n/es/banners'),
  bulkFile: () => import('../../i18n/es/bulkFile'),
  contents: () => import('../../i18n/es/contents'),
  deactivation: () => import('../../i18n/es/deactivation'),
  loads: () => import('../../i18n/es/loads'),
  maillog: () => import('../../i18n/es/maillog'),
  newSite: () => import('../../i18n/es/newSite'),
  policies: () => import('../../i18n/es/policies'),
  scores: () => import('../../i18n/es/scores'),
  siteDetail: () => import('../../i18n/es/siteDetail'),
  users: () => import('../../i18n/es/users'),
} satisfies Record<(typeof SIGNED_IN_AREAS)[number] | OnDemandArea, () => Promise<{ messages: object }>>;

/** An area a screen or dialog names: any but the sign-in and signed-in ones (always there by then). */
export type MessagePart = OnDemandArea;

/** Every area but the public wizard's: what the engine's generated screens may show (any declaration's texts). */
export const ENGINE_PARTS: readonly MessagePart[] = ON_DEMAND_AREAS.filter((name) => name !== 'newSite');

const area = (name: keyof typeof AREAS) => loadPart(name, () => AREAS[name]().then((module) => module.messages as unknown as TranslationMessages));

/** The signed-in areas, added together once (the layout's chunk waits for them). */
const signedIn = () =>
  loadPart('signedIn', () =>
    Promise.all(SIGNED_IN_AREAS.map((name) => AREAS[name]())).then((modules) =>
      modules.reduce<TranslationMessages>((merged, module) => mergeMessages(merged, module.messages) as TranslationMessages, {} as TranslationMessages),
    ),
  );

/** Adds the signed-in part and the named ones (each once; the promise settles when all are in). */
export function loadMessages(names: readonly MessagePart[] = []): Promise<void> {
  if (names.length === 0) return signedIn();
  return Promise.all([signedIn(), ...[...new Set(names)].map(area)]).then(() => undefined);
}

/** The signed-in areas' messages (the layout's chunk waits for them). */
export function loadSignedInMessages(): Promise<void> {
  return loadMessages();
}

/**
 * A component's loader that also waits for the areas' messages it names (with the signed-in ones), so it never renders
 * a raw key: the one way a lazily loaded screen (src/routes/lazyScreen.ts) or dialog declares its texts. i18n/split.test.ts
 * reads these calls (`withMessages([...], () => import('…'))`) to check that the code each one reaches finds its keys.
 */
export function withMessages<T>(names: readonly MessagePart[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadMessages(names)]).then(([loaded]) => loaded);
}
