/**
 * Bulk deactivation of administrators (spec 01 §2 '/administradores/eliminar', §5, §7 POST /siteusers/delete/):
 * the administrators a filter matches, the job that deactivates exactly them (never deletes), and its undo.
 *
 * - The matched set is read when the request is confirmed and frozen in the job's payload: the job deactivates
 *   those administrators still active when their item runs, one item each (`job_items`), 500 items a transaction
 *   (`runItemBatches`), and writes one audit row with the count once it has gone through them.
 * - Each row it deactivates carries `users.deactivated_by_job`; a trigger clears it when anything else changes
 *   `deleted` afterwards (migration user_deactivation_undo_rule). The undo, offered 24 h after the job finished,
 *   reactivates exactly the rows still carrying the job's id: not the ones deactivated otherwise, not the ones
 *   reactivated and deactivated again since.
 * - `user_deactivation_undos` (one row per job, its key) makes an undo happen once, even when two race.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AREAS } from '../../resources/areas';
import {
  canUndoDeactivation,
  DEACTIVATION_MESSAGES,
  DEACTIVATION_MODE,
  DEACTIVATION_UNDO_HOURS,
  ENTITY_SEARCH_MIN_LENGTH,
  ENTITY_SEARCH_PAGE_SIZE,
  readDeleteRequest,
  type DeactivationCount,
  type DeactivationFilter,
  type DeactivationRun,
} from '../../resources/deactivation';
import type { DeleteFilterWire } from '../../resources/audience';
import { audienceSitesQuery } from '../audience/resolve';
import { writeAudit } from '../audit/audit';
import type { Database, Db } from '../db/connection';
import { auditLog, jobs, userDeactivationUndos, users, USER_TYPE } from '../db/schema';
import { ApiError, badArgument, notFound } from '../http/errors';
import { t } from '../i18n';
import { enqueueJob, jobOrigin, registerJobKind, type BatchItemOutcome } from '../jobs';
import { queryRows } from '../db/rows';

export const DEACTIVATION_JOB_KIND = 'users.deactivate';
/** The audit trail's resource for the bulk deactivation and its undo. */
export const DEACTIVATION_AUDIT_RESOURCE = 'siteusers';
const PERMISSIONS = AREAS['users.delete'].permissions;

interface DeactivationPayload {
  /** The administrators matched when the request was confirmed. */
  userIds: number[];
  /** The request as sent (for the record). */
  request: DeleteFilterWire;
}

export interface ReadFilter {
  filter: DeactivationFilter;
  sites: number[];
}

/** Reads the comma-separated request, or throws the Spanish 400 of spec 01 §5. */
export function parseDeleteRequest(wire: unknown): ReadFilter {
  const reading = readDeleteRequest((wire ?? {}) as Record<string, unknown>);
  if ('problem' in reading) throw badArgument(reading.problem.target, reading.problem.messageKey);
  return reading;
}

