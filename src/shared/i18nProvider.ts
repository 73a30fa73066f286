/**
 * Polyglot i18nProvider over the Spanish messages, in two parts (docs/decisions.md 'First-load budget'): the sign-in
 * messages (i18n/es/signIn.ts) from the start, the signed-in areas' (i18n/es/signedIn.ts) added by
 * `loadSignedInMessages`, which the layout's chunk waits for (src/routes/lazyScreen.ts), so no signed-in screen renders
 * before its texts. A missing key is logged in development and shown as the key itself (tests guarantee coverage:
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

let signedInLoad: Promise<void> | undefined;

/**
 * Adds the signed-in areas' messages (once; a failed load is tried again on the next call). react-admin's contract is
 * kept: `changeLocale` to the same locale makes the provider read the messages again.
 */
export function loadSignedInMessages(): Promise<void> {
  signedInLoad ??= import('../../i18n/es/signedIn')
    .then(({ signedInMessages }) => {
      messages = mergeMessages(signInMessages, signedInMessages);
      return i18nProvider.changeLocale('es');
    })
    .catch((error: unknown) => {
      signedInLoad = undefined;
      throw error;
    });
  return signedInLoad;
}
