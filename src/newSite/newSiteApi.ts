/** The public calls of the request wizard (spec 01 §7; server/newSite/routes.ts): no session needed. */
import { httpClient } from '../../dataProvider/httpClient';
import { uploadTo, type UploadedFile, type UploadProgress } from '../../dataProvider/upload';
import { UPLOAD_SESSION_HEADER, type WizardSite } from '../../resources/newSiteRequest';

export interface Named {
  id: number;
  name: string;
}
export interface SiteTypeOption extends Named {
  orderType: number | null;
}
export interface RequestTerms {
  terms: { text: string; version: number };
  dataTreatment: { text: string; version: number };
}

/** A list answer, or an empty list for anything else (never a crash of the public page). */
const listOf = <T>(json: unknown): T[] => (Array.isArray(json) ? (json as T[]) : []);

export const fetchDepartments = async () => listOf<Named>((await httpClient('/newsite/locations/')).json);
export const fetchMunicipalities = async (parentLocationId: number) =>
  listOf<Named>((await httpClient('/newsite/locations/', { query: { parentLocationId } })).json);
export const fetchSiteTypes = async () => listOf<SiteTypeOption>((await httpClient('/newsite/sitetypes/')).json);
export const fetchSites = async (locationId: number, siteTypeId: number) =>
  listOf<WizardSite>((await httpClient('/newsite/sites/', { query: { locationId, siteTypeId } })).json);
export async function fetchTerms(): Promise<RequestTerms | null> {
  const json = (await httpClient<RequestTerms>('/newsite/terms/')).json;
  return json && typeof json === 'object' && json.terms && json.dataTreatment ? json : null;
}

/** GET /allowurl/?url=: true when no portal holds the URL. */
export async function urlIsFree(url: string, signal?: AbortSignal): Promise<boolean> {
  return (await httpClient<{ allowed: boolean }>('/allowurl/', { query: { url }, signal })).json.allowed;
}

/** A supporting document, uploaded under the wizard's upload session (sent back with the request). */
export const uploadRequestDocument = (file: File, uploadSession: string, onProgress: UploadProgress) =>
  uploadTo<UploadedFile>('/newsite/uploadfiles/', file, onProgress, { [UPLOAD_SESSION_HEADER]: uploadSession });

export async function submitRequest(body: Record<string, unknown>): Promise<{ id: number; siteId: number; kind: string }> {
  return (await httpClient<{ id: number; siteId: number; kind: string }>('/newsite/', { method: 'POST', body })).json;
}
