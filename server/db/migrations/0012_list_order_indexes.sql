CREATE TABLE "data_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "data_version_one_row" CHECK ("data_version"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_user_idx";--> statement-breakpoint
DROP INDEX "audit_log_resource_idx";--> statement-breakpoint
DROP INDEX "sites_name_idx";--> statement-breakpoint
DROP INDEX "sites_status_name_idx";--> statement-breakpoint
DROP INDEX "sites_parent_location_idx";--> statement-breakpoint
DROP INDEX "sites_location_idx";--> statement-breakpoint
DROP INDEX "sites_pending_idx";--> statement-breakpoint
DROP INDEX "sites_modified_idx";--> statement-breakpoint
DROP INDEX "sites_name_search_idx";--> statement-breakpoint
DROP INDEX "users_type_created_idx";--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "name_key" text GENERATED ALWAYS AS (spanish_key("name")) STORED;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "site_type_key" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "parent_location_key" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "location_key" text;--> statement-breakpoint
-- The joined orders of the site list (site type, department, municipality) read the names' Spanish keys
-- from the sites row: kept by these triggers when a site changes its type or location, and when a type or
-- a location is renamed (written by hand: drizzle-kit does not express triggers).
CREATE OR REPLACE FUNCTION public.sites_order_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.site_type_key := (SELECT public.spanish_key(t.name) FROM public.site_types t WHERE t.id = NEW.site_type_id);
  NEW.parent_location_key := (SELECT public.spanish_key(l.name) FROM public.locations l WHERE l.id = NEW.parent_location_id);
  NEW.location_key := (SELECT public.spanish_key(l.name) FROM public.locations l WHERE l.id = NEW.location_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER sites_order_keys BEFORE INSERT OR UPDATE OF site_type_id, parent_location_id, location_id, site_type_key, parent_location_key, location_key
  ON public.sites FOR EACH ROW EXECUTE FUNCTION public.sites_order_keys();--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.site_types_order_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.sites SET site_type_key = public.spanish_key(NEW.name) WHERE site_type_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER site_types_order_keys AFTER UPDATE OF name ON public.site_types
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION public.site_types_order_keys();--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.locations_order_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.sites SET parent_location_key = public.spanish_key(NEW.name) WHERE parent_location_id = NEW.id;
  UPDATE public.sites SET location_key = public.spanish_key(NEW.name) WHERE location_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER locations_order_keys AFTER UPDATE OF name ON public.locations
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION public.locations_order_keys();--> statement-breakpoint
-- Existing sites: the trigger fills the keys (an update of the columns it watches).
UPDATE public.sites SET site_type_id = site_type_id;--> statement-breakpoint
CREATE INDEX "sites_population_idx" ON "sites" USING btree ("population","id");--> statement-breakpoint
CREATE INDEX "sites_population_desc_idx" ON "sites" USING btree ("population" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "sites_count_users_idx" ON "sites" USING btree ("count_users","id");--> statement-breakpoint
CREATE INDEX "sites_count_emails_idx" ON "sites" USING btree ("count_emails","id");--> statement-breakpoint
CREATE INDEX "sites_count_contents_idx" ON "sites" USING btree ("count_contents","id");--> statement-breakpoint
CREATE INDEX "sites_count_comments_idx" ON "sites" USING btree ("count_comments","id");--> statement-breakpoint
CREATE INDEX "sites_status_idx" ON "sites" USING btree ("status_id","id");--> statement-breakpoint
CREATE INDEX "sites_site_type_key_idx" ON "sites" USING btree ("site_type_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "sites_parent_location_key_idx" ON "sites" USING btree ("parent_location_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "sites_location_key_idx" ON "sites" USING btree ("location_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "sites_location_key_desc_idx" ON "sites" USING btree ("location_key" collate "C" nulls first,"id");--> statement-breakpoint
CREATE INDEX "sites_live_idx" ON "sites" USING btree ("id") WHERE not "sites"."is_deleted";--> statement-breakpoint
CREATE INDEX "sites_tabs_idx" ON "sites" USING btree ("status_id","installed","pending_request") WHERE not "sites"."is_deleted";--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_resource_idx" ON "audit_log" USING btree ("resource","at","id");--> statement-breakpoint
CREATE INDEX "sites_name_idx" ON "sites" USING btree ("name_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "sites_status_name_idx" ON "sites" USING btree ("status_id","installed","name_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "sites_parent_location_idx" ON "sites" USING btree ("parent_location_id","name_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "sites_location_idx" ON "sites" USING btree ("location_id","name_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "sites_pending_idx" ON "sites" USING btree ("name_key" collate "C","id") WHERE "sites"."pending_request";--> statement-breakpoint
CREATE INDEX "sites_modified_idx" ON "sites" USING btree ("modified_date","id");--> statement-breakpoint
CREATE INDEX "sites_name_search_idx" ON "sites" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_type_created_idx" ON "users" USING btree ("user_type_id","created_date","id");--> statement-breakpoint
-- The data version (server/db/schema/dataVersion.ts): once per transaction that writes a table the cached
-- lists read, at its commit (deferred: its row lock is the last one a writer takes, held only while it
-- commits, so it cannot take part in a deadlock). Cached answers are valid while it does not move.
INSERT INTO "data_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portales.data_version_bumped', true) IS DISTINCT FROM txid_current()::text THEN
    UPDATE public.data_version SET version = version + 1 WHERE id = 1;
    PERFORM set_config('portales.data_version_bumped', txid_current()::text, true);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  tracked text;
BEGIN
  FOREACH tracked IN ARRAY ARRAY['sites', 'site_requests', 'site_types', 'locations', 'groups', 'group_sites', 'users', 'user_permissions', 'permissions', 'audit_log'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON public.%I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.bump_data_version()', tracked || '_data_version', tracked);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON public.%I FOR EACH STATEMENT EXECUTE FUNCTION public.bump_data_version()', tracked || '_data_version_truncate', tracked);
  END LOOP;
END $$;
