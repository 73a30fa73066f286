/**
 * Hand routes: protocol work (single-use download tokens and the streamed zip download).
 *
 * Backup downloads (spec 01 §2 '/descargar-backup/{hash}', §7 'GET /download/{x}/token, then GET /download/{hash}?token='):
 * `GET /api/v1/download/{id}/token` (Sites) issues a single-use token valid for BACKUP_TOKEN_MINUTES for a ready backup;
 * `GET /download/{hash}?token=` (outside /api/v1, as the spec writes it) streams the zip once for that token. Without a
 * token `/download/{hash}` is the admin's page (the built index.html) that asks for one; with a used, expired or unknown
 * token it answers 410 'Este archivo ya no se encuentra para descarga' (a browser's navigation gets that page with the
 * 410, which shows the message). The token route takes the backup's id or its download hash. Each download is audited.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SITES } from '../../resources/areas';
import { writeAuditAs } from '../audit/audit';
import { backupFileName, backupKey, downloadAllowed, wantsPage } from '../backups/rules';
import { backupStorageKey } from '../backups/zip';
import { fileStorageOf } from '../files';
import { clientAddress } from '../http/clientAddress';
import { adminPage } from '../http/adminFiles';
import { ApiError, notFound } from '../http/errors';
import { textParam } from '../http/params';
import { apiRoute, currentUser } from '../http/route';
import { t } from '../i18n';
import '../backups/job';
import { queryRows } from '../db/rows';

/** Minutes a download token stays valid (it is spent by the first download). */
export const BACKUP_TOKEN_MINUTES = 10;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const gone = () => new ApiError(410, 'Gone', t('backups.errors.gone'));

export function registerBackupRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;

  apiRoute(app, {
    method: 'GET',
    url: '/download/:id/token',
    access: { permissions: SITES },
    summary: 'Token de un solo uso para descargar una copia de seguridad lista (vence en minutos)',
    tags: ['Copias de seguridad'],
    schema: {
      params: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'string', maxLength: 64, description: 'El id de la copia de seguridad o su código de descarga (downloadHash)' } },
      },
    },
    errorResponses: [409, 410],
    documentedResponses: {
      200: {
        type: 'object',
        properties: {
          token: { type: 'string' },
          hash: { type: 'string' },
          url: { type: 'string', description: 'Dirección de la descarga: /download/{hash}?token=' },
          expiresIn: { type: 'integer', description: 'Segundos de validez' },
        },
      },
    },
    handler: async (request) => {
      // The detail asks by id, the download page (/descargar-backup/{hash}) by the backup's download hash.
      const key = backupKey(textParam(request, 'id'));
      if (!key) throw notFound();
      const user = currentUser(request);
      const [backup] = await database.query<{ id: number; status: string; download_hash: string; expires_at: Date | string | null }>(
        `select id, status, download_hash, expires_at from backups where ${key.by === 'id' ? 'id = $1' : 'download_hash = $1'}`,
        [key.value],
      );
      if (!backup) throw notFound();
      // Past its retention (zip deleted, or about to be by the next sweep): the file is gone, as a spent link says.
      if (backup.status === 'expired' || (backup.status === 'ready' && backup.expires_at && new Date(backup.expires_at).getTime() <= Date.now())) throw gone();
      if (backup.status !== 'ready') throw new ApiError(409, 'Conflict', t('backups.errors.not_ready'));
      const token = randomBytes(32).toString('base64url');
      await database.query(
        `insert into backup_download_tokens (token_hash, backup_id, created_by, expires_at) values ($1, $2, $3, now() + make_interval(mins => $4))`,
        [sha256(token), backup.id, user.id, BACKUP_TOKEN_MINUTES],
      );
      return { token, hash: backup.download_hash, url: `/download/${backup.download_hash}?token=${token}`, expiresIn: BACKUP_TOKEN_MINUTES * 60 };
    },
  });

  app.route({
    method: 'GET',
    url: '/download/:hash',
    config: {
      access: 'public',
      openapi: {
        errorResponses: [410],
        documentedResponses: {
          200: {
            description: 'El zip de la copia de seguridad (con token); sin token, la página HTML del administrador',
            content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    schema: {
      summary: 'Descarga de una copia de seguridad con su token (un solo uso); sin token, la página de descarga del administrador',
      tags: ['Copias de seguridad'],
      description: 'Acceso: public (el token es la credencial)',
      operationId: 'getDownloadByHash',
      security: [],
      params: { type: 'object', required: ['hash'], properties: { hash: { type: 'string', maxLength: 64 } } },
      querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 100 } } },
    },
    handler: async (request, reply) => {
      const hash = textParam(request, 'hash');
      const { token } = request.query as { token?: string };
      // A browser that opened a spent link gets the admin's page with the 410 (it shows 'Este archivo ya no se
      // encuentra para descarga' and leads to /portales); any other client gets the envelope.
      const refuse = () => {
        const page = wantsPage(request.headers.accept) ? adminPage(app) : null;
        if (!page) throw gone();
        return reply.status(410).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
      };
      // No token: the admin's page /download/{hash} (the same as /descargar-backup/{hash}), when the admin is served.
      if (!token) {
        const page = adminPage(app);
        if (!page) throw notFound();
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
      }
      const [row] = await database.query<{
        backup_id: number;
        site_id: number | null;
        site_name: string;
        status: string;
        creation_date: Date | string;
        expires_at: Date | string | null;
        token_expires_at: Date | string;
        used_at: Date | string | null;
        created_by: number | null;
      }>(
        `select b.id as backup_id, b.site_id, b.site_name, b.status, b.creation_date, b.expires_at,
                k.expires_at as token_expires_at, k.used_at, k.created_by
           from backup_download_tokens k join backups b on b.id = k.backup_id
          where k.token_hash = $1 and b.download_hash = $2`,
        [sha256(token), hash],
      );
      const date = (value: Date | string | null) => (value === null ? null : new Date(value));
      const allowed =
        row &&
        downloadAllowed({ status: row.status, expiresAt: date(row.expires_at), tokenExpiresAt: date(row.token_expires_at)!, tokenUsedAt: date(row.used_at) }, new Date());
      if (!allowed) return refuse();
      // Spent here, once: of two simultaneous downloads with one token only one finds it unused.
      const spent = await database.db.transaction(async (tx) => {
        const rows = await queryRows(tx, sql`update backup_download_tokens set used_at = now() where token_hash = ${sha256(token)} and used_at is null returning token_hash`);
        if (rows.length === 0) return false;
        await writeAuditAs(
          tx,
          { actor: { id: row.created_by, email: null }, address: clientAddress(request) },
          { action: 'download', resource: 'backups', recordId: row.backup_id, recordLabel: row.site_name },
        );
        return true;
      });
      if (!spent) return refuse();
      const storage = fileStorageOf(app.ctx);
      const key = backupStorageKey(row.backup_id);
      const [stat, content] = [await storage.stat(key), await storage.get(key)];
      if (!stat || !content) return refuse();
      const name = backupFileName(row.site_name, new Date(row.creation_date));
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(stat.size))
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(content);
    },
  });
}
