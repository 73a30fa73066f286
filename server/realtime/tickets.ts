/**
 * Stream tickets: EventSource cannot send the bearer header, so a signed-in superadmin first asks for a ticket
 * (POST /events/ticket) and opens the stream with it in the URL. A ticket lives 60 s, works once (deleted
 * atomically when used) and is kept in the database (as its sha256) so any instance accepts it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../context';
import type { Database } from '../db/connection';
import { eventTickets } from '../db/schema';
import { loadSessionUser } from '../auth/sessionUser';

export const TICKET_TTL_SECONDS = 60;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function issueEventTicket(database: Database, user: AuthUser): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = randomBytes(24).toString('base64url');
  await database.db.insert(eventTickets).values({
    ticketHash: sha256(ticket),
    userId: user.id,
    sessionId: user.sessionId,
    expiresAt: sql`now() + ${TICKET_TTL_SECONDS}::int * interval '1 second'`,
  });
  return { ticket, expiresIn: TICKET_TTL_SECONDS };
}

/** Spends a ticket: the superadmin it was issued to (session still open), or null (unknown, used, expired, revoked). */
export async function consumeEventTicket(database: Database, ticket: string, sessionMaxHours: number): Promise<AuthUser | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(ticket)) return null;
  const [row] = await database.query<{ user_id: number; session_id: string; live: boolean }>(
    'delete from event_tickets where ticket_hash = $1 returning user_id, session_id, expires_at > now() as live',
    [sha256(ticket)],
  );
  if (!row?.live) return null;
  return currentSessionUser(database, row.user_id, row.session_id, sessionMaxHours);
}

/** The superadmin behind a session, or null once it is revoked, expired or the user is gone. */
export async function currentSessionUser(database: Database, userId: number, sessionId: string, sessionMaxHours: number): Promise<AuthUser | null> {
  const session = await loadSessionUser(database, userId, sessionId, sessionMaxHours);
  return session && session !== 'revoked' ? session.user : null;
}
