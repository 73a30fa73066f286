ALTER TABLE "audit_log" ADD COLUMN "record_label" varchar(300);--> statement-breakpoint
-- Names the records of the lines written before the column existed (same rule as server/audit/audit.ts recordLabelOf).
UPDATE "audit_log" SET "record_label" = left(coalesce(
  nullif(btrim("after"->>'name'), ''), nullif(btrim("before"->>'name'), ''),
  nullif(btrim("after"->>'title'), ''), nullif(btrim("before"->>'title'), ''),
  nullif(btrim("after"->>'email'), ''), nullif(btrim("before"->>'email'), ''),
  CASE WHEN "resource" = 'auth' THEN "user_email" END
), 300)
WHERE "record_label" IS NULL AND (jsonb_typeof("after") = 'object' OR jsonb_typeof("before") = 'object' OR "resource" = 'auth');
