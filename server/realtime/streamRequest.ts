/** Reading a stream request: its channels and where it resumes. A pure function (table-driven test beside it). */
export const MAX_CHANNELS = 20;

export type StreamRequest =
  | { channels: string[]; lastEventId: number | null }
  | { error: { target: 'channels' | 'lastEventId'; messageKey: string } };

/**
 * `channels=a,b` (trimmed, deduplicated, at most MAX_CHANNELS) and the id to resume after: the Last-Event-ID header
 * (what EventSource sends when it reconnects) or the `lastEventId` query (a client that opens a new stream).
 */
export function streamRequest(query: { channels?: string; lastEventId?: string }, header: string | string[] | undefined): StreamRequest {
  const channels = [...new Set((query.channels ?? '').split(',').map((name) => name.trim()).filter(Boolean))];
  if (channels.length === 0 || channels.length > MAX_CHANNELS) return { error: { target: 'channels', messageKey: 'realtime.channels_required' } };
  const resume = (Array.isArray(header) ? header[0] : header) ?? query.lastEventId;
  if (resume === undefined || resume === '') return { channels, lastEventId: null };
  if (!/^\d{1,15}$/.test(resume.trim())) return { error: { target: 'lastEventId', messageKey: 'realtime.last_event_id_invalid' } };
  return { channels, lastEventId: Number(resume.trim()) };
}
