import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, helmetOptions, sourceOrigin } from './securityHeaders';

describe('sourceOrigin', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['https://tiles-{s}.example.gov.co/{z}/{x}/{y}{r}.png', 'https://*.example.gov.co'],
    ['HTTPS://Tiles.Example.ORG:8443/{z}/{x}/{y}.png?key=abc', 'https://tiles.example.org:8443'],
    ['http://user:secret@matomo.example.org/', 'http://matomo.example.org'],
    ['https://analitica.portales.gov.co/matomo/', 'https://analitica.portales.gov.co'],
    ['http://127.0.0.1:8081/tiles/{z}/{x}/{y}.png', 'http://127.0.0.1:8081'],
    ['http://[::1]:8081/tiles/{z}/{x}/{y}.png', 'http://[::1]:8081'],
    // Nothing to add: absent, relative (already 'self'), not http(s).
    [undefined, null],
    ['', null],
    ['/tiles/{z}/{x}/{y}.png', null],
    ['ftp://tiles.example.org/{z}.png', null],
    // CSP cannot express these: a wildcard only stands for the leftmost label, and never for a whole domain.
    ['https://tiles.{s}.example.org/{z}/{x}/{y}.png', null],
    ['https://{s}.org/{z}/{x}/{y}.png', null],
    ["https://tiles.example.org';script-src *", null],
  ])('%s → %s', (url, expected) => {
    expect(sourceOrigin(url)).toBe(expected);
  });
});

describe('contentSecurityPolicy', () => {
  it('is strict by default: own scripts only, never framed, no plugins', () => {
    const csp = contentSecurityPolicy({ https: false });
    expect(csp).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    });
    expect(JSON.stringify(csp)).not.toContain('unsafe-eval');
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
  });

  it('allows the tile server for images and Matomo for images, requests and frames', () => {
    const csp = contentSecurityPolicy({
      https: false,
      tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      matomoUrl: 'https://analitica.portales.gov.co/',
    });
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org', 'https://analitica.portales.gov.co']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://analitica.portales.gov.co']);
    expect(csp['frame-src']).toEqual(["'self'", 'https://analitica.portales.gov.co']);
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it('upgrades insecure requests only when served over https', () => {
    expect(contentSecurityPolicy({ https: true })['upgrade-insecure-requests']).toEqual([]);
    expect(contentSecurityPolicy({ https: false })).not.toHaveProperty('upgrade-insecure-requests');
  });
});

describe('helmetOptions', () => {
  const base = { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', matomoUrl: undefined };

  it('sends HSTS only when the public address is https', () => {
    expect(helmetOptions({ ...base, publicUrl: 'https://admin.portales.gov.co' }).hsts).toEqual({ maxAge: 31_536_000, includeSubDomains: true });
    expect(helmetOptions({ ...base, publicUrl: 'http://127.0.0.1:8080' }).hsts).toBe(false);
  });

  it('keeps a referrer for the tile server and refuses framing', () => {
    const options = helmetOptions({ ...base, publicUrl: 'http://127.0.0.1:8080' });
    expect(options.referrerPolicy).toEqual({ policy: 'strict-origin-when-cross-origin' });
    expect(options.frameguard).toEqual({ action: 'deny' });
  });
});
