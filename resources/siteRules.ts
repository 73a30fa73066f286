/**
 * The site form's pure rules (spec 01 §5 'Site form'), shared by the declaration's schema (browser and server) and
 * the sites service (server/resources/services/sites.ts): the allowed domains of `allowedUrl` and their keys.
 */
import { URL_PATTERN } from './fieldKinds';

/** `allowedUrl` is a comma-separated list of full http(s) URLs (spec 01 §3); the first one is the one shown. */
export function splitAllowedUrls(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Every part of `allowedUrl` is a full http or https URL with a host. */
export function allowedUrlsValid(text: string | null | undefined): boolean {
  const parts = splitAllowedUrls(text);
  return parts.length > 0 && parts.every((part) => URL_PATTERN.test(part) && domainKey(part) !== null);
}

/**
 * The key a domain is unique by (one row of `site_domains`): the URL's host in lower case, without a leading `www.`
 * nor a trailing dot, port and path ignored (`https://WWW.Cali.gov.co/x` and `http://cali.gov.co` are the same
 * domain). `null` when the text is not an http(s) URL with a host.
 */
export function domainKey(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
  return host === '' ? null : host;
}

/** The distinct domain keys of an `allowedUrl` list, in order (invalid parts left out). */
export function domainKeys(text: string | null | undefined): string[] {
  const keys: string[] = [];
  for (const part of splitAllowedUrls(text)) {
    const key = domainKey(part);
    if (key !== null && !keys.includes(key)) keys.push(key);
  }
  return keys;
}
