/**
 * Hand routes: protocol work (impersonation tokens signed for a portal, portal-key callers).
 *
 * The site detail (spec 01 §2 'Site detail', /portales/{id}) beside the site list's routes (server/routes/sites.ts):
 * 'Administrar' (the site itself, with its administrators, is the engine's `GET /sites/{id}`: resources/sites.ts) — `GET /sites/{id}/auth?reason=`
 * (Impersonate) signs a short-lived, single-use site token with the platform's published key (server/portal/siteTokens.ts)
 * and answers the portal's administration address; each token is a row of site_impersonations (who, which portal,
 * when, why) and a line of the audit trail. The portal verifies the token with /.well-known/jwks.json and redeems it
 * once with `POST /portal/impersonations/redeem` (its portal key). `GET /sites/{id}/impersonations` lists the last entries.
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { AREAS } from '../../resources/areas';
import { IMPERSONATION_REASON_MAX, IMPERSONATION_REASON_MIN } from '../../resources/impersonation';
import { writeAudit } from '../audit/audit';
import type { Db } from '../db/connection';
import { siteImpersonations, sites, users } from '../db/schema';
import { ApiError, badArgument, notFound } from '../http/errors';
import { idParam } from '../http/params';
import { apiRoute, currentPortal, currentUser } from '../http/route';
import { t } from '../i18n';
import { signSiteToken, verifySiteToken } from '../portal/siteTokens';
import { isActive } from '../sites/status';

/** Life of an impersonation token: minutes, not the session's quarter hour (docs/decisions/0014-site-detail-and-impersonation.md). */
export const IMPERSONATION_TTL_SECONDS = 120;
/** The token's purpose claim; portals check it. */
export const IMPERSONATION_PURPOSE = 'impersonate';
/** Where a portal receives the token: its administration entry, the token in the fragment (never sent in a request line). */
export const PORTAL_ADMIN_PATH = '/administrador/ingresar';
/** Entries shown by the detail. */
const RECENT_IMPERSONATIONS = 10;

/** Who opens the detail (spec 01 §2: Sites, Impersonate): the area table's row. */
const DETAIL_OPENERS = { permissions: AREAS['sites.detail'].permissions };
/** Spec 01 §6 'Impersonate: enter a site as its administrator'. */
const IMPERSONATORS = { permissions: ['Impersonate'] as const };

const siteIdParams = { type: 'object', properties: { id: { type: 'string', description: 'Id del portal' } } } as const;

/** The portal's address: its URL, or the first allowed URL (spec 01 §3 'allowedUrl … the first is shown'). */
export function portalBaseUrl(site: { url: string | null; allowedUrl: string | null }): string | null {
  const candidates = [site.url, ...(site.allowedUrl ?? '').split(',')].map((value) => (value ?? '').trim()).filter(Boolean);
  const found = candidates.find((value) => /^https?:\/\/[^\s/]+/i.test(value));
  return found ? found.replace(/\/+$/, '') : null;
}

/** The reason of an impersonation: required, 10 to 500 characters once trimmed (400 with `reason` as target). */
export function impersonationReason(raw: unknown): string {
  const reason = typeof raw === 'string' ? raw.trim() : '';
  if (reason.length < IMPERSONATION_REASON_MIN) throw badArgument('reason', 'siteDetail.server.reason_required');
  if (reason.length > IMPERSONATION_REASON_MAX) throw badArgument('reason', 'siteDetail.server.reason_too_long');
  return reason;
}

const impersonationTokenSchema = {
  type: 'object',
  properties: {
    token: { type: 'string', description: 'JWT ES256 de un solo uso (verificable con /.well-known/jwks.json; aud site:<id>, purpose impersonate)' },
    url: { type: 'string', description: 'Dirección de administración del portal, con el token en el fragmento' },
    expiresAt: { type: 'string', format: 'date-time' },
    jti: { type: 'string', format: 'uuid' },
  },
} as const;

const impersonationEntrySchema = {
  type: 'object',
  properties: {
    jti: { type: 'string', format: 'uuid' },
    userId: { type: 'integer' },
    userName: { type: 'string', nullable: true },
    userEmail: { type: 'string', nullable: true },
    reason: { type: 'string' },
    issuedAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: 'string', format: 'date-time' },
    usedAt: { type: 'string', format: 'date-time', nullable: true },
  },
} as const;

