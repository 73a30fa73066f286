/**
 * Maps an API failure to the spec's error catalogue (spec 01 §8, 02 §8, 03 §8) and to a
 * react-admin HttpError whose body carries the field errors, so forms show them beside inputs.
 */
import { HttpError } from 'ra-core';
import { errors } from '../i18n/es/errors';

export interface ApiErrorDetail {
  code?: string;
  target?: string;
  message?: string;
  /** The value the refusal points at (e.g. the id of the site holding a pending backup: BackupRequestAlreadyPeding). */
  value?: string;
}

export interface ApiErrorBody {
  error?: { code?: string; message?: string; details?: ApiErrorDetail[] };
}

export interface HttpErrorBody {
  /** Field name → Spanish message, read by react-admin forms. */
  errors: Record<string, string>;
  code: string | undefined;
  details: ApiErrorDetail[];
}

/** The message the user sees for a failed call. */
export function errorMessageFor(status: number, body: ApiErrorBody | null | undefined): string {
  const error = body?.error;
  if (status === 401) return errors.unauthorized;
  if (status === 403) return errors.forbidden;
  if (status === 404) return errors.not_found;
  if (status === 400 || status === 409) {
    return error?.details?.find((d) => d.message)?.message ?? error?.message ?? errors.invalid_request;
  }
  if (status >= 400 && status < 500 && error?.message) return error.message;
  return errors.server;
}

export function fieldErrors(details: readonly ApiErrorDetail[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const detail of details) {
    if (detail.target && detail.message && !(detail.target in result)) result[detail.target] = detail.message;
  }
  return result;
}

export function toHttpError(status: number, body: ApiErrorBody | null | undefined): HttpError {
  const details = body?.error?.details ?? [];
  const payload: HttpErrorBody = { errors: fieldErrors(details), code: body?.error?.code, details };
  return new HttpError(errorMessageFor(status, body), status, payload);
}

/** A call that never got an answer (network failure, timeout). */
export function networkError(): HttpError {
  return new HttpError(errors.server, 0, { errors: {}, code: 'NetworkError', details: [] } satisfies HttpErrorBody);
}

export function errorCode(error: unknown): string | undefined {
  const body = (error as { body?: HttpErrorBody } | null)?.body;
  return body?.code;
}
