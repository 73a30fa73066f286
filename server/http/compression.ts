/**
 * Compression of answers made at request time (docs/decisions.md 'First-load budget'): JSON and
 * text bodies above COMPRESSION_THRESHOLD_BYTES, in brotli (quality 4, @fastify/compress's fast
 * default) or gzip as the client accepts. The admin's built files are compressed at build time
 * instead (server/build/precompress.ts) and leave here with their Content-Encoding already set.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Whether an answer of this Content-Type is compressed: JSON and text documents (HTML, CSS,
 * JavaScript, SVG, plain text, XML). Not event streams (compression would hold events back), not
 * downloads (exports stream CSV and XLSX — already a zip — at full speed), not images or files.
 */
export function isCompressibleType(contentType: string): boolean {
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return (
    /^application\/([a-z0-9.+-]+\+)?json$/.test(type) ||
    /^(text\/(html|css|javascript|plain|xml)|application\/(javascript|xml)|image\/svg\+xml)$/.test(type)
  );
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // @fastify/compress also compresses any type mime-db calls compressible (text/csv, text/event-stream) whatever
  // `customTypes` answers: an answer of another type is marked with the plugin's own opt-out before its hook runs
  // (this hook is added first). Without it a 290 MB CSV export was brotli-compressed on the fly at ~10 MB/s.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (type !== undefined && !isCompressibleType(String(type))) request.headers['x-no-compression'] = 'true';
    return payload;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: isCompressibleType,
  });
}
