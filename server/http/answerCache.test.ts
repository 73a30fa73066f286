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
});
