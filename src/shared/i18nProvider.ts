/**
 * Polyglot i18nProvider over the Spanish messages, in parts (docs/decisions/0022-first-load-budget.md): the sign-in
 * messages (i18n/es/signIn.ts) from the start, the signed-in areas' (i18n/es/signedIn.ts) added by
 * `loadSignedInMessages`, which the layout's chunk waits for (src/routes/lazyScreen.ts), so no signed-in screen renders
 * before its texts; the other areas' parts (audience,
 * people, audit, loads, the site detail's, the deactivation's, the public wizard's) by the screens and dialogs that
 * name them (`withMessages`). A missing key is logged in development and shown as the key itself (tests guarantee coverage:
 * i18n/*.test.ts).
 */
import type { TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeMessages } from '../../i18n/es/merge';
import { signInMessages } from '../../i18n/es/signIn';

/** Looks like an i18n key (namespace.path), not a literal text already in Spanish. */
export function looksLikeKey(text: string): boolean {
  return /^[a-z][a-z0-9_]*(\.[A-Za-z0-9_]+)+$/.test(text);
}

export function onMissingKey(key: string): string {
  if (import.meta.env?.DEV && looksLikeKey(key)) console.warn(`[i18n] clave sin traducción: ${key}`);
  return key;
}

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
 * The parts of the messages after the sign-in part, each its own chunk (i18n/es/*Part.ts, signedIn.ts, detail.ts,
 * wizard.ts). A screen or dialog loaded on demand names the parts it needs (`withMessages`), and its chunk waits for them.
 */
const PARTS = {
  /** The layout's and the site list's (the signed-in first screen): always loaded with any other part. */
  signedIn: () => import('../../i18n/es/signedIn').then((module) => module.signedInMessages),
  /** The audience input (audience fields of the engine's forms, the site detail, the deactivation, the wizard). */
  audience: () => import('../../i18n/es/audiencePart').then((module) => module.audienceMessages),
  /** /administradores and the people declarations (administrators, site users, superadmins). */
  people: () => import('../../i18n/es/peoplePart').then((module) => module.peopleMessages),
  /** The audit trail and the mail log. */
  audit: () => import('../../i18n/es/auditPart').then((module) => module.auditMessages),
  /** The site list's load dialogs, the bulk portal file and /actualizar-portales. */
  loads: () => import('../../i18n/es/loadsPart').then((module) => module.loadsMessages),
  /** The site detail and the backup download page. */
  detail: () => import('../../i18n/es/detail').then((module) => module.detailMessages),
  /** The bulk deactivation page. */
  deactivation: () => import('../../i18n/es/deactivationPart').then((module) => module.deactivationMessages),
  /** The public request wizard at '/'. */
  wizard: () => import('../../i18n/es/wizard').then((module) => module.wizardMessages),
} satisfies Record<string, () => Promise<object>>;

export type MessagePart = keyof typeof PARTS;

/** Every part but the public wizard's: what the engine's generated screens may show (any declaration's texts). */
export const ENGINE_PARTS: readonly MessagePart[] = ['audience', 'people', 'audit', 'loads', 'detail', 'deactivation'];

const part = (name: MessagePart) => loadPart(name, () => PARTS[name]().then((messages) => messages as unknown as TranslationMessages));

/** Adds the signed-in part and the named ones (each once; the promise settles when all are in). */
export function loadMessages(names: readonly MessagePart[] = []): Promise<void> {
  const others = [...new Set(names)].filter((name) => name !== 'signedIn');
  if (others.length === 0) return part('signedIn');
  return Promise.all([part('signedIn'), ...others.map(part)]).then(() => undefined);
}

/** The signed-in areas' messages (the layout's chunk waits for them). */
export function loadSignedInMessages(): Promise<void> {
  return loadMessages();
}

/**
 * A component's loader that also waits for the message parts it names (with the signed-in part), so it never renders
 * a raw key: the one way a lazily loaded screen (src/routes/lazyScreen.ts) or dialog declares its texts. i18n/split.test.ts
 * reads these calls (`withMessages([...], () => import('…'))`) to check that the code each one reaches finds its keys.
 */
export function withMessages<T>(names: readonly MessagePart[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadMessages(names)]).then(([loaded]) => loaded);
}
