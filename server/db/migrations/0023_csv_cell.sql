-- Written by hand (drizzle-kit does not express functions). Issue 7 'Exports at >= 50% of COPY': the CSV cell of an
-- export built by the database (server/exports/csvSql.ts), so that a keyset batch comes back as one row holding its
-- lines instead of one object per row. It writes exactly what csvCell (server/exports/csv.ts, Papa.unparse with
-- escapeFormulae) writes for the same text, which tests/api/csv-sql.test.ts checks on arbitrary strings:
-- - null: the empty cell;
-- - a text starting like a formula (= + - @ tab CR) whose rest holds no line terminator (Papa's /^[=+\-@\t\r].*$/,
--   where `.` stops at LF, CR, U+2028 and U+2029): a leading apostrophe, quoted;
-- - a text holding CR, LF, a quote, the delimiter ; or a BOM, or starting or ending with a space: quoted, quotes doubled;
-- - any other text as it is.
-- Plain SQL, immutable and not strict, so the planner inlines it into the statement (a strict or plpgsql function is
-- called once per cell: three times slower). The first test is one regular expression: most cells stop there;
-- a text starting like a formula takes the second, and the third when a line terminator keeps it from being one.
CREATE OR REPLACE FUNCTION public.csv_cell(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN value IS NULL THEN ''
    WHEN value !~ '^[=+@\t\r-]|[\n\r";\uFEFF]|^ | $' THEN value
    WHEN value ~ '^[=+@\t\r-][^\n\r\u2028\u2029]*$' THEN '"''' || replace(value, '"', '""') || '"'
    WHEN value ~ '[\n\r";\uFEFF]|^ | $' THEN '"' || replace(value, '"', '""') || '"'
    -- Starts like a formula but a line terminator follows (U+2028, U+2029 need no quotes).
    ELSE value
  END
$$;
