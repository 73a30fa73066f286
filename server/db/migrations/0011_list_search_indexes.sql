CREATE INDEX "groups_name_search_idx" ON "groups" USING gin (spanish_key("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_name_search_idx" ON "locations" USING gin (spanish_key("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_name_search_idx" ON "sites" USING gin (spanish_key("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING gin (spanish_key("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING gin (spanish_key("email") gin_trgm_ops);