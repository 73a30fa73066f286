-- Issue 23 (people lists): the Spanish keys of name and e-mail stored, so that a searched page's walk and the trigram
-- index's recheck compare them as they are (no unaccent per row), and an index per order of the lists (user type first).
DROP INDEX "users_name_search_idx";--> statement-breakpoint
DROP INDEX "users_email_search_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_key" text GENERATED ALWAYS AS (spanish_key("name")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_key" text GENERATED ALWAYS AS (spanish_key("email")) STORED;--> statement-breakpoint
CREATE INDEX "users_type_name_idx" ON "users" USING btree ("user_type_id","name_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "users_type_email_idx" ON "users" USING btree ("user_type_id","email_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "users_type_last_login_idx" ON "users" USING btree ("user_type_id","last_login","id");--> statement-breakpoint
CREATE INDEX "users_type_loa_idx" ON "users" USING btree ("user_type_id","loa","id");--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING gin ("email_key" gin_trgm_ops);