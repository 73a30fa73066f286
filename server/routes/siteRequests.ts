/**
 * `GET /siterequests/administrator/{id}` (spec 01 §7): the administrator profile of a site request in the spec's shape
 * (spec 01 §3: the legal representative's fields, the webmaster's prefixed `webMaster`, and the request's files), for
 * the detail's Solicitudes tab. Access: reading requests (resources/siteRequests.ts, Sites). Approving and rejecting
 * are the declaration's `changeStatus` action (server/resources/services/siteRequests.ts).
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { siteRequestsResource } from '../../resources/siteRequests';
import { administratorProfile, PROFILE_FIELDS, requestFileIds, webMasterKey } from '../../resources/siteRequestRules';
import { files } from '../db/schema';
import { notFound } from '../http/errors';
import { apiRoute } from '../http/route';
import { resourceAccess } from '../resources/access';
import { queryRows } from '../db/rows';

const profileText = { type: 'string' } as const;

const administratorProfileSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    siteId: { type: 'integer' },
    kind: { type: 'string', enum: ['FirstTime', 'ChangeAdmin', 'UserMade'] },
    status: { type: 'string', enum: ['PendingApproval', 'Approved', 'Rejected'] },
    ...Object.fromEntries(PROFILE_FIELDS.flatMap((field) => [[field, profileText], [webMasterKey(field), profileText]])),
    files: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          fileID: { type: 'string', nullable: true },
          name: { type: 'string' },
          filePath: { type: 'string', nullable: true },
          owner: { type: 'string', nullable: true, enum: ['legalRepresentative', 'webMaster', null] },
        },
      },
    },
  },
} as const;

interface RequestRow {
  id: number;
  site_id: number;
  kind: string;
  status: string;
  legal_representative: unknown;
  web_master: unknown;
  detail: unknown;
}

export function registerSiteRequestRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;

  apiRoute(app, {
    method: 'GET',
    url: '/siterequests/administrator/:id',
    access: resourceAccess(siteRequestsResource.permissions.read),
    summary: 'Perfil del administrador de una solicitud: representante legal, webmaster (campos con prefijo webMaster) y archivos',
    tags: [siteRequestsResource.name],
    schema: { params: { type: 'object', properties: { id: { type: 'string', description: 'Id de la solicitud' } } } },
    documentedResponses: { 200: administratorProfileSchema },
    handler: async (request) => {
      const text = (request.params as { id: string }).id;
      if (!/^\d{1,9}$/.test(text)) throw notFound();
      const [row] = await queryRows<RequestRow>(
        database.db,
        sql`select r.id, r.site_id, r.kind, r.status, r.legal_representative, r.web_master, r.detail
          from site_requests r join sites s on s.id = r.site_id where r.id = ${Number(text)}`,
      );
      if (!row) throw notFound();
      const ids = requestFileIds(row.detail).filter((id) => /^[0-9a-f-]{36}$/i.test(id));
      const stored = ids.length > 0 ? await database.db.select({ id: files.id, name: files.name }).from(files).where(inArray(files.id, ids)) : [];
      return administratorProfile(
        {
          id: Number(row.id),
          siteId: Number(row.site_id),
          kind: row.kind,
          status: row.status,
          legalRepresentative: row.legal_representative,
          webMaster: row.web_master,
          detail: row.detail,
        },
        new Map(stored.map((file) => [file.id, file.name])),
      );
    },
  });
}
