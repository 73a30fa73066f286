import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STYLE_BOLD, STYLE_DATE } from './xlsxParts';
import { withoutForbiddenXml } from '../../tests/helpers/xmlChars';
import { columnLetter, excelSerial, SHEET_END, sheetCell, sheetRows, sheetStart } from './xlsxSheet';

/** The 0-based index of column letters, the other way round (base 26 without a zero digit). */
const columnIndex = (letters: string) => [...letters].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1;

describe('columnLetter', () => {
  it('names columns as Excel does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 16383].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
  });

  it('gives every index its own letters (the inverse answers the index)', () => {
    fc.assert(fc.property(fc.nat({ max: 16383 }), (index) => {
      const letters = columnLetter(index);
      expect(letters).toMatch(/^[A-Z]{1,3}$/);
      expect(columnIndex(letters)).toBe(index);
    }));
  });
});

describe('excelSerial', () => {
  it('counts days since 1899-12-30 in Colombia\'s wall time (UTC−5), the time as a fraction', () => {
    expect(excelSerial(new Date('1970-01-01T05:00:00Z'))).toBe(25569);
    expect(excelSerial(new Date('1970-01-01T00:00:00Z'))).toBe(25569 - 5 / 24);
    expect(excelSerial(new Date('1900-03-01T05:00:00Z'))).toBe(61);
    expect(excelSerial(new Date('2026-01-01T17:00:00Z'))).toBe(46023.5);
    expect(excelSerial(new Date('2026-01-01T05:00:01Z'))).toBeCloseTo(46023 + 1 / 86400, 9);
  });

  it('reads back to the same millisecond of Colombian wall time as exceljs reads it', () => {
    const instant = fc.date({ min: new Date('1900-03-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });
    fc.assert(fc.property(instant, (date) => {
      // How exceljs reads a serial back (its utils.excelToDate): rounded to the millisecond.
      const back = new Date(Math.round((excelSerial(date) - 25569) * 86_400_000));
      expect(back.getTime()).toBe(date.getTime() - 5 * 3_600_000);
    }), { numRuns: 2000 });
  });
});

describe('sheetCell', () => {
  it('leaves out empty cells: null, an empty text, a text of forbidden characters only, an invalid date', () => {
    expect(sheetCell('A1', null)).toBe('');
    expect(sheetCell('A1', '')).toBe('');
    expect(sheetCell('A1', '\u0001\uD800')).toBe('');
    expect(sheetCell('A1', new Date(Number.NaN))).toBe('');
  });

  it('writes numbers as values, dates as serials with the date style, texts as escaped inline strings', () => {
    expect(sheetCell('B7', 42)).toBe('<c r="B7"><v>42</v></c>');
    expect(sheetCell('B7', -1.5)).toBe('<c r="B7"><v>-1.5</v></c>');
    expect(sheetCell('C2', new Date('2026-01-01T17:00:00Z'))).toBe(`<c r="C2" s="${STYLE_DATE}"><v>46023.5</v></c>`);
    expect(sheetCell('D3', '=1+1 & <b>')).toBe('<c r="D3" t="inlineStr"><is><t>=1+1 &amp; &lt;b&gt;</t></is></c>');
    expect(sheetCell('A1', 'Id', STYLE_BOLD)).toBe(`<c r="A1" s="${STYLE_BOLD}" t="inlineStr"><is><t>Id</t></is></c>`);
  });

  it('keeps edge whitespace with xml:space="preserve", only where there is some', () => {
    expect(sheetCell('A1', ' borde')).toBe('<c r="A1" t="inlineStr"><is><t xml:space="preserve"> borde</t></is></c>');
    expect(sheetCell('A1', 'borde\n')).toBe('<c r="A1" t="inlineStr"><is><t xml:space="preserve">borde\n</t></is></c>');
    expect(sheetCell('A1', '\u00A0nbsp')).toBe('<c r="A1" t="inlineStr"><is><t xml:space="preserve">\u00A0nbsp</t></is></c>');
    expect(sheetCell('A1', 'en medio')).toBe('<c r="A1" t="inlineStr"><is><t>en medio</t></is></c>');
    expect(sheetCell('A1', 'ñandú')).toBe('<c r="A1" t="inlineStr"><is><t>ñandú</t></is></c>');
  });

  it('for the tricky texts: no cell when nothing is left once escaped, else an inline string, xml:space="preserve" only with edge whitespace', () => {
    const cases = ['=SUMA(A1)', 'a & b', '<b>', 'di "hola"', 'línea\r\nnueva', '\r', ' borde', 'borde ', '\tx', 'x\n', '\u00A0x', 'x\u3000', '\uFEFFx',
      '\u0001\u0007\u001F', 'a\u0001b\u007Fc', '\uFFFEx\uFFFF', '😀', 'ñandú', '', ' ', '\u0085x', 'a\u2028b'];
    for (const text of cases) {
      const kept = withoutForbiddenXml(text);
      const cell = sheetCell('B7', text);
      if (kept === '') {
        expect(cell, JSON.stringify(text)).toBe('');
        continue;
      }
      // JavaScript's \s on the escaped text (CR is `&#13;` there): what Excel would trim (the BOM, no-break and
      // ideographic spaces included; U+0085 not).
      const preserve = /^\s|\s$/.test(kept.replace(/\r/g, '&#13;'));
      expect(cell, JSON.stringify(text)).toMatch(new RegExp(`^<c r="B7" t="inlineStr"><is><t${preserve ? ' xml:space="preserve"' : ''}>[^]*</t></is></c>$`));
      expect(cell).not.toMatch(/[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF\r]/);
    }
    expect(sheetCell('B7', 'línea\r\nnueva')).toBe('<c r="B7" t="inlineStr"><is><t>línea&#13;\nnueva</t></is></c>');
    expect(sheetCell('B7', 'a\u0001b\u007Fc')).toBe('<c r="B7" t="inlineStr"><is><t>abc</t></is></c>');
    expect(sheetCell('B7', '\uFEFFx')).toBe('<c r="B7" t="inlineStr"><is><t xml:space="preserve">\uFEFFx</t></is></c>');
    expect(sheetCell('B7', '\u0085x')).toBe('<c r="B7" t="inlineStr"><is><t>\u0085x</t></is></c>');
  });

  it('writes a number that XML cannot hold as a value (NaN, Infinity) as text', () => {
    expect(sheetCell('A1', Number.POSITIVE_INFINITY)).toBe('<c r="A1" t="inlineStr"><is><t>Infinity</t></is></c>');
  });
});

describe('sheetStart / sheetRows', () => {
  it('writes the widths, a bold header row 1, then the rows numbered from firstRow with their references', () => {
    const start = sheetStart([{ header: 'Id', width: 8 }, { header: 'Nombre', width: 18 }]);
    expect(start).toContain('<cols><col min="1" max="1" width="8" customWidth="1"/><col min="2" max="2" width="18" customWidth="1"/></cols>');
    expect(start).toMatch(/<sheetData><row r="1"><c r="A1" s="1" t="inlineStr"><is><t>Id<\/t><\/is><\/c><c r="B1" s="1" t="inlineStr"><is><t>Nombre<\/t><\/is><\/c><\/row>$/);
    const rows = sheetRows([{ id: 7, name: null }, { id: null, name: 'b' }], [(row) => row.id, (row) => row.name], 5);
    expect(rows).toBe('<row r="5"><c r="A5"><v>7</v></c></row><row r="6"><c r="B6" t="inlineStr"><is><t>b</t></is></c></row>');
    expect(SHEET_END).toBe('</sheetData></worksheet>');
  });
});
