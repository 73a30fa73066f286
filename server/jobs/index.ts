/**
 * Durable background jobs (docs/services.md 'Jobs'). Areas register kinds and queue work; the runner
 * started by server/main.ts runs it; GET /api/v1/jobs/{id} and the JobProgress component follow it.
 */
export { registerJobKind, jobKind, type BatchCounts, type BatchItemOutcome, type GiveUpContext, type ItemOutcome, type JobContext, type JobKind } from './kinds';
export { enqueueJob, jobOrigin, requeueJob, type JobOrigin, type NewJob } from './queue';
export { createJobRunner, DEFAULT_ITEM_BATCH, startJobRunner, type JobRunner, type JobRunnerOptions } from './runner';
export { itemFailure, permanentFailure, temporaryFailure, JobFailure, JobItemFailure } from './failures';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './backoff';
