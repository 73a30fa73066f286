/**
 * Receives realtime events on `channels` while the component is mounted (see eventsConnection.ts):
 * `useEvents(['sites'], (message) => refresh())`. The channels must be readable by the signed-in superadmin.
 */
import { useEffect, useRef } from 'react';
import { httpClient } from '../../dataProvider/httpClient';
import { connectEvents, type RealtimeMessage } from './eventsConnection';

export type { RealtimeMessage } from './eventsConnection';

export function useEvents(channels: readonly string[], onEvent: (message: RealtimeMessage) => void, enabled = true): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const key = channels.join(',');
  useEffect(() => {
    if (!enabled || !key) return undefined;
    const connection = connectEvents({
      channels: key.split(','),
      onEvent: (message) => handler.current(message),
      getTicket: async () => (await httpClient<{ ticket: string }>('/events/ticket', { method: 'POST' })).json.ticket,
      createEventSource: (url) => new EventSource(url),
    });
    return () => connection.close();
  }, [key, enabled]);
}
