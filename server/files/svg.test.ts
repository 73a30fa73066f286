import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg';

const svg = (body: string, attributes = '') => `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attributes}>${body}</svg>`;

describe('sanitizeSvg', () => {
  it('keeps drawing elements and their presentation attributes (case of viewBox and gradients kept)', () => {
    const cleaned = sanitizeSvg(
      svg('<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/><use href="#g"/>'),
    )!;
    expect(cleaned).toContain('viewBox="0 0 10 10"');
    expect(cleaned).toContain('<linearGradient id="g">');
    expect(cleaned).toContain('fill="url(#g)"');
    expect(cleaned).toContain('<use href="#g"');
  });

  it.each([
    ['a script element', svg('<script>alert(1)</script><rect width="1" height="1"/>'), /script|alert/i],
    ['a CDATA script', svg('<script><![CDATA[alert(1)]]></script>'), /script|alert/i],
    ['an onload handler', svg('<rect width="1" height="1"/>', ' onload="alert(1)"'), /onload|alert/i],
    ['an event handler on a child', svg('<circle r="1" onclick="alert(1)" onmouseover="x()"/>'), /onclick|onmouseover|alert/i],
    ['an external href', svg('<use href="https://evil.example/x.svg#a"/>'), /evil/],
    ['an external xlink:href', svg('<image xlink:href="http://evil.example/x.png"/><use xlink:href="//evil.example/a#b"/>'), /evil/],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>'), /javascript|alert/i],
    ['a foreignObject with HTML', svg('<foreignObject><iframe src="https://evil.example"></iframe><p>hola</p></foreignObject>'), /foreignObject|iframe|evil|hola/],
    ['a style element importing CSS', svg('<style>@import url(https://evil.example/a.css);</style>'), /style|evil|import/],
    ['a style attribute with an external url', svg('<rect width="1" height="1" style="fill:url(https://evil.example/a)"/>'), /evil|style/],
    ['a fill pointing outside', svg('<rect width="1" height="1" fill="url(https://evil.example/a#g)"/>'), /evil/],
    ['an entity-spelt javascript href', svg('<use href="&#106;avascript:alert(1)"/>'), /avascript|alert/],
  ])('removes %s', (_label, input, forbidden) => {
    const cleaned = sanitizeSvg(input);
    expect(cleaned).not.toBeNull();
    expect(cleaned).not.toMatch(forbidden);
    expect(cleaned).toMatch(/^<svg/);
  });

  it.each([
    ['HTML', '<html><body><script>alert(1)</script></body></html>'],
    ['plain text', 'hola'],
    ['text before the drawing', 'hola<svg></svg>'],
  ])('refuses %s (no svg root)', (_label, input) => {
    expect(sanitizeSvg(input)).toBeNull();
  });
});
