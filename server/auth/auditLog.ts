/** Reading the audit trail (GET /audit/): filters by user, resource and dates, newest first. */
import type { FastifyInstance } from 'fastify';
import { auditFilterSchema } from '../../resources/audit';

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
              before, after, host(client_address) as "clientAddress"
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
