/**
 * What GET /jobs/{id}, GET /jobs/{id}/items and POST /jobs/{id}/cancel read and change. A job is visible to
 * holders of any permission its kind declares (docs/decisions/0024-background-work.md): others get 403, a missing job 404.
 */
import { hasAnyPermission } from '../../resources/permissions';
import {
  JOB_ITEM_STATES,
  jobPercent,
  type JobItemState,
  type JobItemView,
  type JobStatus,
  type JobView,
} from '../../resources/jobs';
import type { AuthUser } from '../context';
import type { Database } from '../db/connection';
import { ApiError, forbidden, notFound } from '../http/errors';
import { t } from '../i18n';
import type { ListSpec } from '../../resources/listQuery';
import { listLimit, listOrderBy, listPage, listWhere, readListQuery, SqlParams } from '../lists/listQuery';
import { jobKind } from './kinds';

interface JobRow {
  id: string | number;
  kind: string;
  status: JobStatus;
  progress: number;
  total: number | null;
  error: string | null;
  result: unknown;
  attempts: number;
  cancelRequested: boolean;
  createdBy: number | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  runAfter: Date;
}

const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString());

/** The job's kind and status, or 404; 403 unless the user holds one of the kind's permissions (an unknown kind: nobody). */
async function readableJob(database: Database, user: AuthUser, id: number): Promise<{ id: number; status: JobStatus }> {
  const [row] = await database.query<{ kind: string; status: JobStatus }>('select kind, status from jobs where id = $1', [id]);
  if (!row) throw notFound();
  const kind = jobKind(row.kind);
  if (!kind || !hasAnyPermission(user.permissions, kind.permissions)) throw forbidden();
  return { id, status: row.status };
}

export async function readJobView(database: Database, user: AuthUser, jobId: number): Promise<JobView> {
  const { id } = await readableJob(database, user, jobId);
  const [[row], countRows] = await Promise.all([
    database.query<JobRow>(
      `select id, kind, status, progress, total, error, result, attempts, cancel_requested as "cancelRequested",
              created_by as "createdBy", created_at as "createdAt", started_at as "startedAt",
              finished_at as "finishedAt", run_after as "runAfter"
         from jobs where id = $1`,
      [id],
    ),
    database.query<{ state: JobItemState; count: number }>(
      'select state, count(*)::int as count from job_items where job_id = $1 group by state',
      [id],
    ),
  ]);
  if (!row) throw notFound();
  const counts = Object.fromEntries(JOB_ITEM_STATES.map((state) => [state, 0])) as Record<JobItemState, number>;
  for (const { state, count } of countRows) if (state in counts) counts[state] = Number(count);
  const total = row.total == null ? null : Number(row.total);
  const done = Number(row.progress);
  return {
    id: Number(row.id),
    kind: row.kind,
    status: row.status,
    progress: { done, total, percent: jobPercent(done, total, row.status) },
    counts,
    error: row.error,
    result: row.result ?? null,
    attempts: Number(row.attempts),
    cancelRequested: row.cancelRequested,
    createdBy: row.createdBy,
    createdAt: iso(row.createdAt)!,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    runAfter: iso(row.runAfter)!,
  };
}

/** GET /jobs/{id}/items: in the order they were added, optionally by state. */
export const jobItemListSpec: ListSpec = {
  defaultPageSize: 50,
  maxPageSize: 500,
  orders: { id: 'i.id' },
  defaultOrder: 'id',
  tieBreaker: 'i.id',
  filters: {
    state: {
      kind: 'choice',
      choices: Object.fromEntries(JOB_ITEM_STATES.map((state) => [state, `i.state = '${state}'`])),
      description: `Estado: ${JOB_ITEM_STATES.join(', ')}`,
    },
  },
};

export async function listJobItems(database: Database, user: AuthUser, jobId: number, rawQuery: unknown) {
  // A bad query string is a 400 whatever the job (as on every list).
  const query = readListQuery(jobItemListSpec, rawQuery);
  const { id } = await readableJob(database, user, jobId);
  const params = new SqlParams();
  const rows = await database.query<{ key: string; state: JobItemState; message: string | null; finishedAt: Date | null }>(
    `select i.item_key as key, i.state, i.message, i.finished_at as "finishedAt" from job_items i
      ${listWhere(query, params, [`i.job_id = ${params.add(id)}`])} ${listOrderBy(jobItemListSpec, query)} ${listLimit(query, params)}`,
    params.values,
  );
  const page = listPage(rows, query);
  const results: JobItemView[] = page.results.map((row) => ({ ...row, finishedAt: iso(row.finishedAt) }));
  return { ...page, results };
}

/**
 * A queued or waiting job is cancelled at once; a running one gets `cancel_requested` and its runner stops
 * before its next item. One statement, so a runner claiming the job at the same moment cannot miss it.
 */
export async function cancelJob(database: Database, user: AuthUser, jobId: number): Promise<JobView> {
  const { id } = await readableJob(database, user, jobId);
  const changed = await database.query(
    `update jobs
        set cancel_requested = true,
            status = case when status in ('queued', 'retry') then 'cancelled' else status end,
            finished_at = case when status in ('queued', 'retry') then now() else finished_at end
      where id = $1 and status in ('queued', 'retry', 'running')
      returning id`,
    [id],
  );
  if (changed.length === 0) throw new ApiError(409, 'Conflict', t('jobs.errors.already_finished'));
  return readJobView(database, user, id);
}
