/**
 * Durable background jobs (docs/services.md 'Jobs'). Areas register kinds and queue work; the runner
 * started by server/main.ts runs it; GET /api/v1/jobs/{id} and the JobProgress component follow it.
 */
export { registerJobKind, jobKind, type JobContext, type JobKind, type ItemOutcome, type GiveUpContext } from './kinds';
export { enqueueJob, jobOrigin, requeueJob, type JobOrigin, type NewJob } from './queue';
export { createJobRunner, startJobRunner, type JobRunner, type JobRunnerOptions } from './runner';
export { itemFailure, permanentFailure, temporaryFailure, JobFailure, JobItemFailure } from './failures';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './backoff';
