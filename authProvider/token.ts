/** Pure decisions about the bearer token (a JWT): its expiry, judged against the server's clock. */

/** The token's `exp` claim in seconds since the epoch, or null when the token cannot be read. */
export function tokenExpiry(token: string | null | undefined): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(atob(base64)) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}

/** A missing, unreadable or past-expiry token is expired. `serverNowMs` is the server clock (x-currentdate). */
export function isTokenExpired(token: string | null | undefined, serverNowMs: number): boolean {
  const exp = tokenExpiry(token);
  return exp === null || exp * 1000 <= serverNowMs;
}

/** What the session watcher does on a tick: nothing when signed out or still valid, `expire` otherwise. */
export function sessionTick(token: string | null | undefined, serverNowMs: number): 'none' | 'valid' | 'expire' {
  if (!token) return 'none';
  return isTokenExpired(token, serverNowMs) ? 'expire' : 'valid';
}
