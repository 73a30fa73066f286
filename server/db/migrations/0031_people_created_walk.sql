-- Issue 23 (people lists): the date order's index also holds the name and e-mail keys, so that a searched walk of the
-- default order (and the group test, by site) reads no table row.
DROP INDEX "users_type_created_idx";--> statement-breakpoint
CREATE INDEX "users_type_created_idx" ON "users" USING btree ("user_type_id","created_date","id","site_id","name_key","email_key");