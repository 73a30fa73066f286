/**
 * Publishing realtime events: each event is a row of `events` (replayed to a stream that resumes with
 * Last-Event-ID) and a NOTIFY on `portales_events` carrying its id and channel, so every instance on the same
 * database hears it. Published inside a transaction, both happen only if it commits.
 */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/connection';
import { events } from '../db/schema';
import { channelDefinition } from './channels';

export const NOTIFY_CHANNEL = 'portales_events';
/** Events older than this are purged: a stream that was away longer starts afresh. */
export const EVENT_RETENTION_MINUTES = 60;

export interface RealtimeEvent {
  id: number;
  channel: string;
  payload: unknown;
  createdAt: string;
}

/** What NOTIFY carries (the payload itself stays in the table: NOTIFY payloads are limited to 8000 bytes). */
export interface EventNotice {
  id: number;
  channel: string;
}

/**
 * Publishes `payload` on `channel` (a declared channel, see channels.ts). Pass the transaction of the change the
 * event announces: the event is seen only once (and if) it commits. Answers the event id.
 */
export async function publish(db: Db, channel: string, payload: unknown): Promise<number> {
  if (!channelDefinition(channel)) throw new Error(`publish on an undeclared channel: ${channel}`);
  const [row] = await db.insert(events).values({ channel, payload: payload ?? {} }).returning({ id: events.id });
  const notice: EventNotice = { id: row!.id, channel };
  await db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(notice)})`);
  return row!.id;
}

interface EventRow {
  id: string | number;
  channel: string;
  payload: unknown;
  created_at: string | Date;
}

const toEvent = (row: EventRow): RealtimeEvent => ({
  id: Number(row.id),
  channel: row.channel,
  payload: row.payload,
  createdAt: new Date(row.created_at).toISOString(),
});

/** The events with these ids, in id order. */
export async function eventsByIds(database: Database, ids: readonly number[]): Promise<RealtimeEvent[]> {
  if (ids.length === 0) return [];
  const rows = await database.query<EventRow>(
    'select id, channel, payload, created_at from events where id = any($1::bigint[]) order by id',
    [ids.map(String)],
  );
  return rows.map(toEvent);
}

/** The events after `afterId` on these channels, oldest first (a resuming stream's missed events). */
export async function eventsAfter(database: Database, afterId: number, channels: readonly string[], limit = 1000): Promise<RealtimeEvent[]> {
  const rows = await database.query<EventRow>(
    'select id, channel, payload, created_at from events where id > $1 and channel = any($2::text[]) order by id limit $3',
    [String(afterId), [...channels], limit],
  );
  return rows.map(toEvent);
}

/** Deletes events past retention and spent stream tickets (safe on several instances at once). */
export async function purgeRealtime(database: Database): Promise<void> {
  await database.query(`delete from events where created_at < now() - interval '${EVENT_RETENTION_MINUTES} minutes'`);
  await database.query('delete from event_tickets where expires_at < now()');
}
