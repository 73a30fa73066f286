/**
 * How a job's code says what went wrong. Messages are i18n keys (or Spanish text) resolved by the
 * server's translator, so the job's `error` and its items' `message` are always Spanish.
 */
import { interpolate } from '../../i18n/translate';
import { t } from '../i18n';

/** The whole job failed: temporary failures are retried with backoff, permanent ones end it as `failed`. */
export class JobFailure extends Error {
  constructor(
    message: string,
    public readonly temporary: boolean,
  ) {
    super(message);
    this.name = 'JobFailure';
  }
}

/** One item failed for good (bad data…): it is recorded as `failed` with its message and the job goes on. */
export class JobItemFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobItemFailure';
  }
}

/** An i18n key, or a Spanish text given as is; `%{name}` placeholders are filled either way. */
const message = (keyOrText: string, values?: Record<string, unknown>) => interpolate(t(keyOrText, values), values);

export const temporaryFailure = (messageKey: string, values?: Record<string, unknown>) =>
  new JobFailure(message(messageKey, values), true);
export const permanentFailure = (messageKey: string, values?: Record<string, unknown>) =>
  new JobFailure(message(messageKey, values), false);
export const itemFailure = (messageKey: string, values?: Record<string, unknown>) =>
  new JobItemFailure(message(messageKey, values));

/** SQLSTATEs and socket errors that pass by themselves: serialization, deadlock, lost connection, shutdown. */
const TEMPORARY_SQLSTATE = /^(08|40001|40P01|53|57P0[1-3])/;
const TEMPORARY_SOCKET = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN']);

/** Whether an error not thrown as a JobFailure is worth retrying. */
export function isTemporaryError(error: unknown): boolean {
  if (error instanceof JobFailure) return error.temporary;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return TEMPORARY_SQLSTATE.test(code) || TEMPORARY_SOCKET.has(code);
}

/** Internal signals of the runner: the job was cancelled, another instance took it over, or the runner stops. */
export class JobInterrupted extends Error {
  constructor(public readonly reason: 'cancelled' | 'lease_lost' | 'stopping') {
    super(`job interrupted: ${reason}`);
    this.name = 'JobInterrupted';
  }
}
