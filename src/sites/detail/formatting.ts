/** Dates of the detail in the admin's locale (src/engine/fieldKinds.tsx LOCALE). */
import { LOCALE } from '../../engine/fieldKinds';

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
}
