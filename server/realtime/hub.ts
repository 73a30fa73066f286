/**
 * One hub per server instance: LISTENs on `portales_events` (from the first subscriber on) and hands each
 * committed event to the streams of this instance subscribed to its channel. Whatever instance published the
 * event, every instance hears the NOTIFY, so a stream on any of them gets it.
 */
import type { Database } from '../db/connection';
import { eventsByIds, NOTIFY_CHANNEL, type EventNotice, type RealtimeEvent } from './events';

export interface Subscriber {
  channels: ReadonlySet<string>;
  deliver(event: RealtimeEvent): void;
  /** Ends the stream (server shutting down). */
  end(): void;
  /** Checks the stream's superadmin may still read it (session open, permissions held) and ends it if not. */
  recheck(): Promise<void>;
}

export class RealtimeHub {
  private readonly subscribers = new Set<Subscriber>();
  private listening: Promise<() => Promise<void>> | null = null;
  private pending = new Set<number>();
  /** Fetches run one after another, so events reach a stream in the order they were heard. */
  private chain: Promise<void> = Promise.resolve();
  private flushQueued = false;

  constructor(private readonly database: Database) {}

  /** Starts listening (once); resolves when LISTEN is in place, so nothing committed afterwards is missed. */
  async start(): Promise<void> {
    // A failed start is tried again by the next stream rather than remembered.
    this.listening ??= this.database.listen(NOTIFY_CHANNEL, (payload) => this.heard(payload)).catch((error: unknown) => {
      this.listening = null;
      throw error;
    });
    await this.listening;
  }

  /** Streams open on this instance. */
  get subscriberCount(): number {
    return this.subscribers.size;
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Checks every stream of this instance again (each stream also does at its heartbeat). */
  async recheck(): Promise<void> {
    await Promise.all([...this.subscribers].map((subscriber) => subscriber.recheck()));
  }

  /** Ends every stream and stops listening. */
  async close(): Promise<void> {
    for (const subscriber of [...this.subscribers]) subscriber.end();
    this.subscribers.clear();
    const listening = this.listening;
    this.listening = null;
    const stop = await listening?.catch(() => null);
    await stop?.();
  }

  private heard(payload: string): void {
    let notice: EventNotice;
    try {
      notice = JSON.parse(payload) as EventNotice;
    } catch {
      return;
    }
    if (!Number.isSafeInteger(notice.id) || ![...this.subscribers].some((s) => s.channels.has(notice.channel))) return;
    this.pending.add(notice.id);
    if (this.flushQueued) return;
    this.flushQueued = true;
    // Notices heard together are fetched in one query.
    this.chain = this.chain.then(() => this.flush());
  }

  private async flush(): Promise<void> {
    this.flushQueued = false;
    const ids = [...this.pending];
    this.pending = new Set();
    try {
      for (const event of await eventsByIds(this.database, ids)) {
        for (const subscriber of this.subscribers) if (subscriber.channels.has(event.channel)) subscriber.deliver(event);
      }
    } catch (error) {
      console.warn(`Eventos en tiempo real: no se pudieron leer los eventos ${ids.join(', ')} (${(error as Error).message})`);
    }
  }
}
