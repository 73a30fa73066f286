/**
 * The texts a site request is accepted with (GET /newsite/terms/): the site-request terms and the data-treatment
 * policy, from settings (seeded by migration 0021_site_request_wizard; their editors come with the settings work),
 * each with its version. Acceptance is recorded with the version read (terms_acceptances).
 */
import type { Database } from '../db/connection';

export const TERMS_SETTINGS = {
  terms: { text: 'SiteRequest.Terms', version: 'SiteRequest.TermsVersion', kind: 'SiteRequestTerms' },
  dataTreatment: { text: 'SiteRequest.DataTreatment', version: 'SiteRequest.DataTreatmentVersion', kind: 'SiteRequestDataTreatment' },
} as const;

export interface VersionedText {
  text: string;
  version: number;
}

export interface RequestTerms {
  terms: VersionedText;
  dataTreatment: VersionedText;
}

/** A version setting as a positive integer (1 when missing or unreadable). */
export function versionOf(value: string | undefined): number {
  const version = Number(value);
  return Number.isInteger(version) && version >= 1 ? version : 1;
}

export async function readRequestTerms(database: Pick<Database, 'query'>): Promise<RequestTerms> {
  const keys = Object.values(TERMS_SETTINGS).flatMap((entry) => [entry.text, entry.version]);
  const rows = await database.query<{ key_word: string; value: string }>('select key_word, value from settings where key_word = any($1)', [keys]);
  const value = (key: string) => rows.find((row) => row.key_word === key)?.value;
  return {
    terms: { text: value(TERMS_SETTINGS.terms.text) ?? '', version: versionOf(value(TERMS_SETTINGS.terms.version)) },
    dataTreatment: { text: value(TERMS_SETTINGS.dataTreatment.text) ?? '', version: versionOf(value(TERMS_SETTINGS.dataTreatment.version)) },
  };
}
