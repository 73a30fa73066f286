/** Server-side sessions named by the bearer tokens (see tokens.ts). */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { sessions } from '../db/schema';
import { newSessionId } from './tokens';

export async function openSession(tx: Db, userId: number): Promise<string> {
  const id = newSessionId();
  await tx.insert(sessions).values({ id, userId });
  return id;
}

export async function revokeSession(tx: Db, sessionId: string): Promise<void> {
  await tx.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every open session of the user, except `keep` (the caller's own, when it changes itself). */
export async function revokeUserSessions(tx: Db, userId: number, keep?: string): Promise<void> {
  const open = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(keep ? and(open, ne(sessions.id, keep)) : open);
}
