import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvLines } from './csv';

const papa = (lines: (string | number)[][]) => `${Papa.unparse(lines, { delimiter: ';', newline: '\r\n', escapeFormulae: true })}\r\n`;

describe('csvLines', () => {
  it('writes what Papa.unparse writes for the tricky cases', () => {
    const lines = [
      ['=SUMA(A1)', '+57', '-3', '@x', '\tx', '\rx', '=a\nb', 'a;b', 'di "hola"', ' borde', 'borde ', '', 'ñandú', '\uFEFFx', 'a\r\nb'],
      [0, -1.5, 1e21, 42, 'texto normal', "'ya con apóstrofo"],
    ];
    expect(csvLines(lines)).toBe(papa(lines));
  });

  it('writes what Papa.unparse writes for any cells', () => {
    const cell = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'Ñ', ' ', ';', '"', '\r', '\n', '=', '+', '-', '@', '\t', '\uFEFF', "'", ',') }),
      fc.string(),
      fc.double({ noNaN: true }),
      fc.integer(),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), (lines) => {
        expect(csvLines(lines)).toBe(papa(lines));
      }),
      { numRuns: 500 },
    );
  });
});
