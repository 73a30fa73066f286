/**
 * Compression of answers made at request time (docs/decisions/0022-first-load-budget.md): JSON and
 * text bodies above COMPRESSION_THRESHOLD_BYTES, in brotli (quality 4, @fastify/compress's fast
 * default) or gzip as the client accepts. The admin's built files are compressed at build time
 * instead (server/build/precompress.ts) and leave here with their Content-Encoding already set.
 */
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one call on the event loop (@fastify/compress `syncThreshold`), not through
 * a zlib stream on libuv's threads: on 2 cores shared with PostgreSQL nothing runs beside it, and a stream per answer
 * cost more than its compression (issue 23's profile of the site list: into-stream, Transform, a thread hop; its default
 * on 2 cores, 8 KiB, left a 20-row page on that path). 64 KiB at brotli 4 holds the loop about a millisecond.
 */
export const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

/** The encodings offered, best first. */
export const COMPRESSION_ENCODINGS = ['br', 'gzip'] as const;
export type CompressionEncoding = (typeof COMPRESSION_ENCODINGS)[number];

/** Brotli at quality 4 (@fastify/compress's own default). */
const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * The encoding @fastify/compress chooses for an Accept-Encoding header, by the same negotiator and the same aliases
 * (`*` and `x-gzip` are gzip); null for none (no header, identity only, nothing offered accepted).
 */
export function negotiatedEncoding(acceptEncoding: string | undefined): CompressionEncoding | null {
  if (acceptEncoding === undefined) return null;
  const chosen = negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...COMPRESSION_ENCODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/** An answer's bytes compressed as the plugin compresses them. */
export function compressAnswer(bytes: string | Buffer, encoding: CompressionEncoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(bytes, BROTLI_OPTIONS) : zlib.gzipSync(bytes);
}

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
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    encodings: [...COMPRESSION_ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
    customTypes: isCompressibleType,
  });
}
