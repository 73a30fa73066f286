import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { concernsMatomo, matomoConfig, MatomoCallError, matomoSiteId, registerMatomoSite, updateMatomoSite, updateSiteCall } from './matomo';

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

describe('registering a new portal in Matomo', () => {
  const answers = (...bodies: Array<{ status?: number; body: unknown } | Error>) => {
    const calls: URLSearchParams[] = [];
    const fetchImpl = (async (_url: string, init: { body: URLSearchParams }) => {
      calls.push(init.body);
      const next = bodies.shift();
      if (!next) throw new Error('unexpected call');
      if (next instanceof Error) throw next;
      return new Response(JSON.stringify(next.body), { status: next.status ?? 200 });
    }) as unknown as typeof fetch;
    return { calls, fetchImpl };
  };

  it('reads the site id of either answer shape', () => {
    expect(matomoSiteId({ value: 7 })).toBe(7);
    expect(matomoSiteId([{ idsite: '12' }])).toBe(12);
    expect(matomoSiteId([])).toBeNull();
    expect(matomoSiteId({ value: 'x' })).toBeNull();
    expect(matomoSiteId({ value: 0 })).toBeNull();
  });

  it('uses the analytics site Matomo already has for the URL instead of adding another', async () => {
    const fake = answers({ body: [{ idsite: '9' }] });
    expect(await registerMatomoSite(config, site, fake.fetchImpl)).toBe(9);
    expect(fake.calls.map((call) => call.get('method'))).toEqual(['SitesManager.getSitesIdFromSiteUrl']);
    expect(fake.calls[0]!.get('url')).toBe('https://www.cali.gov.co');
  });

  it('adds the site with its name and every URL when there is none', async () => {
    const fake = answers({ body: [] }, { body: { value: 31 } });
    expect(await registerMatomoSite(config, site, fake.fetchImpl)).toBe(31);
    expect(Object.fromEntries(fake.calls[1]!)).toMatchObject({
      method: 'SitesManager.addSite',
      siteName: 'Alcaldía de Cali',
      'urls[0]': 'https://www.cali.gov.co',
      'urls[1]': 'https://cali.gov.co',
      token_auth: 'secreto',
    });
  });

  it('tells a temporary failure (no answer, 5xx) from a refusal (result error, 4xx, no id)', async () => {
    const failure = async (...bodies: Parameters<typeof answers>) => {
      const error = await registerMatomoSite(config, site, answers(...bodies).fetchImpl).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(MatomoCallError);
      return (error as InstanceType<typeof MatomoCallError>).temporary;
    };
    expect(await failure(new Error('ECONNREFUSED'))).toBe(true);
    expect(await failure({ status: 502, body: {} })).toBe(true);
    expect(await failure({ body: [] }, { body: { result: 'error', message: 'no' } })).toBe(false);
    expect(await failure({ status: 403, body: {} })).toBe(false);
    expect(await failure({ body: [] }, { body: { value: null } })).toBe(false);
  });
});
