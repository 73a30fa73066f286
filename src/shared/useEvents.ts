/**
 * Receives realtime events on `channels` while the component is mounted (see eventsConnection.ts):
 * `useEvents(['sites'], (message) => refresh())`. The channels must be readable by the signed-in superadmin.
 * Answers whether the stream is open now (false until it opens and while it is being reopened), so a screen can
 * poll only while it is down; `onOpen` runs at each (re)opening, to catch up on what happened before it.
 */
import { useEffect, useRef, useState } from 'react';
import { httpClient } from '../../dataProvider/httpClient';
import { connectEvents, type RealtimeMessage } from './eventsConnection';

export type { RealtimeMessage } from './eventsConnection';

export function useEvents(
  channels: readonly string[],
  onEvent: (message: RealtimeMessage) => void,
  enabled = true,
  onOpen?: () => void,
): boolean {
  const handler = useRef(onEvent);
  const opened = useRef(onOpen);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    handler.current = onEvent;
    opened.current = onOpen;
  });
  const key = channels.join(',');
  useEffect(() => {
    if (!enabled || !key) return undefined;
    const connection = connectEvents({
      channels: key.split(','),
      onEvent: (message) => handler.current(message),
      onStatus: (live) => {
        setOpen(live);
        if (live) opened.current?.();
      },
      getTicket: async () => (await httpClient<{ ticket: string }>('/events/ticket', { method: 'POST' })).json.ticket,
      createEventSource: (url) => new EventSource(url),
    });
    return () => {
      connection.close();
      setOpen(false);
    };
  }, [key, enabled]);
  return open;
}
