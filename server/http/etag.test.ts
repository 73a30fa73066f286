import { describe, expect, it } from 'vitest';
import { listEtag, matchesIfNoneMatch } from './etag';

describe('listEtag', () => {
  it('is weak, and changes with the data version, the caller and the URL', () => {
    const tag = listEtag('41', 7, '/api/v1/sites/?page=1')!;
    expect(tag).toMatch(/^W\/"41-[A-Za-z0-9_-]{16}"$/);
    expect(listEtag('41', 7, '/api/v1/sites/?page=1')).toBe(tag);
    expect(listEtag('42', 7, '/api/v1/sites/?page=1')).not.toBe(tag);
    expect(listEtag('41', 8, '/api/v1/sites/?page=1')).not.toBe(tag);
    expect(listEtag('41', 7, '/api/v1/sites/?page=2')).not.toBe(tag);
  });

  it('is absent without a data version or a caller', () => {
    expect(listEtag(null, 7, '/x')).toBeNull();
    expect(listEtag('41', null, '/x')).toBeNull();
    expect(listEtag('41', undefined, '/x')).toBeNull();
  });
});

describe('matchesIfNoneMatch', () => {
  const tag = 'W/"41-abc"';
  it('matches the tag, weak or strong, in a list, or *', () => {
    expect(matchesIfNoneMatch('W/"41-abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('"41-abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('"x", W/"41-abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
  });
  it('does not match another tag or no header', () => {
    expect(matchesIfNoneMatch('W/"42-abc"', tag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
    expect(matchesIfNoneMatch('', tag)).toBe(false);
  });
});
