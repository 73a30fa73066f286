/**
 * Reads a public web page's metadata for the content form (`POST /crawler`) and the link preview
 * (`GET /pagepreviews/?url=`): Open Graph (`og:title`, `og:description`, `og:image`), else `<title>` and
 * `<meta name="description">`. Every request — the page, each redirect hop and the image — goes through the shared
 * outbound fetch (server/http/outboundFetch.ts): http(s) only, public addresses only (checked in the socket's own DNS
 * lookup, so after resolution), a short deadline and a size cap. Redirects are followed by hand, at most
 * `maxRedirects`, each new address checked again. Only the page's first `maxBytes` are read: the head is enough.
 */
import { OutboundError, openOutboundStream } from '../http/outboundFetch';

export const CRAWLER_LIMITS = {
  timeoutMs: 5_000,
  /** The page's bytes read (its head holds the metadata). */
  pageBytes: 512 * 1024,
  /** The image's bytes: the content images' own cap is larger, but a preview image is small. */
  imageBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
} as const;

export interface PageMetadata {
  url: string;
  title: string | null;
  description: string | null;
  image: string | null;
}

export interface CrawlOptions {
  /** `http://host:port` origins allowed although private (server/config.ts `crawlerPrivateOrigins`). */
  privateOrigins?: readonly string[];
}

const allowsPrivate = (url: URL, options: CrawlOptions) => (options.privateOrigins ?? []).includes(url.origin.toLowerCase());

/**
 * GET `raw`, following redirects by hand (each hop checked as the first), and answers the final URL with its stream.
 * Throws an OutboundError (`refused_address` for a private address anywhere on the way).
 */
export async function fetchFollowing(raw: string, options: CrawlOptions & { maxBytes: number; accept: string }) {
  let current = raw;
  for (let hop = 0; hop <= CRAWLER_LIMITS.maxRedirects; hop += 1) {
    let url: URL;
    try {
      url = new URL(current);
    } catch {
      throw new OutboundError('bad_url', 'not a URL');
    }
    const answer = await openOutboundStream(url.href, {
      timeoutMs: CRAWLER_LIMITS.timeoutMs,
      maxBytes: options.maxBytes,
      headers: { accept: options.accept, 'user-agent': 'PortalesAdmin-LinkReader/1.0' },
      allowPrivateAddresses: allowsPrivate(url, options),
    });
    if (answer.status >= 300 && answer.status < 400) {
      answer.discard();
      const location = answer.location;
      if (!location) throw new OutboundError('status', `redirect without location`);
      current = new URL(location, url).href;
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) {
      answer.discard();
      throw new OutboundError('status', `status ${answer.status}`);
    }
    return { url, answer };
  }
  throw new OutboundError('status', 'too many redirects');
}

/** Reads at most `limit` bytes of a stream, then stops it (a page longer than its head is not an error). */
async function readPrefix(body: NodeJS.ReadableStream & { destroy(): void }, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) break;
    }
  } catch (error) {
    if (!(error instanceof OutboundError && error.reason === 'too_large')) throw error;
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const clean = (value: string | undefined | null, max: number): string | null => {
  if (!value) return null;
  const text = decodeEntities(value.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : null;
};

/** The attributes of one tag (`<meta property="og:title" content="…">`), names in lower case. */
function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-zA-Z:_-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/g)) {
    found[match[1]!.toLowerCase()] = match[3] ?? match[4] ?? match[5] ?? '';
  }
  return found;
}

/** The metadata of an HTML text (pure: the tests read it without a network). */
export function parseMetadata(html: string, pageUrl: string): PageMetadata {
  const metas = [...html.matchAll(/<meta\b[^>]*>/gi)].map((match) => attributes(match[0]));
  const meta = (...names: string[]) => {
    for (const name of names) {
      const found = metas.find((m) => (m.property ?? m.name ?? '').toLowerCase() === name && m.content);
      if (found) return found.content;
    }
    return undefined;
  };
  const titleTag = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const imageRaw = meta('og:image', 'og:image:url', 'twitter:image');
  let image: string | null = null;
  if (imageRaw) {
    try {
      const resolved = new URL(decodeEntities(imageRaw.trim()), pageUrl);
      if (resolved.protocol === 'http:' || resolved.protocol === 'https:') image = resolved.href;
    } catch {
      image = null;
    }
  }
  return {
    url: pageUrl,
    title: clean(meta('og:title', 'twitter:title') ?? titleTag, 120),
    description: clean(meta('og:description', 'description', 'twitter:description'), 400),
    image,
  };
}

/** Fetches a page and reads its metadata. */
export async function readPageMetadata(raw: string, options: CrawlOptions = {}): Promise<PageMetadata> {
  const { url, answer } = await fetchFollowing(raw, { ...options, maxBytes: CRAWLER_LIMITS.pageBytes, accept: 'text/html,application/xhtml+xml' });
  if (answer.contentType && !/html|xml/.test(answer.contentType)) {
    answer.discard();
    return { url: url.href, title: null, description: null, image: null };
  }
  const bytes = await readPrefix(answer.body, CRAWLER_LIMITS.pageBytes);
  return parseMetadata(bytes.toString('utf8'), url.href);
}
