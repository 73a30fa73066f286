/**
 * The CSV lines of an export, written by hand for speed (issue 7: exports at ≥ 50% of COPY) with exactly
 * the output of `Papa.unparse(lines, { delimiter: ';', newline: '\r\n', escapeFormulae: true })`, which
 * csv.test.ts checks on arbitrary input: a text starting like a formula (= + - @ tab CR) gets a leading
 * apostrophe and quotes (CSV injection); a text holding the delimiter, a quote, a line break or a BOM, or
 * starting or ending with a space, is quoted with its quotes doubled; numbers are written as they are.
 */
export const CSV_DELIMITER = ';';

// Papa's own pattern (without the s or m flag: a line break inside the text stops it from matching).
const FORMULA = /^[=+\-@\t\r].*$/;
const NEEDS_QUOTES = /[\r\n"\uFEFF;]/;

export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  let text = value;
  let quoted = false;
  const first = text.charCodeAt(0);
  // The formula test only for a text starting with one of its signs (= + - @ tab CR).
  if ((first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13) && FORMULA.test(text)) {
    text = `'${text}`;
    quoted = true;
  }
  if (quoted || NEEDS_QUOTES.test(text) || first === 32 || text.charCodeAt(text.length - 1) === 32) {
    return `"${text.replace(/"/g, '""')}"`;
  }
  return text;
}

/** The lines, each ended by CRLF. */
export function csvLines(lines: readonly (readonly (string | number)[])[]): string {
  let out = '';
  for (const line of lines) {
    for (let index = 0; index < line.length; index += 1) {
      if (index > 0) out += CSV_DELIMITER;
      out += csvCell(line[index]!);
    }
    out += '\r\n';
  }
  return out;
}
