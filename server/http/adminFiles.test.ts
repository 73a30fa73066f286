import { describe, expect, it } from 'vitest';
import { cacheControlFor, IMMUTABLE_CACHE, REVALIDATE_CACHE } from './adminFiles';

describe('cacheControlFor', () => {
  it.each([
    ['assets/index-Ab12Cd34.js', IMMUTABLE_CACHE],
    ['assets/index-Ab12Cd34.js.br', IMMUTABLE_CACHE],
    ['assets/index-Ab12Cd34.css.gz', IMMUTABLE_CACHE],
    ['assets/deep/logo-Ab12Cd34.png', IMMUTABLE_CACHE],
    ['index.html', REVALIDATE_CACHE],
    ['index.html.br', REVALIDATE_CACHE],
    ['favicon.svg', REVALIDATE_CACHE],
    ['assets', REVALIDATE_CACHE],
    ['other/assets/x.js', REVALIDATE_CACHE],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});
