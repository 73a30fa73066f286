-- Unique catalogue names and Spanish name order: spanish_key() comes from 0002_text_keys.
DROP INDEX "locations_parent_idx";--> statement-breakpoint
DROP INDEX "sites_name_idx";--> statement-breakpoint
DROP INDEX "sites_status_name_idx";--> statement-breakpoint
DROP INDEX "sites_parent_location_idx";--> statement-breakpoint
DROP INDEX "sites_location_idx";--> statement-breakpoint
DROP INDEX "sites_pending_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "chat_categories_name_unique" ON "chat_categories" USING btree (spanish_key("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "document_types_name_unique" ON "document_types" USING btree (spanish_key("name")) WHERE not "document_types"."deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "procedure_types_name_unique" ON "procedure_types" USING btree (spanish_key("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "site_types_name_unique" ON "site_types" USING btree (spanish_key("name"));--> statement-breakpoint
CREATE INDEX "locations_parent_idx" ON "locations" USING btree ("parent_location_id",spanish_key("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "sites_name_idx" ON "sites" USING btree (spanish_key("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "sites_status_name_idx" ON "sites" USING btree ("status_id","installed",spanish_key("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "sites_parent_location_idx" ON "sites" USING btree ("parent_location_id",spanish_key("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "sites_location_idx" ON "sites" USING btree ("location_id",spanish_key("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "sites_pending_idx" ON "sites" USING btree (spanish_key("name") collate "C","id") WHERE "sites"."pending_request";