import { describe, expect, it } from 'vitest';
import { xlsxBatchSql, xlsxLiteralCellSql, xlsxNumberCellSql, xlsxRefSql, xlsxRowSql, xlsxTextCellSql } from './xlsxSql';

describe('xlsxSql', () => {
  it('refers to a cell by its column letters and the batch row number', () => {
    expect(xlsxRefSql(0)).toBe(`'A' || b."__xlsxRow"`);
    expect(xlsxRefSql(27)).toBe(`'AB' || b."__xlsxRow"`);
  });

  it('writes a known text as its escaped inline string literal, nothing for a text empty once escaped', () => {
    expect(xlsxLiteralCellSql(" l'a & <b> ")("'C' || n")).toBe(
      `'<c r="' || 'C' || n || '" t="inlineStr">' || '<is><t xml:space="preserve"> l''a &amp; &lt;b&gt; </t></is></c>'`,
    );
    expect(xlsxLiteralCellSql('\u0001')('r')).toBe("''");
  });

  it('joins the cells of a row, each with its own reference, between <row> and </row>', () => {
    const row = xlsxRowSql([xlsxTextCellSql('b.name'), xlsxNumberCellSql('b.n')]);
    expect(row).toBe(
      `'<row r="' || b."__xlsxRow" || '">' || xlsx_text_cell('A' || b."__xlsxRow", b.name) || `
        + `coalesce('<c r="' || 'B' || b."__xlsxRow" || '"><v>' || (b.n)::text || '</v></c>', '') || '</row>'`,
    );
  });

  it('numbers the rows of the wrapped batch from the first row parameter', () => {
    expect(xlsxBatchSql('select 1', 'x', '$3')).toContain(`(row_number() over () + $3::bigint - 1)::text as "__xlsxRow" from (select 1) s) b`);
  });
});
