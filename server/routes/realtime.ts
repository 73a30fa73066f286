/**
 * Hand routes: protocol work (server-sent events and their tickets).
 *
 * Realtime events over server-sent events (docs/services.md 'Realtime'). EventSource cannot send the bearer
 * header, so the stream route is declared public and its credential is a single-use ticket in the URL, asked
 * for with the bearer token (POST /events/ticket): without a valid ticket it answers 401 like any protected
 * route. Each requested channel is checked against its declaration (server/realtime/channels.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, badArgument, forbidden } from '../http/errors';
import { apiRoute, currentUser } from '../http/route';
import { t } from '../i18n';
import { canReadChannel, channelDefinition } from '../realtime/channels';
import { eventsAfter, type RealtimeEvent } from '../realtime/events';
import { RealtimeHub } from '../realtime/hub';
import { consumeEventTicket, currentSessionUser, issueEventTicket } from '../realtime/tickets';
import { streamRequest } from '../realtime/streamRequest';

/** A comment line every so often keeps proxies from closing an idle stream; the session is checked again then. */
export const HEARTBEAT_MS = 15_000;

const hubs = new WeakMap<FastifyInstance, RealtimeHub>();
/** The realtime hub of a server (its open streams), e.g. for health figures and tests. */
export const realtimeHubOf = (app: FastifyInstance) => hubs.get(app);

const ticketRefused = () => new ApiError(401, 'Unauthorized', t('realtime.ticket_invalid'));

export function registerRealtimeRoutes(app: FastifyInstance): void {
  const { database, config } = app.ctx;
  const hub = new RealtimeHub(database);
  hubs.set(app, hub);
  // Before the server stops accepting: open streams would otherwise hold app.close() forever.
  app.addHook('preClose', async () => hub.close());

  apiRoute(app, {
    method: 'POST',
    url: '/events/ticket',
    access: 'authenticated',
    summary: 'Pase de un solo uso (60 s) para abrir el flujo de eventos (EventSource no puede enviar el token)',
    tags: ['Eventos'],
    documentedResponses: {
      200: { type: 'object', properties: { ticket: { type: 'string' }, expiresIn: { type: 'integer', description: 'Segundos de validez' } } },
    },
    handler: async (request) => issueEventTicket(database, currentUser(request)),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/events/stream',
    // The ticket in the URL is the credential (EventSource sends no headers): checked below, 401 without it.
    access: 'public',
    summary: 'Flujo de eventos (text/event-stream) de los canales pedidos; se reanuda con Last-Event-ID',
    tags: ['Eventos'],
    schema: {
      querystring: {
        type: 'object',
        properties: {
          ticket: { type: 'string', description: 'Pase de POST /events/ticket (un solo uso)' },
          channels: { type: 'string', description: 'Canales separados por comas, p. ej. sites,jobs:42' },
          lastEventId: { type: 'string', description: 'Como la cabecera Last-Event-ID: reanuda tras ese evento' },
        },
      },
    },
    documentedResponses: {
      200: {
        description: 'Flujo de eventos: líneas id, event y data (JSON) por evento',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      },
    },
    handler: async (request, reply) => {
      const query = request.query as { ticket?: string; channels?: string; lastEventId?: string };
      const parsed = streamRequest(query, request.headers['last-event-id']);
      const user = query.ticket ? await consumeEventTicket(database, query.ticket, config.sessionMaxHours) : null;
      if (!user) throw ticketRefused();
      if ('error' in parsed) throw badArgument(parsed.error.target, parsed.error.messageKey);
      const unknown = parsed.channels.find((channel) => !channelDefinition(channel));
      if (unknown) throw badArgument('channels', 'realtime.channel_unknown');
      for (const channel of parsed.channels) {
        if (!(await canReadChannel(database, user, channel))) throw forbidden();
      }
      await hub.start();
      return openStream(request, reply, parsed.channels, parsed.lastEventId, async () => {
        const still = await currentSessionUser(database, user.id, user.sessionId, config.sessionMaxHours);
        if (!still) return false;
        for (const channel of parsed.channels) if (!(await canReadChannel(database, still, channel))) return false;
        return true;
      });
    },
  });

  /** Replays what a resuming stream missed, then hands it live events (none lost between, none twice). */
  async function openStream(
    request: FastifyRequest,
    reply: FastifyReply,
    channels: readonly string[],
    lastEventId: number | null,
    stillAllowed: () => Promise<boolean>,
  ) {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 3000\n: conectado\n\n');

    let closed = false;
    let replaying = lastEventId !== null;
    const held: RealtimeEvent[] = [];
    const replayed = new Set<number>();
    const send = (event: RealtimeEvent) => {
      if (closed) return;
      raw.write(`id: ${event.id}\ndata: ${JSON.stringify({ channel: event.channel, payload: event.payload, createdAt: event.createdAt })}\n\n`);
    };
    const end = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      raw.end();
    };
    const recheck = async () => {
      const allowed = await stillAllowed().catch(() => true);
      if (!allowed) end();
    };
    const unsubscribe = hub.subscribe({
      channels: new Set(channels),
      deliver: (event) => (replaying ? held.push(event) : send(event)),
      end,
      recheck,
    });
    // Each beat also checks the session: a signed-out or stripped superadmin's stream ends.
    const heartbeat = setInterval(() => {
      if (!closed) raw.write(': latido\n\n');
      void recheck();
    }, HEARTBEAT_MS);
    // The response's 'close': the client went away (or the stream ended).
    raw.on('close', end);

    if (replaying) {
      try {
        for (const event of await eventsAfter(database, lastEventId!, channels)) {
          replayed.add(event.id);
          send(event);
        }
      } catch (error) {
        request.log.warn({ err: error }, 'realtime replay failed: stream closed, the client resumes');
        end();
      } finally {
        replaying = false;
        // Heard live while replaying: sent unless the replay already carried it.
        held.filter((event) => !replayed.has(event.id)).forEach(send);
      }
    }
    return reply;
  }
}