export function registerSiteDetailRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;

  apiRoute(app, {
    method: 'GET',
    url: '/sites/:id/auth',
    access: IMPERSONATORS,
    summary:
      'Administrar: token de sitio de un solo uso (2 minutos) y dirección de administración del portal; exige el motivo (reason, 10 a 500 caracteres), que queda en la auditoría',
    tags: ['Portales'],
    schema: {
      params: siteIdParams,
      querystring: {
        type: 'object',
        properties: { reason: { type: 'string', description: 'Motivo del ingreso (10 a 500 caracteres)' } },
      },
    },
    documentedResponses: { 200: impersonationTokenSchema },
    // 409: the site is not installed or not active (spec 01 §2 'needs … an installed, active site').
    errorResponses: [409],
    handler: async (request) => {
      const siteId = idParam(request);
      const user = currentUser(request);
      const reason = impersonationReason((request.query as { reason?: unknown }).reason);
      const eligible = async (db: Db, lock: boolean) => {
        const query = db
          .select({ name: sites.name, url: sites.url, allowedUrl: sites.allowedUrl, installed: sites.installed, statusId: sites.statusId })
          .from(sites)
          .where(and(eq(sites.id, siteId), eq(sites.isDeleted, false)));
        const [site] = lock ? await query.for('key share') : await query;
        if (!site) throw notFound();
        const base = portalBaseUrl(site);
        if (!isActive(site) || !base) throw new ApiError(409, 'SiteNotAvailable', t('siteDetail.server.not_available'));
        return { name: site.name, base };
      };
      await eligible(database.db, false);
      // Signed before the transaction: the signing key is read (and created once) outside it.
      const token = await signSiteToken(
        { database, config: app.ctx.config },
        { siteId, userId: user.id, purpose: IMPERSONATION_PURPOSE, ttlSeconds: IMPERSONATION_TTL_SECONDS },
      );
      const claims = decodeJwt(token);
      const jti = claims.jti!;
      const expiresAt = new Date(claims.exp! * 1000);
      return database.db.transaction(async (tx) => {
        // Still there and active, and kept so until the entry is recorded.
        const site = await eligible(tx, true);
        await tx.insert(siteImpersonations).values({ jti, siteId, userId: user.id, reason, expiresAt });
        // The trail: who entered which portal, when (the line's time) and why; never the token itself.
        await writeAudit(tx, request, {
          action: 'impersonate',
          resource: 'sites',
          recordId: siteId,
          recordLabel: site.name,
          after: { reason, jti, expiresAt: expiresAt.toISOString() },
        });
        return { token, url: `${site.base}${PORTAL_ADMIN_PATH}#token=${token}`, expiresAt: expiresAt.toISOString(), jti };
      });
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/sites/:id/impersonations',
    access: DETAIL_OPENERS,
    summary: 'Últimos ingresos como administrador al portal (quién, cuándo, por qué y si el token se usó)',
    tags: ['Portales'],
    schema: { params: siteIdParams },
    documentedResponses: { 200: { type: 'object', properties: { results: { type: 'array', items: impersonationEntrySchema } } } },
    handler: async (request) => {
      const siteId = idParam(request);
      const [site] = await database.db.select({ id: sites.id }).from(sites).where(and(eq(sites.id, siteId), eq(sites.isDeleted, false)));
      if (!site) throw notFound();
      const rows = await database.db
        .select({
          jti: siteImpersonations.jti,
          userId: siteImpersonations.userId,
          userName: users.name,
          userEmail: users.email,
          reason: siteImpersonations.reason,
          issuedAt: siteImpersonations.issuedAt,
          expiresAt: siteImpersonations.expiresAt,
          usedAt: siteImpersonations.usedAt,
        })
        .from(siteImpersonations)
        .leftJoin(users, eq(users.id, siteImpersonations.userId))
        .where(eq(siteImpersonations.siteId, siteId))
        .orderBy(desc(siteImpersonations.issuedAt), desc(siteImpersonations.jti))
        .limit(RECENT_IMPERSONATIONS);
      return {
        results: rows.map((row) => ({
          ...row,
          issuedAt: row.issuedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          usedAt: row.usedAt ? row.usedAt.toISOString() : null,
        })),
      };
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/portal/impersonations/redeem',
    access: 'portal',
    summary: 'El portal canjea un token de administración (una sola vez): responde quién entra y por qué',
    tags: ['API de portales'],
    schema: { body: { type: 'object', properties: { token: { type: 'string' } } } },
    documentedResponses: { 200: impersonationEntrySchema },
    handler: async (request) => {
      const { siteId } = currentPortal(request);
      const token = (request.body as { token?: unknown } | undefined)?.token;
      const refused = () => badArgument('token', 'siteDetail.server.token_invalid');
      if (typeof token !== 'string' || token.length > 4096) throw refused();
      const claims = await verifySiteToken({ database, config: app.ctx.config }, token, siteId);
      if (!claims || claims.purpose !== IMPERSONATION_PURPOSE || typeof claims.jti !== 'string') throw refused();
      // One use: only the first conditional update finds the row unused (and unexpired).
      const [used] = await database.db
        .update(siteImpersonations)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(siteImpersonations.jti, claims.jti),
            eq(siteImpersonations.siteId, siteId),
            isNull(siteImpersonations.usedAt),
            gt(siteImpersonations.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!used) throw refused();
      const [user] = await database.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, used.userId));
      return {
        jti: used.jti,
        userId: used.userId,
        userName: user?.name ?? null,
        userEmail: user?.email ?? null,
        reason: used.reason,
        issuedAt: used.issuedAt.toISOString(),
        expiresAt: used.expiresAt.toISOString(),
        usedAt: used.usedAt!.toISOString(),
      };
    },
  });
}
