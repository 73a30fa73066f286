-- Written by hand (drizzle-kit does not express functions). Issue 7 'Exports at >= 50% of COPY': the inline-string cell
-- of an XLSX export built by the database (server/exports/xlsxSql.ts), so that a keyset batch comes back as one row
-- holding its worksheet rows. It writes exactly what sheetCell (server/exports/xlsxSheet.ts) writes for a text at `ref`,
-- which tests/api/xlsx-sql.test.ts checks on arbitrary strings:
-- - null or '' (also once escaped): nothing (the cell is left out);
-- - the text escaped as xmlText (server/exports/xmlText.ts) does: & < > " and CR as entities, the control characters
--   XML forbids (other than tab, LF, CR), DEL, U+FFFE and U+FFFF removed (PostgreSQL text holds no NUL nor lone surrogate);
-- - xml:space="preserve" only when the escaped text starts or ends with whitespace (JavaScript's \s).
-- xlsx_text_cell is plain SQL, immutable and not strict, so the planner inlines it into the statement: most texts pass
-- the first regular expression and are written as they are; the others go to xlsx_escaped_cell (called, not inlined).
CREATE OR REPLACE FUNCTION public.xlsx_escaped_cell(ref text, value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN e = '' THEN ''
    ELSE '<c r="' || ref || '" t="inlineStr"><is>'
      || CASE WHEN e ~ '^[\t\n \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]|[\t\n \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
           THEN '<t xml:space="preserve">' ELSE '<t>' END
      || e || '</t></is></c>'
  END
  FROM (SELECT replace(replace(replace(replace(replace(
      regexp_replace(value, '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]', '', 'g'),
      '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), E'\r', '&#13;') AS e) escaped
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.xlsx_text_cell(ref text, value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN value IS NULL OR value = '' THEN ''
    WHEN value !~ '[&<>"\x01-\x08\x0b-\x1f\x7f\ufffe\uffff]|^[\t\n \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]|[\t\n \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
      THEN '<c r="' || ref || '" t="inlineStr"><is><t>' || value || '</t></is></c>'
    ELSE public.xlsx_escaped_cell(ref, value)
  END
$$;
