/**
 * GET /allowurl/?url= (spec 01 §7 'URL availability'): whether a URL (or a comma list, as `allowedUrl` holds) can be
 * a new site's domain: none of its domains (resources/siteRules.ts `domainKey`) is held by a site. Public (the
 * public request wizard asks it before sign-in) and rate-limited per client address; the answer says only
 * available or not, never which site holds the domain.
 */
import type { FastifyInstance } from 'fastify';
import { allowedUrlsValid, domainKeys } from '../../resources/siteRules';
import { badArgument } from '../http/errors';
import { apiRoute } from '../http/route';
import { t } from '../i18n';
import { domainHeldElsewhere } from './domains';

/** Requests per client address and minute: a form checks on blur, a script cannot enumerate the domains. */
export const ALLOW_URL_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

export function registerAllowUrlRoute(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'GET',
    url: '/allowurl/',
    access: 'public',
    summary: 'Disponibilidad de una URL (o varias separadas por comas) como dominio de un portal nuevo',
    tags: ['Portales'],
    rateLimit: ALLOW_URL_RATE_LIMIT,
    schema: {
      querystring: {
        type: 'object',
        properties: { url: { type: 'string', description: 'URL completa (http:// o https://); varias, separadas por comas' } },
      },
    },
    documentedResponses: {
      200: {
        type: 'object',
        properties: {
          allowed: { type: 'boolean', description: 'true: ningún portal usa este dominio' },
          message: { type: 'string', description: "'La Url está disponible' o 'La Url que intentas usar ya se encuentra en uso'" },
        },
      },
    },
    handler: async (request) => {
      const url = (request.query as { url?: unknown }).url;
      if (typeof url !== 'string' || url.length > 200 || !allowedUrlsValid(url)) throw badArgument('url', 'validation.site.allowed_url');
      const held = await domainHeldElsewhere(app.ctx.database.db, domainKeys(url), null);
      return held === null
        ? { allowed: true, message: t('sites.server.url_available') }
        : { allowed: false, message: t('sites.server.url_used') };
    },
  });
}