const intArray = (values: readonly number[]) => sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`;

/** The portals a filter reaches: the audience's active portals, or in mode 3 the chosen portals (unless deleted). */
function targetSitesQuery({ filter, sites }: ReadFilter): SQL {
  if (filter.mode === DEACTIVATION_MODE.entity) return sql`select s.id from sites s where s.id = any(${intArray(sites)}) and not s.is_deleted`;
  return audienceSitesQuery(filter.audience);
}

/** The active administrators of those portals (users_type_site_idx). */
function targetUsersQuery(target: ReadFilter): SQL {
  return sql`select u.id from users u
    where u.user_type_id = ${USER_TYPE.siteAdministrator} and not u.deleted and u.site_id in (${targetSitesQuery(target)})`;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** How many active administrators (and portals) a filter matches: the number the confirmation shows. */
export async function countDeactivation(db: Db, target: ReadFilter): Promise<DeactivationCount> {
  const result = await db.execute(sql`with target_sites as (${targetSitesQuery(target)})
    select (select count(*)::int from target_sites) as portals,
      (select count(*)::int from users u
        where u.user_type_id = ${USER_TYPE.siteAdministrator} and not u.deleted
          and u.site_id in (select id from target_sites)) as administrators`);
  const [row] = rowsOf<DeactivationCount>(result);
  return { administrators: Number(row?.administrators ?? 0), portals: Number(row?.portals ?? 0) };
}

/**
 * POST /siteusers/delete/: reads the matched administrators and queues the job that deactivates them, in one
 * transaction. No match answers 400 with the spec's no-match text.
 */
export async function requestDeactivation(database: Database, request: FastifyRequest): Promise<{ jobId: number; count: number }> {
  const target = parseDeleteRequest(request.body ?? request.query);
  return database.db.transaction(async (tx) => {
    const rows = rowsOf<{ id: number }>(await tx.execute(sql`${targetUsersQuery(target)} order by u.id`));
    const userIds = rows.map((row) => Number(row.id));
    if (userIds.length === 0) throw badArgument('filter', DEACTIVATION_MESSAGES.noMatch, 'NoMatch');
    const payload: DeactivationPayload = { userIds, request: requestOf(request.body ?? request.query) };
    const jobId = await enqueueJob(tx, { kind: DEACTIVATION_JOB_KIND, payload, ...jobOrigin(request) });
    return { jobId, count: userIds.length };
  });
}

function requestOf(wire: unknown): DeleteFilterWire {
  const value = (wire ?? {}) as Record<string, unknown>;
  const text = (key: keyof DeleteFilterWire) => (value[key] === undefined || value[key] === null ? '' : String(value[key]));
  return { locations: text('locations'), parentLocations: text('parentLocations'), siteTypes: text('siteTypes'), sites: text('sites'), groups: text('groups') };
}

registerJobKind<DeactivationPayload>(DEACTIVATION_JOB_KIND, {
  permissions: PERMISSIONS,
  async run(ctx) {
    const jobId = ctx.job.id;
    await ctx.items(ctx.job.payload.userIds.map(String));
    const skippedAs = new Map<boolean, BatchItemOutcome>([
      [true, { state: 'skipped', message: t('deactivation.job.already_inactive') }],
      [false, { state: 'skipped', message: t('deactivation.job.not_administrator') }],
    ]);
    // 500 administrators a transaction (the jobs service's batched items): one set-based update each, whose rows carry
    // the job's id, committed with the 500 items' states; a batch interrupted by a crash is redone whole on resume.
    await ctx.runItemBatches(async (tx, keys) => {
      const ids = keys.map(Number);
      const rows = await queryRows<{ id: number; changed: boolean; administrator: boolean }>(
        tx,
        sql`with changed as (
              update users set deleted = true, deactivated_by_job = ${jobId}, modified_date = now()
               where id = any(${intArray(ids)}) and user_type_id = ${USER_TYPE.siteAdministrator} and not deleted
              returning id)
            select given.id, (c.id is not null) as changed, coalesce(u.user_type_id = ${USER_TYPE.siteAdministrator}, false) as administrator
              from unnest(${intArray(ids)}) as given(id)
              left join changed c on c.id = given.id
              left join users u on u.id = given.id`,
      );
      const outcomes = new Map<string, BatchItemOutcome>();
      for (const row of rows) if (!row.changed) outcomes.set(String(row.id), skippedAs.get(row.administrator === true)!);
      return outcomes;
    });
    // One audit row for the whole run, written once (a job resumed after writing it finds it).
    return ctx.db.transaction(async (tx) => {
      const [counts] = rowsOf<{ done: number; skipped: number }>(
        await tx.execute(sql`select count(*) filter (where state = 'done')::int as done, count(*) filter (where state = 'skipped')::int as skipped
          from job_items where job_id = ${jobId}`),
      );
      const deactivated = Number(counts?.done ?? 0);
      const skipped = Number(counts?.skipped ?? 0);
      const [written] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.resource, DEACTIVATION_AUDIT_RESOURCE), eq(auditLog.action, 'deactivate'), eq(auditLog.recordId, String(jobId))));
      if (!written) {
        await ctx.audit(tx, {
          action: 'deactivate',
          resource: DEACTIVATION_AUDIT_RESOURCE,
          recordId: jobId,
          recordLabel: t('deactivation.audit.deactivate', { count: deactivated }),
          after: { count: deactivated, skipped, request: ctx.job.payload.request },
        });
      }
      return { deactivated, skipped };
    });
  },
});

const undoRefused = (messageKey: string) => new ApiError(409, 'Conflict', t(messageKey), [{ code: 'Conflict', target: 'jobId', message: t(messageKey) }]);

/**
 * POST /siteusers/delete/{jobId}/undo: within 24 h of the job's end, once. The undo row is inserted first: a
 * concurrent second undo waits on its key and then finds it (409), so the reactivation runs once.
 */
export async function undoDeactivation(database: Database, request: FastifyRequest, jobId: number): Promise<{ restored: number }> {
  return database.db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: jobs.id, finishedAt: jobs.finishedAt, now: sql<string>`now()` })
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.kind, DEACTIVATION_JOB_KIND)));
    if (!job) throw notFound();
    if (job.finishedAt === null) throw undoRefused('deactivation.undo.running');
    if (!canUndoDeactivation({ finishedAt: job.finishedAt, undoneAt: null }, new Date(job.now))) throw undoRefused('deactivation.undo.expired');
    const claimed = await tx
      .insert(userDeactivationUndos)
      .values({ jobId, undoneBy: request.user?.id ?? null })
      .onConflictDoNothing()
      .returning({ jobId: userDeactivationUndos.jobId });
    if (claimed.length === 0) throw undoRefused('deactivation.undo.already_undone');
    const restored = await tx
      .update(users)
      .set({ deleted: false, deactivatedByJob: null, modifiedDate: sql`now()` })
      .where(and(eq(users.deactivatedByJob, jobId), eq(users.deleted, true), eq(users.userTypeId, USER_TYPE.siteAdministrator)))
      .returning({ id: users.id });
    await tx.update(userDeactivationUndos).set({ restored: restored.length }).where(eq(userDeactivationUndos.jobId, jobId));
    await writeAudit(tx, request, {
      action: 'reactivate',
      resource: DEACTIVATION_AUDIT_RESOURCE,
      recordId: jobId,
      recordLabel: t('deactivation.audit.undo', { count: restored.length }),
      after: { count: restored.length },
    });
    return { restored: restored.length };
  });
}

/** GET /siteusers/delete/: the deactivations started or finished in the last 24 h, newest first, with their undo state. */
export async function recentDeactivations(database: Database): Promise<{ results: DeactivationRun[] }> {
  const rows = await database.query<{
    id: number;
    status: string;
    created_at: Date | string;
    finished_at: Date | string | null;
    created_by_email: string | null;
    matched: number;
    deactivated: number;
    undone_at: Date | string | null;
    restored: number | null;
    now: Date | string;
  }>(
    `select j.id, j.status, j.created_at, j.finished_at, j.created_by_email,
       coalesce(jsonb_array_length(j.payload->'userIds'), 0)::int as matched,
       (select count(*)::int from job_items i where i.job_id = j.id and i.state = 'done') as deactivated,
       u.undone_at, u.restored, now() as now
     from jobs j left join user_deactivation_undos u on u.job_id = j.id
     where j.kind = $1 and (j.finished_at is null or j.finished_at > now() - make_interval(hours => $2))
     order by j.id desc limit 50`,
    [DEACTIVATION_JOB_KIND, DEACTIVATION_UNDO_HOURS],
  );
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    results: rows.map((row) => {
      const finishedAt = iso(row.finished_at);
      const undoneAt = iso(row.undone_at);
      return {
        jobId: Number(row.id),
        status: row.status,
        createdAt: iso(row.created_at)!,
        finishedAt,
        createdByEmail: row.created_by_email,
        matched: Number(row.matched),
        deactivated: Number(row.deactivated),
        undoUntil: finishedAt === null ? null : new Date(new Date(finishedAt).getTime() + DEACTIVATION_UNDO_HOURS * 3_600_000).toISOString(),
        undoneAt,
        restored: row.restored === null ? null : Number(row.restored),
        canUndo: canUndoDeactivation({ finishedAt, undoneAt }, new Date(row.now)),
      };
    }),
  };
}

/** GET /siteusers/delete/sites?name=: portals for mode 3 ('Una entidad') by part of their name, from 3 characters. */
export async function searchEntities(database: Database, name: string): Promise<{ results: Array<{ id: number; name: string; location: string | null }> }> {
  const term = name.trim();
  if (term.length < ENTITY_SEARCH_MIN_LENGTH) return { results: [] };
  const rows = await database.query<{ id: number; name: string; location: string | null }>(
    `select s.id, s.name, concat_ws(', ', m.name, d.name) as location
       from sites s left join locations m on m.id = s.location_id left join locations d on d.id = s.parent_location_id
      where not s.is_deleted and s.name_key like '%' || spanish_key($1) || '%'
      order by s.name_key collate "C", s.id limit ${ENTITY_SEARCH_PAGE_SIZE}`,
    [term],
  );
  return { results: rows.map((row) => ({ id: Number(row.id), name: row.name, location: row.location || null })) };
}

