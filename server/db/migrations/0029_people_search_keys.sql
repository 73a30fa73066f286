-- Issue 23 (people search): the Spanish keys of name and e-mail stored, so that the walk of a searched list and the
-- trigram index's recheck compare them as they are instead of computing spanish_key (unaccent) per row.
DROP INDEX "users_name_search_idx";--> statement-breakpoint
DROP INDEX "users_email_search_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_key" text GENERATED ALWAYS AS (spanish_key("name")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_key" text GENERATED ALWAYS AS (spanish_key("email")) STORED;--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING gin ("email_key" gin_trgm_ops);