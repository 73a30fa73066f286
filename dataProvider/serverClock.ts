/**
 * The server's clock as seen from the browser: every response carries `x-currentdate`, and the
 * difference with the local clock is kept so token expiry is judged against server time.
 */
let offsetMs = 0;

/** Records the server date of a response (ISO string); ignores missing or invalid values. */
export function recordServerDate(header: string | null | undefined, localNow: number = Date.now()): void {
  if (!header) return;
  const serverTime = Date.parse(header);
  if (Number.isNaN(serverTime)) return;
  offsetMs = serverTime - localNow;
}

export function serverOffsetMs(): number {
  return offsetMs;
}

/** Milliseconds since the epoch on the server's clock. */
export function serverNow(localNow: number = Date.now()): number {
  return localNow + offsetMs;
}

export function resetServerClock(): void {
  offsetMs = 0;
}
