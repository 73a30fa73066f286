-- Written by hand (drizzle-kit does not express functions). Issue 22 'Performance by design': exports are written by
-- Node alone (server/exports/listExport.ts `csvChunks`, `xlsxChunks`) over keyset batches, so the cells the database
-- wrote for them (migration 0023 `csv_cell`, migration 0025 `xlsx_text_cell` and `xlsx_escaped_cell`) are dropped.
DROP FUNCTION IF EXISTS public.xlsx_text_cell(text, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS public.xlsx_escaped_cell(text, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS public.csv_cell(text);
