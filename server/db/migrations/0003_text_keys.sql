-- Text keys for the database's own rules (see docs/decisions/0009-spanish-names-and-search.md).
-- unaccent: accent-free comparison keys; pg_trgm: trigram indexes for searches.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); fixing the dictionary makes it usable in indexes.
CREATE OR REPLACE FUNCTION public.immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- The key a Spanish name is compared and ordered by (with COLLATE "C"): case and accents dropped,
-- ñ kept as a letter of its own after n ('n~' sorts after every 'n' + letter and before 'o').
CREATE OR REPLACE FUNCTION public.spanish_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.immutable_unaccent(replace(replace($1, 'ñ', 'n~'), 'Ñ', 'n~'))) $$;
--> statement-breakpoint
-- Catalogue names that only the code check kept apart (a race, or a case/accent variant) would stop
-- the unique indexes of the next migration: the later row of each clash gets its id appended.
UPDATE site_types t SET name = left(t.name, 100 - length(' (' || t.id || ')')) || ' (' || t.id || ')'
  WHERE EXISTS (SELECT 1 FROM site_types o WHERE o.id < t.id AND public.spanish_key(o.name) = public.spanish_key(t.name));
--> statement-breakpoint
UPDATE procedure_types t SET name = left(t.name, 100 - length(' (' || t.procedure_type_id || ')')) || ' (' || t.procedure_type_id || ')'
  WHERE EXISTS (SELECT 1 FROM procedure_types o WHERE o.procedure_type_id < t.procedure_type_id AND public.spanish_key(o.name) = public.spanish_key(t.name));
--> statement-breakpoint
UPDATE document_types t SET name = left(t.name, 100 - length(' (' || t.document_type_id || ')')) || ' (' || t.document_type_id || ')'
  WHERE NOT t.deleted
    AND EXISTS (SELECT 1 FROM document_types o WHERE NOT o.deleted AND o.document_type_id < t.document_type_id AND public.spanish_key(o.name) = public.spanish_key(t.name));
--> statement-breakpoint
UPDATE chat_categories t SET name = left(t.name, 100 - length(' (' || t.id || ')')) || ' (' || t.id || ')'
  WHERE EXISTS (SELECT 1 FROM chat_categories o WHERE o.id < t.id AND public.spanish_key(o.name) = public.spanish_key(t.name));
