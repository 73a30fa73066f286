/**
 * What a failed send means: SMTP 4xx replies and lost connections pass by themselves (retried with backoff);
 * 5xx replies and anything else (a malformed address, an unknown error) will not (the message fails at once).
 */

export type MailFailureKind = 'temporary' | 'connection' | 'permanent';

/** Network and file-system errors that pass by themselves: nodemailer's own codes and the socket's. */
const TEMPORARY_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOSPC',
  'EMFILE',
  'EBUSY',
]);

export function classifyMailFailure(error: unknown): MailFailureKind {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number' && responseCode >= 400 && responseCode < 600) {
    return responseCode < 500 ? 'temporary' : 'permanent';
  }
  if (typeof code === 'string' && TEMPORARY_CODES.has(code)) return 'connection';
  return 'permanent';
}

/** The server's reply (or the error's message) on one line, short enough for the log. */
export function failureDetail(error: unknown): string {
  const { response, message, code } = (error ?? {}) as { response?: unknown; message?: unknown; code?: unknown };
  const text = typeof response === 'string' && response ? response : typeof message === 'string' && message ? message : String(error);
  const line = text.replace(/\s+/g, ' ').trim();
  const withCode = typeof code === 'string' && !line.includes(code) && typeof response !== 'string' ? `${code}: ${line}` : line;
  return withCode.length > 500 ? `${withCode.slice(0, 499)}…` : withCode;
}
