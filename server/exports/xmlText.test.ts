// @vitest-environment jsdom
// (jsdom's DOMParser: a real XML parser, which refuses a malformed document.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withoutForbiddenXml } from '../../tests/helpers/xmlChars';
import { xmlText } from './xmlText';

/** What an XML parser reads back from `xmlText(text)` inside an element (and fails on a malformed document). */
function parsed(text: string): string {
  const document = new DOMParser().parseFromString(`<t xml:space="preserve">${xmlText(text)}</t>`, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return document.documentElement.textContent ?? '';
}

const awkward = fc.string({
  unit: fc.constantFrom('a', 'ñ', ' ', '&', '<', '>', '"', "'", '=', '\t', '\n', '\r', '\u0000', '\u0001', '\u000B', '\u001F', '\u007F', '\u0085',
    '\uD83D', '\uDE00', '😀', '\uFFFE', '\uFFFF', '\uFEFF', ']]>', '&amp;', '&#13;'),
});

describe('xmlText', () => {
  it('escapes & < > " and CR, and removes what XML 1.0 forbids', () => {
    expect(xmlText('a & b < c > d "e"')).toBe('a &amp; b &lt; c &gt; d &quot;e&quot;');
    expect(xmlText('línea\r\notra\tcol')).toBe('línea&#13;\notra\tcol');
    expect(xmlText('\u0000a\u0001\u0008\u000B\u000C\u000E\u001F\u007Fb')).toBe('ab');
    expect(xmlText('x\uD83Dy\uDE00z 😀')).toBe('xyz 😀');
    expect(xmlText('\uFFFE\uFFFFfin\uD83D')).toBe('fin');
    expect(xmlText("=SUMA(A1) 'ya'")).toBe("=SUMA(A1) 'ya'");
  });

  it('answers a text with nothing to change as it is', () => {
    const text = 'Alcaldía de Bogotá 😀';
    expect(xmlText(text)).toBe(text);
  });

  it('parses back to the text minus the forbidden characters, for any text', () => {
    fc.assert(
      fc.property(fc.oneof(awkward, fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })), (text) => {
        expect(parsed(text)).toBe(withoutForbiddenXml(text));
      }),
      { numRuns: 1000 },
    );
  });
});
