/**
 * Polyglot i18nProvider over the Spanish messages, in two parts (docs/decisions.md 'First-load budget'): the sign-in
 * messages (i18n/es/signIn.ts) from the start, the signed-in areas' (i18n/es/signedIn.ts) added by
 * `loadSignedInMessages`, which the layout's chunk waits for (src/routes/lazyScreen.ts), so no signed-in screen renders
 * before its texts; the site detail's (i18n/es/detail.ts) by `loadDetailMessages`, the public
 * wizard's (i18n/es/wizard.ts) by `loadWizardMessages`. A missing key is logged in development and shown as the key itself (tests guarantee coverage:
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

/** The signed-in areas' messages (the layout's chunk waits for them). */
export function loadSignedInMessages(): Promise<void> {
  return loadPart('signedIn', () => import('../../i18n/es/signedIn').then((module) => module.signedInMessages as unknown as TranslationMessages));
}

/** The site detail's and the backup download page's messages, with the signed-in part (their chunks wait for them). */
export function loadDetailMessages(): Promise<void> {
  return Promise.all([
    loadSignedInMessages(),
    loadPart('detail', () => import('../../i18n/es/detail').then((module) => module.detailMessages as unknown as TranslationMessages)),
  ]).then(() => undefined);
}

/** The bulk deactivation page's messages, with the signed-in part (its chunk waits for them). */
export function loadDeactivationMessages(): Promise<void> {
  return Promise.all([
    loadSignedInMessages(),
    loadPart('deactivation', () => import('../../i18n/es/deactivationPart').then((module) => module.deactivationMessages as unknown as TranslationMessages)),
  ]).then(() => undefined);
}

/** The public request wizard's messages and the signed-in part its rules share (the wizard's chunk waits for them). */
export function loadWizardMessages(): Promise<void> {
  return Promise.all([
    loadSignedInMessages(),
    loadPart('wizard', () => import('../../i18n/es/wizard').then((module) => module.wizardMessages as unknown as TranslationMessages)),
  ]).then(() => undefined);
}
