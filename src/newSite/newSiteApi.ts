/** The public calls of the request wizard (spec 01 §7; server/newSite/routes.ts): no session needed. */
import { httpClient } from '../../dataProvider/httpClient';
import { uploadTo, type UploadedFile, type UploadProgress } from '../../dataProvider/upload';
import type { WizardSite } from '../../resources/newSiteRequest';

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

export const fetchDepartments = async () => (await httpClient<Named[]>('/newsite/locations/')).json;
export const fetchMunicipalities = async (parentLocationId: number) =>
  (await httpClient<Named[]>('/newsite/locations/', { query: { parentLocationId } })).json;
export const fetchSiteTypes = async () => (await httpClient<SiteTypeOption[]>('/newsite/sitetypes/')).json;
export const fetchSites = async (locationId: number, siteTypeId: number) =>
  (await httpClient<WizardSite[]>('/newsite/sites/', { query: { locationId, siteTypeId } })).json;
export const fetchTerms = async () => (await httpClient<RequestTerms>('/newsite/terms/')).json;

/** GET /allowurl/?url=: true when no portal holds the URL. */
export async function urlIsFree(url: string, signal?: AbortSignal): Promise<boolean> {
  return (await httpClient<{ allowed: boolean }>('/allowurl/', { query: { url }, signal })).json.allowed;
}

export const uploadRequestDocument = (file: File, onProgress: UploadProgress) => uploadTo<UploadedFile>('/newsite/uploadfiles/', file, onProgress);

export async function submitRequest(body: Record<string, unknown>): Promise<{ id: number; siteId: number; kind: string }> {
  return (await httpClient<{ id: number; siteId: number; kind: string }>('/newsite/', { method: 'POST', body })).json;
}
