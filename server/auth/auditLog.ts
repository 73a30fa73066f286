/** The users of the audit screen's user filter (GET /audit/actors/); the trail itself is the engine's list (resources/audit.ts). */
import type { FastifyInstance } from 'fastify';
import type { AuditActor } from '../../resources/audit';
import type { ListSpec } from '../../resources/listQuery';
import { USER_TYPE } from '../db/schema';
import { spanishOrderSql } from '../db/textKey';
import { listLimit, listOrderBy, listPage, listWhere, readListQuery, SqlParams } from '../lists/listQuery';

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

/**
 * The users offered by the audit screen's user filter: superadmins with at least one line in the
 * trail, searched by name or e-mail, by name. Needs only Settings (the screen's own access), not Users.
 */
export async function listAuditActors(app: FastifyInstance, rawQuery: unknown) {
  const query = readListQuery(auditActorListSpec, rawQuery);
  const params = new SqlParams();
  const base = [`u.user_type_id = ${USER_TYPE.superadmin}`, 'exists (select 1 from audit_log a where a.user_id = u.id)'];
  const rows = await app.ctx.database.query<AuditActor>(
    `select u.id, u.name, u.email from users u ${listWhere(query, params, base)}
      ${listOrderBy(auditActorListSpec, query)} ${listLimit(query, params)}`,
    params.values,
  );
  const page = listPage(rows, query);
  return { ...page, results: page.results.map((row) => ({ ...row, id: Number(row.id) })) };
}
