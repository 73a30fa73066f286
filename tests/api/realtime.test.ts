/**
 * Realtime events (issue 6, docs/services.md 'Realtime'): a single-use, short-lived ticket opens the stream; a
 * stream gets only channels its superadmin may read; it resumes after Last-Event-ID; an event published in a
 * transaction is delivered only if it commits; and an event published through one server instance reaches a
 * stream on another instance of the same database (PostgreSQL LISTEN/NOTIFY; on PGlite two servers share one
 * embedded database).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { verifyToken } from '../../server/auth/tokens';
import type { AppContext } from '../../server/context';
import { openDatabase, type Database } from '../../server/db/connection';
import { events, eventTickets } from '../../server/db/schema';
import { defineChannel } from '../../server/realtime/channels';
import { publish, purgeRealtime } from '../../server/realtime/events';
import { realtimeHubOf } from '../../server/routes/realtime';
import { bearer, createTestApp } from '../helpers/testApp';
import { openStream } from '../helpers/eventStream';
import { sql } from 'drizzle-orm';

defineChannel({ name: 'prueba-ajustes', access: { permissions: ['Settings'] }, summary: 'Canal de prueba (Settings)' });
defineChannel({ name: 'prueba-trabajo', access: 'authenticated', parameterised: true, summary: 'Canal de prueba por id' });

const t = await createTestApp({ seed: 'reference' });
let base = '';
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

const sitesToken = await t.tokenFor(['Sites']);
const settingsToken = await t.tokenFor(['Settings']);

async function ticketFor(token: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/events/ticket', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { ticket: string; expiresIn: number };
  expect(body.expiresIn).toBe(60);
  return body.ticket;
}

describe('tickets', () => {
  it('the stream without a ticket, or with a made-up one, answers 401 in the envelope', async () => {
    for (const query of [{ channels: 'sites' }, { channels: 'sites', ticket: 'x'.repeat(32) }] as Record<string, string>[]) {
      const response = await fetch(`${base}/api/v1/events/stream?${new URLSearchParams(query)}`);
      expect(response.status).toBe(401);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error).toMatchObject({ code: 'Unauthorized', message: 'El pase para recibir eventos no es válido, ya se usó o caducó: solicita uno nuevo.' });
    }
  });

  it('a ticket needs a signed-in superadmin, works once, and not after it expires', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/events/ticket' })).statusCode).toBe(401);
    const ticket = await ticketFor(sitesToken);
    const first = await openStream(base, { ticket, channels: 'sites' });
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toContain('text/event-stream');
    first.close();
    expect((await openStream(base, { ticket, channels: 'sites' })).response.status).toBe(401);

    const late = await ticketFor(sitesToken);
    await t.database.db.update(eventTickets).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await openStream(base, { ticket: late, channels: 'sites' })).response.status).toBe(401);
  });

  it('a ticket of a session that signed out opens nothing', async () => {
    const token = await t.tokenFor(['Sites']);
    const ticket = await ticketFor(token);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/logout', headers: bearer(token) })).statusCode).toBeLessThan(300);
    expect((await openStream(base, { ticket, channels: 'sites' })).response.status).toBe(401);
  });
});

describe('channels and permissions', () => {
  it('refuses a channel the superadmin may not read (403) and an unknown or missing one (400)', async () => {
    const forbidden = await openStream(base, { ticket: await ticketFor(settingsToken), channels: 'prueba-ajustes,sites' });
    expect(forbidden.response.status).toBe(403);
    for (const channels of ['', 'desconocido', 'sites:1', 'prueba-trabajo']) {
      const response = await openStream(base, { ticket: await ticketFor(sitesToken), channels });
      expect(response.response.status, channels).toBe(400);
    }
  });

  it('a stream receives only the channels it asked for, and an event only if its transaction commits', async () => {
    const stream = await openStream(base, { ticket: await ticketFor(settingsToken), channels: 'prueba-ajustes,prueba-trabajo:7' });
    try {
      await publish(t.database.db, 'sites', { name: 'no para este flujo' });
      await publish(t.database.db, 'prueba-trabajo:8', { progreso: 10 });
      await t.database.db
        .transaction(async (tx) => {
          await publish(tx, 'prueba-ajustes', { deshecho: true });
          throw new Error('rollback');
        })
        .catch(() => undefined);
      const kept = await publish(t.database.db, 'prueba-ajustes', { ajuste: 'nuevo' });
      const job = await publish(t.database.db, 'prueba-trabajo:7', { progreso: 50 });
      expect(await stream.next()).toEqual({ id: kept, channel: 'prueba-ajustes', payload: { ajuste: 'nuevo' }, createdAt: expect.any(String) });
      expect(await stream.next()).toMatchObject({ id: job, channel: 'prueba-trabajo:7', payload: { progreso: 50 } });
    } finally {
      stream.close();
    }
  });

  it('forgets a stream once its client goes away', async () => {
    const hub = realtimeHubOf(t.app)!;
    // The earlier tests' streams, closed by their clients, are gone too.
    await vi.waitFor(() => expect(hub.subscriberCount).toBe(0));
    const stream = await openStream(base, { ticket: await ticketFor(sitesToken), channels: 'sites' });
    expect(hub.subscriberCount).toBe(1);
    stream.close();
    await vi.waitFor(() => expect(hub.subscriberCount).toBe(0));
  });

  it('ends a stream once its superadmin signs out or loses the channel’s permission (checked at each heartbeat)', async () => {
    const hub = realtimeHubOf(t.app)!;
    const leaving = await t.tokenFor(['Sites']);
    const stripped = await t.tokenFor(['Sites', 'Settings']);
    const staying = await openStream(base, { ticket: await ticketFor(sitesToken), channels: 'sites' });
    const signedOut = await openStream(base, { ticket: await ticketFor(leaving), channels: 'sites' });
    const lostPermission = await openStream(base, { ticket: await ticketFor(stripped), channels: 'sites,prueba-ajustes' });
    try {
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/logout', headers: bearer(leaving) });
      const { userId } = (await verifyToken(t.context.signingKey, stripped))!;
      await t.database.query('delete from user_permissions where user_id = $1 and permission_id = 9', [userId]);
      await hub.recheck();
      await expect(signedOut.next()).rejects.toThrow('stream ended');
      await expect(lostPermission.next()).rejects.toThrow('stream ended');
      const still = await publish(t.database.db, 'sites', { sigue: true });
      expect((await staying.next()).id).toBe(still);
    } finally {
      staying.close();
      signedOut.close();
      lostPermission.close();
    }
  });

  it('refuses to publish on an undeclared channel', async () => {
    await expect(publish(t.database.db, 'nadie', {})).rejects.toThrow(/undeclared/);
  });
});

describe('resuming', () => {
  it('replays what came after Last-Event-ID (header or query), then goes on live', async () => {
    const first = await publish(t.database.db, 'sites', { n: 1 });
    const second = await publish(t.database.db, 'sites', { n: 2 });
    await publish(t.database.db, 'prueba-ajustes', { otro: true });
    const third = await publish(t.database.db, 'sites', { n: 3 });

    const byHeader = await openStream(base, { ticket: await ticketFor(sitesToken), channels: 'sites' }, { 'last-event-id': String(first) });
    const byQuery = await openStream(base, { ticket: await ticketFor(sitesToken), channels: 'sites', lastEventId: String(second) });
    try {
      expect((await byHeader.next()).id).toBe(second);
      expect((await byHeader.next()).id).toBe(third);
      expect((await byQuery.next()).id).toBe(third);
      const live = await publish(t.database.db, 'sites', { n: 4 });
      expect(await byHeader.next()).toMatchObject({ id: live, payload: { n: 4 } });
      expect(await byQuery.next()).toMatchObject({ id: live, payload: { n: 4 } });
    } finally {
      byHeader.close();
      byQuery.close();
    }
    const bad = await openStream(base, { ticket: await ticketFor(sitesToken), channels: 'sites', lastEventId: 'abc' });
    expect(bad.response.status).toBe(400);
  });
});

describe('purge', () => {
  it('deletes events past retention and expired tickets, and keeps the rest', async () => {
    const old = await publish(t.database.db, 'sites', { viejo: true });
    const recent = await publish(t.database.db, 'sites', { reciente: true });
    await t.database.query(`update events set created_at = now() - interval '61 minutes' where id = $1`, [old]);
    const live = await ticketFor(sitesToken);
    await ticketFor(sitesToken);
    await t.database.query(`update event_tickets set expires_at = now() - interval '1 second' where ticket_hash <> encode(sha256(convert_to($1, 'UTF8')), 'hex')`, [live]);
    await purgeRealtime(t.database);
    const ids = (await t.database.db.select({ id: events.id }).from(events)).map((row) => row.id);
    expect(ids).toContain(recent);
    expect(ids).not.toContain(old);
    expect(await t.database.db.select().from(eventTickets)).toHaveLength(1);
  });
});

describe('two server instances on one database', () => {
  let other: FastifyInstance;
  let otherDatabase: Database | null = null;
  let otherContext: AppContext;
  let otherBase = '';
  beforeAll(async () => {
    // PostgreSQL: a second pool and LISTEN connection, as another process would have. PGlite: one embedded
    // database can only be opened once, so the second server shares it (the same code path on each).
    otherDatabase = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl }) : null;
    otherContext = { ...t.context, database: otherDatabase ?? t.database };
    other = await buildApp({ context: otherContext });
    otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await other.close();
    await otherDatabase?.close();
  });

  it('a stream on instance A receives an event published through instance B, and the reverse', async () => {
    const onA = await openStream(base, { ticket: await ticketFor(sitesToken), channels: 'sites' });
    // The ticket was issued by A and is accepted by B: tickets live in the database.
    const onB = await openStream(otherBase, { ticket: await ticketFor(sitesToken), channels: 'sites' });
    try {
      const fromB = await publish(otherContext.database.db, 'sites', { desde: 'B' });
      expect(await onA.next()).toMatchObject({ id: fromB, payload: { desde: 'B' } });
      expect(await onB.next()).toMatchObject({ id: fromB, payload: { desde: 'B' } });
      const fromA = await publish(t.database.db, 'sites', { desde: 'A' });
      expect(await onB.next()).toMatchObject({ id: fromA, payload: { desde: 'A' } });
      expect(await onA.next()).toMatchObject({ id: fromA, payload: { desde: 'A' } });
    } finally {
      onA.close();
      onB.close();
    }
  });
});
