/** Dates of the detail as every screen writes them (resources/dates.ts: dd/mm/aaaa hh:mm a. m., Colombia). */
import { formatDateTime as platformDateTime } from '../../../resources/dates';

export function formatDateTime(value: string | null | undefined): string {
  return platformDateTime(value);
}
