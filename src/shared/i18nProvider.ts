/**
 * Polyglot i18nProvider over the aggregated Spanish messages. A missing key is logged in
 * development and shown as the key itself (tests guarantee coverage: i18n/*.test.ts).
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { spanishMessages } from '../../i18n/es/index';

/** Looks like an i18n key (namespace.path), not a literal text already in Spanish. */
export function looksLikeKey(text: string): boolean {
  return /^[a-z][a-z0-9_]*(\.[A-Za-z0-9_]+)+$/.test(text);
}

export function onMissingKey(key: string): string {
  if (import.meta.env?.DEV && looksLikeKey(key)) console.warn(`[i18n] clave sin traducción: ${key}`);
  return key;
}

export const i18nProvider = polyglotI18nProvider(() => spanishMessages, 'es', [{ locale: 'es', name: 'Español' }], {
  allowMissing: false,
  onMissingKey,
});
