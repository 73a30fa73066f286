import { describe, expect, it } from 'vitest';
import { looksLikeText } from './formats';

const bytes = (...values: number[]) => Uint8Array.from(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('looksLikeText', () => {
  it.each([
    ['UTF-8 CSV', utf8('nombre;municipio\r\nAlcaldía;Bogotá\n'), true],
    ['tabs and form feed', utf8('a\tb\fc'), true],
    ['Windows-1252 (é, €, curly quotes)', bytes(0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x93, 0x94), true],
    ['NUL byte', bytes(0x61, 0x00, 0x62), false],
    ['escape character', utf8('a\u001bb'), false],
    ['DEL character', utf8('a\u007fb'), false],
    ['byte undefined in Windows-1252', bytes(0x61, 0xe9, 0x81), false],
    ['empty', bytes(), true],
  ])('%s', (_label, input, expected) => {
    expect(looksLikeText(input)).toBe(expected);
  });
});
