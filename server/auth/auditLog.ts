/** Reading the audit trail (GET /audit/): filters by user, resource and dates, newest first. */
import type { FastifyInstance } from 'fastify';
import { auditActorsFilterSchema, auditFilterSchema, type AuditActor } from '../../resources/audit';
import { USER_TYPE } from '../db/schema';
import { likePattern } from './superadminStore';

/** A `to` given as a bare date (YYYY-MM-DD) includes that whole day. */
export function isBareDate(value: unknown): boolean {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim());
}

export async function listAudit(app: FastifyInstance, query: unknown) {
  const raw = (query ?? {}) as Record<string, unknown>;
  const filter = await auditFilterSchema.validate(raw, { abortEarly: false, stripUnknown: true });
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.userId !== undefined) {
    params.push(filter.userId);
    where.push(`user_id = $${params.length}`);
  }
  if (filter.resource) {
    params.push(filter.resource);
    where.push(`resource = $${params.length}`);
  }
  if (filter.from) {
    params.push(filter.from.toISOString());
    where.push(`at >= $${params.length}::timestamptz`);
  }
  if (filter.to) {
    const end = isBareDate(raw.to) ? new Date(filter.to.getTime() + 24 * 3600 * 1000) : filter.to;
    params.push(end.toISOString());
    where.push(isBareDate(raw.to) ? `at < $${params.length}::timestamptz` : `at <= $${params.length}::timestamptz`);
  }
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const offset = (filter.page - 1) * filter.pageSize;
  const { database } = app.ctx;
  const [countRows, rows] = await Promise.all([
    database.query<{ total: number }>(`select count(*)::int as total from audit_log ${clause}`, params),
    database.query<Record<string, unknown>>(
      `select id, at, user_id as "userId", user_email as "userEmail", action, resource, record_id as "recordId",
              record_label as "recordLabel", before, after, host(client_address) as "clientAddress"
         from audit_log ${clause} order by at desc, id desc limit ${filter.pageSize} offset ${offset}`,
      params,
    ),
  ]);
  const total = Number(countRows[0]?.total ?? 0);
  return {
    results: rows.map((row) => ({ ...row, id: Number(row.id) })),
    meta: { hasNextPage: offset + rows.length < total, total },
  };
}

/**
 * The users offered by the audit screen's user filter: superadmins with at least one line in the
 * trail, searched by name or e-mail, by name. Needs only Settings (the screen's own access), not Users.
 */
export async function listAuditActors(app: FastifyInstance, query: unknown) {
  const filter = await auditActorsFilterSchema.validate(query ?? {}, { abortEarly: false, stripUnknown: true });
  const search = filter.search || filter.q;
  const params: unknown[] = [];
  let where = `u.user_type_id = ${USER_TYPE.superadmin} and exists (select 1 from audit_log a where a.user_id = u.id)`;
  if (search) {
    params.push(likePattern(search));
    where += ` and (u.name ilike $${params.length} or u.email ilike $${params.length})`;
  }
  const offset = (filter.page - 1) * filter.pageSize;
  const { database } = app.ctx;
  const [countRows, rows] = await Promise.all([
    database.query<{ total: number }>(`select count(*)::int as total from users u where ${where}`, params),
    database.query<AuditActor>(
      `select u.id, u.name, u.email from users u where ${where}
        order by lower(u.name) asc, u.id asc limit ${filter.pageSize} offset ${offset}`,
      params,
    ),
  ]);
  const total = Number(countRows[0]?.total ?? 0);
  return { results: rows.map((row) => ({ ...row, id: Number(row.id) })), meta: { hasNextPage: offset + rows.length < total, total } };
}
