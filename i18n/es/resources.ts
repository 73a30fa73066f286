/**
 * Every resource text (the server's, the tests'): the signed-in part's (signedInResources.ts) and the site requests'
 * approve/reject texts, which only the site detail shows (the browser's detail part: i18n/es/detail.ts). The browser
 * imports each file with its part, never this join.
 */
import { signedInResources } from './signedInResources';
import { siteDetailResourceTexts } from './siteDetailResources';
import { siteRequests } from './siteRequests';

export const resources = {
  ...signedInResources,
  siterequests: { ...siteDetailResourceTexts.siterequests, ...siteRequests },
} as const;
