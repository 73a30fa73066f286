/** Telling API paths from the admin's pages in the not-found handler, whatever the spelling of the URL. */
import path from 'node:path';

const underApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/**
 * Whether a raw request URL names something under /api, spelt as the router would read it (any case,
 * doubled slashes, percent-encoded letters) or once its dot segments are resolved: such a path answers a
 * JSON 404, never the admin's page.
 */
export function isApiPath(rawUrl: string): boolean {
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '';
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // Malformed percent-encoding: judge the text as it is.
  }
  const slashed = `/${decoded.replaceAll('\\', '/')}`.replace(/\/{2,}/g, '/').toLowerCase();
  return underApi(slashed) || underApi(path.posix.normalize(slashed));
}
