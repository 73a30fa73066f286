/** Reading the audit trail (GET /audit/): filters by user, resource and dates, newest first; and the users of its filter. */
import type { FastifyInstance } from 'fastify';
import type { AuditActor } from '../../resources/audit';
import type { ListSpec } from '../../resources/listQuery';
import { USER_TYPE } from '../db/schema';
import { spanishOrderSql } from '../db/textKey';
import { cachedListRows } from '../lists/listCache';
import { listLimit, listOrderBy, listPage, listWhere, readListQuery, SqlParams } from '../lists/listQuery';

/** GET /audit/: 20 per page, newest first; a bare date as `to` includes that whole day. */
export const auditListSpec: ListSpec = {
  defaultPageSize: 20,
  maxPageSize: 100,
  orders: { at: 'a.at', id: 'a.id' },
  defaultOrder: '-at',
  tieBreaker: 'a.id',
  filters: {
    id: { kind: 'in', type: 'int', min: 1, sql: 'a.id', description: 'Registros por id' },
    userId: { kind: 'eq', type: 'int', min: 1, sql: 'a.user_id', description: 'Id del usuario que actuó' },
    resource: { kind: 'eq', type: 'text', maxLength: 100, sql: 'a.resource', description: 'Recurso (p. ej. superadmins, auth, sitetypes)' },
    from: { kind: 'range', type: 'date', bound: 'from', sql: 'a.at', description: 'Desde (fecha u hora ISO 8601)' },
    to: { kind: 'range', type: 'date', bound: 'to', sql: 'a.at', description: 'Hasta (fecha ISO: incluye el día completo)' },
  },
};

const ACTOR_SEARCH = { kind: 'search', sql: ['u.name', 'u.email'], maxLength: 200, description: 'Texto buscado en el nombre o el correo' } as const;

/** GET /audit/actors/: a text search over name and e-mail (`search`, or react-admin's `q`), by name. */
export const auditActorListSpec: ListSpec = {
  defaultPageSize: 20,
  maxPageSize: 100,
  orders: { name: spanishOrderSql('u.name'), id: 'u.id' },
  defaultOrder: 'name',
  tieBreaker: 'u.id',
  filters: {
    id: { kind: 'in', type: 'int', min: 1, sql: 'u.id', description: 'Usuarios por id' },
    search: ACTOR_SEARCH,
    q: { ...ACTOR_SEARCH, description: 'Igual que search' },
  },
};

/** `dataVersion`: the request's (server/lists/listCache.ts), to answer from the list cache while it holds. */
export async function listAudit(app: FastifyInstance, rawQuery: unknown, dataVersion?: string | null) {
  const query = readListQuery(auditListSpec, rawQuery);
  const params = new SqlParams();
  const rows = await cachedListRows<Record<string, unknown>>(
    app.ctx.database,
    dataVersion,
    `select a.id, a.at, a.user_id as "userId", a.user_email as "userEmail", a.action, a.resource, a.record_id as "recordId",
            a.record_label as "recordLabel", a.before, a.after, host(a.client_address) as "clientAddress"
       from audit_log a ${listWhere(query, params)} ${listOrderBy(auditListSpec, query)} ${listLimit(query, params)}`,
    params.values,
  );
  const page = listPage(rows, query);
  return { ...page, results: page.results.map((row) => ({ ...row, id: Number(row.id) })) };
}

/**
 * The users offered by the audit screen's user filter: superadmins with at least one line in the
 * trail, searched by name or e-mail, by name. Needs only Settings (the screen's own access), not Users.
 */
export async function listAuditActors(app: FastifyInstance, rawQuery: unknown, dataVersion?: string | null) {
  const query = readListQuery(auditActorListSpec, rawQuery);
  const params = new SqlParams();
  const base = [`u.user_type_id = ${USER_TYPE.superadmin}`, 'exists (select 1 from audit_log a where a.user_id = u.id)'];
  const rows = await cachedListRows<AuditActor>(
    app.ctx.database,
    dataVersion,
    `select u.id, u.name, u.email from users u ${listWhere(query, params, base)}
      ${listOrderBy(auditActorListSpec, query)} ${listLimit(query, params)}`,
    params.values,
  );
  const page = listPage(rows, query);
  return { ...page, results: page.results.map((row) => ({ ...row, id: Number(row.id) })) };
}
