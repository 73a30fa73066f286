-- A site holds one backup (spec 01 §4). Of a site's ready or expired backups the newest ready one stays (else the
-- newest expired); of its requested, in-progress or failed ones the pending one stays (else the newest failed, unless a
-- backup the site holds is newer). The others become `replaced`: the backups sweep (server/backups/retention.ts
-- `sweepBackups`, at start and hourly) deletes their zips, then their rows; the API no longer reads them.
UPDATE "backups" b SET "status" = 'replaced'
FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY "site_id" ORDER BY ("status" = 'ready') DESC, "process_date" DESC NULLS LAST, "creation_date" DESC, "id" DESC
  ) AS n
  FROM "backups" WHERE "site_id" IS NOT NULL AND "status" IN ('ready', 'expired')
) r
WHERE b."id" = r."id" AND r.n > 1;
--> statement-breakpoint
UPDATE "backups" b SET "status" = 'replaced'
FROM (
  SELECT a."id", a."status", row_number() OVER (
    PARTITION BY a."site_id" ORDER BY (a."status" <> 'failed') DESC, a."creation_date" DESC, a."id" DESC
  ) AS n,
  EXISTS (
    SELECT 1 FROM "backups" h
     WHERE h."site_id" = a."site_id" AND h."status" IN ('ready', 'expired') AND h."creation_date" >= a."creation_date"
  ) AS superseded
  FROM "backups" a WHERE a."site_id" IS NOT NULL AND a."status" IN ('requested', 'inProgress', 'failed')
) r
WHERE b."id" = r."id" AND (r.n > 1 OR (r."status" = 'failed' AND r.superseded));
--> statement-breakpoint
CREATE UNIQUE INDEX "backups_one_held_per_site" ON "backups" USING btree ("site_id") WHERE "backups"."status" in ('ready', 'expired');--> statement-breakpoint
CREATE UNIQUE INDEX "backups_one_attempt_per_site" ON "backups" USING btree ("site_id") WHERE "backups"."status" in ('requested', 'inProgress', 'failed');--> statement-breakpoint
CREATE INDEX "backups_replaced_idx" ON "backups" USING btree ("id") WHERE "backups"."status" = 'replaced';
