/**
 * 'Llega a N portales · M administradores' for an audience: asks POST /audience/reach once the audience stops
 * changing for `delayMs`; an incomplete audience reaches no one and is not sent.
 */
import Typography from '@mui/material/Typography';
import { useDataProvider } from 'ra-core';
import { useEffect, useState } from 'react';
import type { PortalesDataProvider } from '../../../dataProvider';
import { isAudienceComplete, normaliseAudience, type Audience, type AudienceReach } from '../../../resources/audience';
import { useText } from '../useText';

export const REACH_DELAY_MS = 400;

type State = { kind: 'ready'; reach: AudienceReach } | { kind: 'loading' } | { kind: 'failed' };

const NOBODY: AudienceReach = { portals: 0, administrators: 0 };

export function AudienceReachLine({ audience, delayMs = REACH_DELAY_MS }: { audience: Audience; delayMs?: number }) {
  const text = useText();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const [state, setState] = useState<State>({ kind: 'ready', reach: NOBODY });
  // The normal form as the key: reordering tags or re-picking the same ones asks nothing new.
  const key = JSON.stringify(normaliseAudience(audience));

  useEffect(() => {
    const value = JSON.parse(key) as Audience;
    if (!isAudienceComplete(value)) {
      setState({ kind: 'ready', reach: NOBODY });
      return undefined;
    }
    const controller = new AbortController();
    setState({ kind: 'loading' });
    const timer = setTimeout(() => {
      dataProvider
        .request<AudienceReach>('/audience/reach', { method: 'POST', body: value, signal: controller.signal })
        .then(({ json }) => {
          if (!controller.signal.aborted) setState({ kind: 'ready', reach: json });
        })
        .catch(() => {
          if (!controller.signal.aborted) setState({ kind: 'failed' });
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, delayMs, dataProvider]);

  const message =
    state.kind === 'loading'
      ? text('audience.reach.loading')
      : state.kind === 'failed'
        ? text('audience.reach.error')
        : text('audience.reach.line', state.reach as unknown as Record<string, unknown>);
  return (
    <Typography variant="body2" role="status" aria-live="polite" color={state.kind === 'failed' ? 'error' : 'text.secondary'}>
      {message}
    </Typography>
  );
}
