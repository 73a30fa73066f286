/**
 * The audit trail (docs/decisions.md 'Audit trail'): GET /audit/ and the users of its filter
 * (GET /audit/actors/), both with the screen's own access (Settings), so the screen works for
 * everyone who can open it.
 */
import type { FastifyInstance } from 'fastify';
import { auditActorListSpec, auditListSpec, listAudit, listAuditActors } from '../auth/auditLog';
import { apiRoute } from '../http/route';
import { listEnvelopeSchema } from '../resources/openapi';
import { listQuerySchema } from '../lists/listQuery';
import { auditResource } from '../../resources/audit';
import { registerListExport, type ExportColumn } from '../exports/listExport';
import { listOrderBy, listWhere } from '../lists/listQuery';

/** Who opens /configuracion/auditoria: every call the screen makes needs exactly that. */
const SCREEN_ACCESS = { permissions: auditResource.routeAccess };

/** A line of the trail (documented only: resources/audit.ts AuditRecord). */
const auditLineSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    at: { type: 'string', format: 'date-time', description: 'Cuándo' },
    userId: { type: 'integer', nullable: true, description: 'Quién actuó' },
    userEmail: { type: 'string', nullable: true, description: 'Correo de quien actuó, en ese momento' },
    action: { type: 'string', description: 'Acción (create, update, delete, soft_delete, login…)' },
    resource: { type: 'string', description: 'Recurso' },
    recordId: { type: 'string', nullable: true, description: 'Registro afectado' },
    recordLabel: { type: 'string', nullable: true, description: 'Nombre del registro en ese momento' },
    before: { type: 'object', nullable: true, additionalProperties: true, description: 'Registro antes del cambio' },
    after: { type: 'object', nullable: true, additionalProperties: true, description: 'Registro después del cambio' },
    clientAddress: { type: 'string', nullable: true, description: 'Dirección IP de origen' },
  },
} as const;

const actorSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } },
} as const;

type AuditExportRow = { id: string; at: Date; userEmail: string | null; action: string; resource: string; recordId: string | null; recordLabel: string | null; clientAddress: string | null };

/** The lines of the trail in the file: the screen's columns (the before/after records stay on the screen). */
const auditExportColumns: ExportColumn<AuditExportRow>[] = [
  { key: 'id', headerKey: 'resources.audit.fields.id', value: (row) => Number(row.id), width: 10 },
  { key: 'at', headerKey: 'resources.audit.fields.at', value: (row) => new Date(row.at), width: 20 },
  { key: 'userEmail', headerKey: 'resources.audit.fields.userEmail', width: 30 },
  { key: 'action', headerKey: 'resources.audit.fields.action', width: 14 },
  { key: 'resource', headerKey: 'resources.audit.fields.resource', width: 16 },
  { key: 'recordId', headerKey: 'resources.audit.fields.recordId', width: 12 },
  { key: 'recordLabel', headerKey: 'resources.audit.fields.recordLabel', width: 30 },
  { key: 'clientAddress', headerKey: 'resources.audit.fields.clientAddress', width: 16 },
];

export function registerAuditRoutes(app: FastifyInstance): void {
  registerListExport<AuditExportRow>(app, {
    url: '/audit/export',
    access: SCREEN_ACCESS,
    summary: 'Descarga del registro de auditoría (CSV o XLSX) con los mismos filtros que /audit/, todas las filas, en streaming',
    tags: ['Auditoría'],
    spec: auditListSpec,
    sql: (query, batch) =>
      `select a.id, a.at, a.user_email as "userEmail", a.action, a.resource, a.record_id as "recordId", a.record_label as "recordLabel",
              host(a.client_address) as "clientAddress", ${batch.keys}
         from audit_log a ${listWhere(query, batch.params, batch.after)} ${listOrderBy(auditListSpec, query)} ${batch.limit}`,
    columns: auditExportColumns,
    fileNameKey: 'exports.files.audit',
  });

  apiRoute(app, {
    method: 'GET',
    url: '/audit/',
    access: SCREEN_ACCESS,
    summary: 'Registro de auditoría: quién cambió qué, cuándo y desde dónde (más reciente primero)',
    tags: ['Auditoría'],
    schema: { querystring: listQuerySchema(auditListSpec) },
    documentedResponses: { 200: listEnvelopeSchema(auditLineSchema) },
    handler: async (request) => listAudit(app, request.query, request.dataVersion),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/audit/actors/',
    access: SCREEN_ACCESS,
    summary: 'Usuarios del filtro de auditoría: superadministradores con registros en la auditoría, por nombre o correo',
    tags: ['Auditoría'],
    schema: { querystring: listQuerySchema(auditActorListSpec) },
    documentedResponses: { 200: listEnvelopeSchema(actorSchema) },
    handler: async (request) => listAuditActors(app, request.query, request.dataVersion),
  });
}
