/**
 * The browser's side of the realtime stream (docs/services.md 'Realtime'), without React: asks for a single-use
 * ticket, opens an EventSource on the requested channels and, when the stream drops, asks for a new ticket and
 * reopens it after the last event received (EventSource's own retry would reuse the spent ticket), waiting 1 s,
 * 2 s, 4 s… up to 30 s between attempts.
 */
import { apiUrl } from '../../dataProvider/httpClient';

export interface RealtimeMessage {
  id: number;
  channel: string;
  payload: unknown;
  createdAt: string;
}

/** What the connection needs of EventSource (a fake in tests). */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface EventsConnectionOptions {
  channels: readonly string[];
  onEvent(message: RealtimeMessage): void;
  /** The stream is open (true) or down and being reopened (false): a screen may poll meanwhile. */
  onStatus?(open: boolean): void;
  getTicket(): Promise<string>;
  createEventSource(url: string): EventSourceLike;
}

export const MAX_RECONNECT_DELAY_MS = 30_000;

/** Wait before reconnect attempt `attempt` (0-based): 1 s doubling up to 30 s. */
export const reconnectDelay = (attempt: number) => Math.min(MAX_RECONNECT_DELAY_MS, 1000 * 2 ** attempt);

export function connectEvents(options: EventsConnectionOptions): { close(): void } {
  let closed = false;
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let lastEventId: string | null = null;

  const retry = () => {
    if (closed) return;
    timer = setTimeout(() => void open(), reconnectDelay(attempt));
    attempt += 1;
  };

  async function open(): Promise<void> {
    let ticket: string;
    try {
      ticket = await options.getTicket();
    } catch {
      options.onStatus?.(false);
      retry();
      return;
    }
    if (closed) return;
    const url = apiUrl('/events/stream', { query: { ticket, channels: options.channels.join(','), lastEventId } });
    let current: EventSourceLike;
    try {
      current = options.createEventSource(url);
    } catch {
      options.onStatus?.(false);
      retry();
      return;
    }
    source = current;
    current.onopen = () => {
      attempt = 0;
      options.onStatus?.(true);
    };
    current.onmessage = (event) => {
      lastEventId = event.lastEventId || lastEventId;
      const data = JSON.parse(event.data) as Omit<RealtimeMessage, 'id'>;
      options.onEvent({ id: Number(event.lastEventId), ...data });
    };
    current.onerror = () => {
      options.onStatus?.(false);
      current.close();
      if (source === current) source = null;
      retry();
    };
  }

  void open();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      source?.close();
      source = null;
    },
  };
}
