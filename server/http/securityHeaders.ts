/**
 * Security headers on every answer (API, errors, 404s, static files, the admin's index): a strict
 * Content-Security-Policy built from the configuration, X-Content-Type-Options, Referrer-Policy,
 * X-Frame-Options, HSTS on https, through helmet; Permissions-Policy, which helmet does not set, by a hook.
 * helmet's middleware is built once, at start: @fastify/helmet built it anew for every request (its options parsed
 * again each time), 13% of the main thread's time under load (docs/decisions/0021-security-headers-and-api-reference.md).
 */
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

export type CspDirectives = Record<string, string[]>;

/**
 * The origin a CSP source list needs for a URL or a URL template: `https://{s}.tile.example.org/{z}/{x}/{y}.png`
 * gives `https://*.tile.example.org` (a placeholder in the first host label becomes the wildcard). Null when
 * there is nothing to add (no URL, a relative one already covered by 'self') or when CSP cannot express it
 * (a placeholder further right in the host, a scheme other than http(s)).
 */
export function sourceOrigin(url: string | undefined): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(url?.trim() ?? '');
  if (!match) return null;
  const scheme = match[1]!.toLowerCase();
  const authority = match[2]!.slice(match[2]!.lastIndexOf('@') + 1);
  const hostPort = /^(\[[0-9a-f:.]+\]|[^:]+)(?::(\d+))?$/i.exec(authority);
  if (!hostPort) return null;
  const port = hostPort[2] ? `:${hostPort[2]}` : '';
  const labels = hostPort[1]!.toLowerCase().split('.');
  const hasPlaceholder = (label: string) => /[{}]/.test(label);
  if (labels.slice(1).some(hasPlaceholder)) return null;
  if (hasPlaceholder(labels[0]!)) {
    if (labels.length < 3) return null; // `{s}.example` would allow a whole top-level domain
    labels[0] = '*';
  }
  const host = labels.join('.');
  if (!/^(\*\.)?(\[[0-9a-f:.]+\]|[a-z0-9-]+(\.[a-z0-9-]+)*)$/.test(host)) return null;
  return `${scheme}://${host}${port}`;
}

function withOrigins(base: string[], ...origins: (string | null)[]): string[] {
  return [...new Set([...base, ...origins.filter((origin): origin is string => origin !== null)])];
}

/**
 * The Content-Security-Policy: only the admin's own scripts (no inline script), styles inline too because
 * MUI/emotion writes style tags at run time, images from the tile server (TILE_URL) and Matomo (MATOMO_URL),
 * Matomo reachable by fetch and as an embedded frame, never framed itself.
 */
export function contentSecurityPolicy(options: { tileUrl?: string; matomoUrl?: string; https: boolean }): CspDirectives {
  const tiles = sourceOrigin(options.tileUrl);
  const matomo = sourceOrigin(options.matomoUrl);
  const directives: CspDirectives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': withOrigins(["'self'", 'data:', 'blob:'], tiles, matomo),
    'font-src': ["'self'", 'data:'],
    'connect-src': withOrigins(["'self'"], matomo),
    'frame-src': withOrigins(["'self'"], matomo),
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  if (options.https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Browser features the admin never uses, switched off for it and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** helmet's options for this configuration: HSTS only when the public address is https. */
export function helmetOptions(config: Pick<ServerConfig, 'publicUrl' | 'tileUrl' | 'matomoUrl'>): HelmetOptions {
  const https = config.publicUrl.toLowerCase().startsWith('https:');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy({ tileUrl: config.tileUrl, matomoUrl: config.matomoUrl, https }),
    },
    // Not no-referrer: tile servers such as OpenStreetMap's require a Referer from web pages.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/** Registers the headers on `app`; call before any other hook so that refused requests carry them too. */
export async function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const setHeaders = helmet(helmetOptions(config));
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)));
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    done(null, payload);
  });
}
