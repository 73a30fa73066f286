/** The browser's realtime connection: new ticket on every (re)connect, resumes after the last event, backs off. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectEvents, reconnectDelay, type EventSourceLike, type RealtimeMessage } from '../../src/shared/eventsConnection';

class FakeSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
  emit(id: string, data: object) {
    this.onmessage?.({ lastEventId: id, data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('reconnectDelay', () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [4, 16_000],
    [5, 30_000],
    [20, 30_000],
  ])('attempt %i waits %i ms', (attempt, expected) => {
    expect(reconnectDelay(attempt)).toBe(expected);
  });
});

describe('connectEvents', () => {
  it('opens with a fresh ticket, delivers events, and reopens after an error with a new ticket and the last event id', async () => {
    vi.useFakeTimers();
    const sources: FakeSource[] = [];
    const received: RealtimeMessage[] = [];
    let tickets = 0;
    const statuses: boolean[] = [];
    const connection = connectEvents({
      channels: ['sites', 'jobs:4'],
      onEvent: (message) => received.push(message),
      onStatus: (open) => statuses.push(open),
      getTicket: async () => `pase${(tickets += 1)}`,
      createEventSource: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(1);
    const first = new URL(sources[0]!.url, 'http://x');
    expect(first.pathname).toBe('/api/v1/events/stream');
    expect(Object.fromEntries(first.searchParams)).toEqual({ ticket: 'pase1', channels: 'sites,jobs:4' });

    expect(statuses).toEqual([]);
    sources[0]!.onopen?.(new Event('open'));
    expect(statuses).toEqual([true]);
    sources[0]!.emit('41', { channel: 'sites', payload: { a: 1 }, createdAt: '2026-01-01T00:00:00.000Z' });
    expect(received).toEqual([{ id: 41, channel: 'sites', payload: { a: 1 }, createdAt: '2026-01-01T00:00:00.000Z' }]);

    sources[0]!.onerror?.(new Event('error'));
    expect(sources[0]!.closed).toBe(true);
    // Down while it is reopened: a screen may poll meanwhile.
    expect(statuses).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(999);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(2);
    expect(Object.fromEntries(new URL(sources[1]!.url, 'http://x').searchParams)).toEqual({ ticket: 'pase2', channels: 'sites,jobs:4', lastEventId: '41' });

    connection.close();
    expect(sources[1]!.closed).toBe(true);
    sources[1]!.onerror?.(new Event('error'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sources).toHaveLength(2);
  });

  it('keeps trying when the ticket cannot be had, waiting longer each time', async () => {
    vi.useFakeTimers();
    const getTicket = vi.fn(async () => {
      throw new Error('sin red');
    });
    const connection = connectEvents({ channels: ['sites'], onEvent: () => {}, getTicket, createEventSource: (url) => new FakeSource(url) });
    await vi.advanceTimersByTimeAsync(0);
    expect(getTicket).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(getTicket).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(getTicket).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(getTicket).toHaveBeenCalledTimes(3);
    connection.close();
  });
});
