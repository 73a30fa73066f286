import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { concernsMatomo, matomoConfig, updateMatomoSite, updateSiteCall } from './matomo';

const config = { url: 'https://analitica.gov.co', token: 'secreto' };
const site = { piwikId: 7, name: 'Alcaldía de Cali', allowedUrl: 'https://www.cali.gov.co, https://cali.gov.co' };

describe('Matomo client', () => {
  it('is configured only with both the address and the token', () => {
    expect(matomoConfig({ matomoUrl: 'https://analitica.gov.co/', matomoToken: 'x' })).toEqual({ url: 'https://analitica.gov.co', token: 'x' });
    expect(matomoConfig({ matomoUrl: 'https://analitica.gov.co', matomoToken: undefined })).toBeNull();
    expect(matomoConfig({ matomoUrl: undefined, matomoToken: 'x' })).toBeNull();
  });

  it('posts SitesManager.updateSite with the name, each URL and the token in the body', () => {
    const call = updateSiteCall(config, site);
    expect(call.url).toBe('https://analitica.gov.co/index.php');
    expect(Object.fromEntries(call.body)).toEqual({
      module: 'API',
      method: 'SitesManager.updateSite',
      format: 'JSON',
      idSite: '7',
      siteName: 'Alcaldía de Cali',
      'urls[0]': 'https://www.cali.gov.co',
      'urls[1]': 'https://cali.gov.co',
      token_auth: 'secreto',
    });
  });

  it('concerns Matomo only for a site with piwikId whose name or domains change', () => {
    expect(concernsMatomo(site, { ...site, name: 'Otro' })).toBe(true);
    expect(concernsMatomo(site, { ...site, allowedUrl: 'https://cali.gov.co' })).toBe(true);
    expect(concernsMatomo(site, { ...site })).toBe(false);
    expect(concernsMatomo({ ...site, piwikId: null as never }, { ...site, piwikId: null as never, name: 'Otro' })).toBe(false);
    expect(concernsMatomo(null, site)).toBe(false);
  });

  it('turns every failure into a PiwikError', async () => {
    const answer = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;
    await expect(updateMatomoSite(config, site, answer(200, { result: 'success', message: 'ok' }))).resolves.toBeUndefined();
    for (const fetchImpl of [
      answer(200, { result: 'error', message: 'You can\'t access this resource' }),
      answer(500, {}),
      (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    ]) {
      const error = await updateMatomoSite(config, site, fetchImpl).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ statusCode: 502, code: 'PiwikError', message: 'No fue posible realizar la actualización del sitio en Matomo' });
    }
  });
});
