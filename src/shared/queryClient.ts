/**
 * The app's react-query client (passed to <AppAdmin>, so every resource's reads share it). A refusal (4xx: not found,
 * forbidden, invalid request) is the server's answer and is shown at once: retrying it only repeats it (a missing site
 * spun 7–12 s through four 404s before its message). Failures without an answer (network, 0) and server errors (5xx)
 * keep react-query's three retries.
 */
import { QueryClient } from '@tanstack/react-query';

const MAX_RETRIES = 3;

/** True for an error carrying an HTTP status 400–499 (react-admin's HttpError, or any `{ status }`). */
export function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** react-query's `retry` option: never a 4xx, up to three times otherwise. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
}
