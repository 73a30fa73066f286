/** A test's subscriber of the realtime stream (docs/services.md 'Realtime'): tests/api/realtime.test.ts, backups.test.ts. */
export interface ReceivedEvent {
  id: number;
  channel: string;
  payload: unknown;
}

/** An SSE client over fetch streaming: `next()` answers the stream's next event (comments and retry skipped). */
export async function openStream(server: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${server}/api/v1/events/stream?${new URLSearchParams(query)}`, { signal: controller.signal, headers });
  if (response.status !== 200) return { response, next: async (): Promise<ReceivedEvent> => Promise.reject(new Error('no stream')), close: () => {} };
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  // The first block ('retry' and a comment) comes once the stream is subscribed: publishing after it is safe.
  while (!buffer.includes('\n\n')) buffer += (await reader.read()).value ?? '';
  buffer = buffer.slice(buffer.indexOf('\n\n') + 2);
  async function next(): Promise<ReceivedEvent> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        const id = lines.find((line) => line.startsWith('id: '));
        const data = lines.find((line) => line.startsWith('data: '));
        if (id && data) return { id: Number(id.slice(4)), ...(JSON.parse(data.slice(6)) as { channel: string; payload: unknown }) };
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += value;
    }
  }
  return { response, next, close: () => controller.abort() };
}
