/**
 * The error envelope `{ error: { code, message, details: [{ code, target, message }] } }`
 * and the one error handler that turns every failure into it, in Spanish, never a stack trace.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from 'yup';
import { t } from '../i18n';
import { postgresErrorCode } from '../resources/dbErrors';

export interface ErrorDetail {
  code: string;
  target: string;
  message: string;
  /** The value the refusal points at, when a screen needs it (the id of the site holding a pending backup). */
  value?: string;
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
/** A URL that cannot be decoded (bad percent-encoding): never echoed back. */
export const badUrl = () => new ApiError(400, 'BadArgument', t('errors.url_invalid'));

/** 400 with one detail: a field's value is refused (duplicates use code BadArgument too). */
export function badArgument(target: string, messageKey: string, code = 'BadArgument', status = 400, values?: Record<string, unknown>): ApiError {
  const message = t(messageKey, values);
  return new ApiError(status, code, message, [{ code, target, message }]);
}

/** 400 for a pure rule's refusal (`{ target, key, values }`, e.g. resources/loads.ts `govIndexYearError`). */
export const ruleRefusal = (rule: { target: string; key: string; values?: Record<string, unknown> }): ApiError =>
  badArgument(rule.target, rule.key, 'BadArgument', 400, rule.values);

/** A rule's i18n key in Spanish; yup's own English text of a type check without a key of ours becomes 'El valor no es válido'. */
function failureMessage(failure: ValidationError): string {
  const key = String(failure.message);
  const text = t(key);
  return text === key && failure.type === 'typeError' ? t('validation.invalid') : text;
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
    message: failureMessage(failure),
  }));
  return new ApiError(400, 'BadArgument', details[0]?.message ?? t('errors.invalid_request'), details);
}

export function envelope(error: ApiError) {
  return { error: { code: error.code, message: error.message, details: error.details } };
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ValidationError) return validationFailed(error);
  // Class 22 (data exception: out of range, invalid text, NUL byte…) is bad input that got past the parsers.
  if (postgresErrorCode(error)?.startsWith('22')) return new ApiError(400, 'BadArgument', t('errors.invalid_value'));
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

/**
 * Fastify's router refusals that never reach the error handler (`frameworkErrors`): a malformed
 * percent-encoding and a path parameter over `maxParamLength`. Answered in the envelope, without
 * echoing the URL (Fastify's default puts it in the message).
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const apiError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError(414, 'UriTooLong', t('errors.url_too_long'))
      : error.code === 'FST_ERR_BAD_URL'
        ? badUrl()
        : new ApiError(500, 'InternalError', t('errors.server'));
  void reply.status(apiError.statusCode).send(envelope(apiError));
}

/** The answer to a request Node's HTTP parser refused before Fastify saw it (headers too large, malformed request, timeout). */
export function clientErrorAnswer(code: string | undefined): ApiError {
  if (code === 'HPE_HEADER_OVERFLOW') return new ApiError(431, 'RequestHeaderFieldsTooLarge', t('errors.headers_too_large'));
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return new ApiError(408, 'RequestTimeout', t('errors.request_timeout'));
  return new ApiError(400, 'BadArgument', t('errors.invalid_request'));
}

/** Fastify's `clientErrorHandler`: writes the envelope on the raw socket (as Node's default does with its bare status), then closes it. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const apiError = clientErrorAnswer(error.code);
    const body = JSON.stringify(envelope(apiError));
    socket.write(
      `HTTP/1.1 ${apiError.statusCode} ${STATUS_CODES[apiError.statusCode]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
