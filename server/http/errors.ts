/**
 * The error envelope `{ error: { code, message, details: [{ code, target, message }] } }`
 * and the one error handler that turns every failure into it, in Spanish, never a stack trace.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ValidationError } from 'yup';
import { t } from '../i18n';

export interface ErrorDetail {
  code: string;
  target: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly details: ErrorDetail[] = [],
  ) {
    super(message);
  }
}

export const unauthorized = () => new ApiError(401, 'Unauthorized', t('errors.unauthorized'));
export const forbidden = () => new ApiError(403, 'Forbidden', t('errors.forbidden'));
export const notFound = () => new ApiError(404, 'NotFound', t('errors.not_found'));

/** 400 with one detail: a field's value is refused (duplicates use code BadArgument too). */
export function badArgument(target: string, messageKey: string, code = 'BadArgument', status = 400): ApiError {
  const message = t(messageKey);
  return new ApiError(status, code, message, [{ code, target, message }]);
}

export function validationFailed(error: ValidationError): ApiError {
  const failures = error.inner.length > 0 ? error.inner : [error];
  // One detail per field: the first rule that failed, as a form shows one message under each input.
  const firstPerField = failures.filter(
    (failure, index) => failures.findIndex((other) => other.path === failure.path) === index,
  );
  const details = firstPerField.map((failure) => ({
    code: 'BadArgument',
    target: failure.path ?? '',
    message: t(String(failure.message)),
  }));
  return new ApiError(400, 'BadArgument', details[0]?.message ?? t('errors.invalid_request'), details);
}

export function envelope(error: ApiError) {
  return { error: { code: error.code, message: error.message, details: error.details } };
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ValidationError) return validationFailed(error);
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const details = fastifyError.validation.map((v) => ({
      code: 'BadArgument',
      target: String(v.instancePath || v.params?.missingProperty || '').replace(/^\//, ''),
      message: t('errors.invalid_request'),
    }));
    return new ApiError(400, 'BadArgument', t('errors.invalid_request'), details);
  }
  const status = fastifyError.statusCode ?? 500;
  if (status === 401) return unauthorized();
  if (status === 403) return forbidden();
  if (status === 404) return notFound();
  if (status === 429) return new ApiError(429, 'TooManyRequests', t('errors.too_many_requests'));
  if (status >= 400 && status < 500) return new ApiError(status, 'BadArgument', t('errors.invalid_request'));
  return new ApiError(500, 'InternalError', t('errors.server'));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(apiError.statusCode).send(envelope(apiError));
  });
}
