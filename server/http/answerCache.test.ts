import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answerCache';

const answer = (version: string, payload: string) => ({ version, contentType: 'application/json; charset=utf-8', payload });

describe('AnswerCache', () => {
  it('gives an answer back only under the version it was made under', () => {
    const cache = new AnswerCache();
    cache.set('7\u0000/api/v1/sites/', answer('41', '{"results":[]}'));
    expect(cache.get('7\u0000/api/v1/sites/', '41')?.payload).toBe('{"results":[]}');
    expect(cache.get('7\u0000/api/v1/sites/', '42')).toBeUndefined();
    expect(cache.get('8\u0000/api/v1/sites/', '41')).toBeUndefined();
  });

  it('replaces the answer of a key, counting its bytes once', () => {
    const cache = new AnswerCache();
    cache.set('k', answer('1', 'x'.repeat(100)));
    cache.set('k', answer('2', 'y'.repeat(30)));
    expect(cache.size).toBe(1);
    expect(cache.totalBytes).toBe(30);
    expect(cache.get('k', '2')?.payload).toBe('y'.repeat(30));
  });

  it('drops the least recently used answer past its number of entries', () => {
    const cache = new AnswerCache(2, 1_000_000);
    cache.set('a', answer('1', 'a'));
    cache.set('b', answer('1', 'b'));
    cache.get('a', '1');
    cache.set('c', answer('1', 'c'));
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')?.payload).toBe('a');
    expect(cache.get('c', '1')?.payload).toBe('c');
  });

  it('keeps its bytes under the cap and never keeps an answer larger than a quarter of it', () => {
    const cache = new AnswerCache(100, 1000);
    for (let i = 0; i < 10; i += 1) cache.set(`k${i}`, answer('1', 'z'.repeat(200)));
    expect(cache.totalBytes).toBeLessThanOrEqual(1000);
    expect(cache.size).toBe(5);
    expect(cache.get('k9', '1')).toBeDefined();
    expect(cache.get('k0', '1')).toBeUndefined();
    cache.set('big', answer('1', 'b'.repeat(251)));
    expect(cache.get('big', '1')).toBeUndefined();
  });

  it('compresses a kept answer once per encoding and counts the compressed bytes with it', () => {
    const cache = new AnswerCache();
    const text = JSON.stringify(Array.from({ length: 100 }, (_, id) => ({ id, name: `Gobernación ${id}` })));
    cache.set('k', answer('1', text));
    const kept = cache.get('k', '1')!;
    const br = cache.encoded('k', kept, 'br');
    expect(brotliDecompressSync(br).toString('utf8')).toBe(text);
    expect(cache.encoded('k', kept, 'br')).toBe(br);
    const gzip = cache.encoded('k', kept, 'gzip');
    expect(gunzipSync(gzip).toString('utf8')).toBe(text);
    expect(cache.totalBytes).toBe(text.length + br.length + gzip.length);
  });

  it('does not keep the compressed bytes of an answer dropped since it was read', () => {
    const cache = new AnswerCache(1, 1_000_000);
    cache.set('a', answer('1', 'a'.repeat(2000)));
    const kept = cache.get('a', '1')!;
    cache.set('b', answer('1', 'b'));
    const gzip = cache.encoded('a', kept, 'gzip');
    expect(gunzipSync(gzip).toString('utf8')).toBe('a'.repeat(2000));
    expect(cache.totalBytes).toBe(1);
  });

  it('drops the least recently used answers when compressed bytes pass its cap', () => {
    const cache = new AnswerCache(100, 2500);
    // 600 characters that hardly compress (base64 of hashes): three answers fit the cap, not with their compressed bytes.
    const text = (seed: number) => Array.from({ length: 14 }, (_, i) => createHash('sha256').update(`${seed}-${i}`).digest('base64')).join('').slice(0, 600);
    cache.set('old', answer('1', text(1)));
    cache.set('new', answer('1', text(2)));
    cache.set('newest', answer('1', text(3)));
    const kept = cache.get('newest', '1')!;
    cache.encoded('newest', kept, 'gzip');
    cache.encoded('newest', kept, 'br');
    expect(cache.totalBytes).toBeLessThanOrEqual(2500);
    expect(cache.get('old', '1')).toBeUndefined();
    expect(cache.get('newest', '1')).toBeDefined();
  });
});
