import { describe, expect, it } from 'vitest';
import { INSTALLATION_STEPS, installationSteps, installerOutcome, profileOf, requestedAllowedUrl } from './rules';

describe('installation steps', () => {
  it('a site not installed goes through every step; an installed one only gets its administrators and the history line', () => {
    expect(installationSteps(false)).toEqual([...INSTALLATION_STEPS]);
    expect(installationSteps(false)).toEqual(['url', 'matomo', 'installer', 'administrators', 'finish']);
    expect(installationSteps(true)).toEqual(['administrators', 'finish']);
  });
});

describe('requestedAllowedUrl', () => {
  it("prefers the site's allowed URL, then detail.site.allowedUrl, then detail.allowedUrl", () => {
    expect(requestedAllowedUrl('https://sitio.gov.co', { site: { allowedUrl: 'https://otra.gov.co' } })).toBe('https://sitio.gov.co');
    expect(requestedAllowedUrl(null, { site: { allowedUrl: 'https://asistente.gov.co' }, allowedUrl: 'https://plana.gov.co' })).toBe('https://asistente.gov.co');
    expect(requestedAllowedUrl('', { allowedUrl: 'https://plana.gov.co' })).toBe('https://plana.gov.co');
  });

  it('normalises a comma list and refuses what is not an http(s) URL list', () => {
    expect(requestedAllowedUrl(null, { allowedUrl: ' https://a.gov.co , https://b.gov.co ' })).toBe('https://a.gov.co,https://b.gov.co');
    expect(requestedAllowedUrl(null, { allowedUrl: 'ftp://a.gov.co' })).toBeNull();
    expect(requestedAllowedUrl('no es url', null)).toBeNull();
    expect(requestedAllowedUrl(null, { site: 'x' })).toBeNull();
    expect(requestedAllowedUrl(null, [])).toBeNull();
    expect(requestedAllowedUrl(`https://${'a'.repeat(1000)}.gov.co`, { allowedUrl: 'https://corta.gov.co' })).toBe('https://corta.gov.co');
  });
});

describe('profileOf', () => {
  it('reads the legal representative with its full name, lower-case e-mail and gender id', () => {
    expect(
      profileOf({ name: ' Ana ', name2: 'María', lastName: 'Pérez', lastName2: '', email: 'Ana@Entidad.gov.co', gender: 'F' }, 'LegalRepresentative'),
    ).toEqual({ adminType: 'LegalRepresentative', name: 'Ana María Pérez', email: 'ana@entidad.gov.co', genderId: 1 });
  });

  it("reads the webmaster's prefixed fields (and the plain ones)", () => {
    expect(profileOf({ webMasterName: 'Luis', webMasterLastName: 'Rojas', webMasterEmail: 'luis@e.gov.co', webMasterGender: 'M' }, 'WebMaster')).toEqual({
      adminType: 'WebMaster',
      name: 'Luis Rojas',
      email: 'luis@e.gov.co',
      genderId: 0,
    });
    expect(profileOf({ name: 'Luis', email: 'luis@e.gov.co' }, 'WebMaster')).toMatchObject({ name: 'Luis', genderId: null });
  });

  it('answers null without a name or a plausible e-mail', () => {
    expect(profileOf({ name: 'Sin correo' }, 'WebMaster')).toBeNull();
    expect(profileOf({ email: 'a@b.co' }, 'WebMaster')).toBeNull();
    expect(profileOf({ name: 'X', email: 'no-es-correo' }, 'WebMaster')).toBeNull();
    expect(profileOf(null, 'LegalRepresentative')).toBeNull();
    expect(profileOf('texto', 'LegalRepresentative')).toBeNull();
  });
});

describe('installerOutcome', () => {
  it('2xx is installed, with the portal address when it gives a single valid URL', () => {
    expect(installerOutcome(200, { url: 'https://portal.gov.co' })).toEqual({ ok: true, url: 'https://portal.gov.co' });
    expect(installerOutcome(201, { url: 'javascript:alert(1)' })).toEqual({ ok: true, url: null });
    expect(installerOutcome(204, null)).toEqual({ ok: true, url: null });
    expect(installerOutcome(200, { url: `https://${'a'.repeat(200)}.gov.co` })).toEqual({ ok: true, url: null });
  });

  it('DataBaseIsAlreadyExists is permanent and keeps the installer message as plain text', () => {
    expect(installerOutcome(409, { code: 'DataBaseIsAlreadyExists', message: 'La base <b>x</b> ya existe' })).toEqual({
      ok: false,
      code: 'DataBaseIsAlreadyExists',
      temporary: false,
      message: 'La base x ya existe',
    });
    expect(installerOutcome(500, { code: 'DataBaseIsAlreadyExists' })).toMatchObject({ code: 'DataBaseIsAlreadyExists', temporary: false, message: null });
  });

  it('no answer, 5xx, 408 and 429 are temporary InstallerErrors; other statuses permanent', () => {
    expect(installerOutcome(null, null)).toEqual({ ok: false, code: 'InstallerError', temporary: true, message: null });
    for (const status of [500, 502, 503, 408, 429]) expect(installerOutcome(status, {})).toMatchObject({ code: 'InstallerError', temporary: true });
    for (const status of [400, 401, 403, 404, 409, 422, 302]) expect(installerOutcome(status, {})).toMatchObject({ code: 'InstallerError', temporary: false });
    expect(installerOutcome(400, { message: 'x'.repeat(400) })).toMatchObject({ message: 'x'.repeat(300) });
  });
});
