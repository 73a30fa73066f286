/**
 * Checks the session every 3000 ms (spec 01 §4, §9). On expiry the token is removed and
 * `expired` turns true so the layout shows the session-expired modal.
 */
import { useCallback, useEffect, useState } from 'react';
import { serverNow } from '../dataProvider/serverClock';
import { getToken, removeToken } from './storage';
import { sessionTick } from './token';

export const SESSION_CHECK_INTERVAL_MS = 3000;

export function useSessionWatcher(intervalMs: number = SESSION_CHECK_INTERVAL_MS) {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const check = () => {
      if (sessionTick(getToken(), serverNow()) === 'expire') {
        removeToken();
        setExpired(true);
      }
    };
    check();
    const timer = setInterval(check, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  const acknowledge = useCallback(() => setExpired(false), []);
  return { expired, acknowledge };
}
