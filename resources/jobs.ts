/**
 * Background jobs as the API shows them (GET /jobs/{id}, server/jobs): states, the job view and
 * the items' query string. Pure data and functions, read by the server and by the browser (JobProgress).
 */

/** queued → running → done | failed | cancelled; a temporary failure waits in `retry` before running again. */
export const JOB_STATUSES = ['queued', 'running', 'retry', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const FINAL_JOB_STATUSES: readonly JobStatus[] = ['done', 'failed', 'cancelled'];

export function isFinalJobStatus(status: string): boolean {
  return (FINAL_JOB_STATUSES as readonly string[]).includes(status);
}

export const JOB_ITEM_STATES = ['queued', 'done', 'failed', 'skipped'] as const;
export type JobItemState = (typeof JOB_ITEM_STATES)[number];

export interface JobView {
  id: number;
  kind: string;
  status: JobStatus;
  /** done: finished items (any final item state) or what the job reported; percent 0–100. */
  progress: { done: number; total: number | null; percent: number };
  counts: Record<JobItemState, number>;
  /** Spanish message of the last failure (also kept while waiting to retry). */
  error: string | null;
  result: unknown;
  attempts: number;
  cancelRequested: boolean;
  createdBy: number | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** When a job in `retry` runs again. */
  runAfter: string;
}

export interface JobItemView {
  key: string;
  state: JobItemState;
  message: string | null;
  finishedAt: string | null;
}

/** Percent shown for `done` of `total`; a job without items is 100 % once done. */
export function jobPercent(done: number, total: number | null, status: string): number {
  if (status === 'done') return 100;
  if (!total) return 0;
  return Math.min(100, Math.floor((done * 100) / total));
}

