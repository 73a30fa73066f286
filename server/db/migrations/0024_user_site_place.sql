ALTER TABLE "users" ADD COLUMN "site_parent_location_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "site_location_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "site_type_id" integer;--> statement-breakpoint
-- Written by hand below (drizzle-kit does not express triggers). Issue 7 'cold statements of the users lists': the
-- lists filter by the user's SITE's department, municipality and entity type; through a join the planner could only
-- walk the users by date and test each one's site (or read every user of the matching sites and sort them). The three
-- columns are copies of the site's, kept exact by the triggers below, and each has an index in the list's order
-- (docs/decisions/0017-administrators-site-users-and-deactivation.mds place').
-- Existing rows first, then the indexes (built once over the filled columns).
UPDATE "users" u SET "site_parent_location_id" = s."parent_location_id", "site_location_id" = s."location_id", "site_type_id" = s."site_type_id"
  FROM "sites" s WHERE s."id" = u."site_id";--> statement-breakpoint
-- The rows' data-version events (deferred, migration 0012) are run now: a table with pending trigger events cannot
-- take an index in the same transaction.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE INDEX "users_type_parent_location_idx" ON "users" USING btree ("user_type_id","site_parent_location_id","created_date","id");--> statement-breakpoint
CREATE INDEX "users_type_location_idx" ON "users" USING btree ("user_type_id","site_location_id","created_date","id");--> statement-breakpoint
CREATE INDEX "users_type_site_type_idx" ON "users" USING btree ("user_type_id","site_type_id","created_date","id");--> statement-breakpoint
-- The group filter (a site belongs to several groups: no copy) either walks the users by date testing each one's site
-- (a large group) or reads the users of the group's sites and sorts them (a small one). With the page's ids chosen
-- first (resources/people/userFilters.ts), both read index entries only: site_id in the date index, group_id in
-- group_sites' site index, the date in the (type, site) index. The planner chooses between them by the group's number
-- of sites: group_id's statistics keep every group (not an average of the groups outside the 100 most common).
DROP INDEX "group_sites_site_idx";--> statement-breakpoint
DROP INDEX "users_type_created_idx";--> statement-breakpoint
DROP INDEX "users_type_site_idx";--> statement-breakpoint
CREATE INDEX "group_sites_site_idx" ON "group_sites" USING btree ("site_id","group_id");--> statement-breakpoint
CREATE INDEX "users_type_created_idx" ON "users" USING btree ("user_type_id","created_date","id","site_id");--> statement-breakpoint
CREATE INDEX "users_type_site_idx" ON "users" USING btree ("user_type_id","site_id","created_date","id");--> statement-breakpoint
ALTER TABLE "group_sites" ALTER COLUMN "group_id" SET STATISTICS 1000;--> statement-breakpoint
-- A user written with a site (insert, moved to another site) or with these columns written directly: they are read
-- from the site, whatever was sent (no site: empty). One primary-key read of `sites` per written row.
CREATE OR REPLACE FUNCTION public.users_site_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.site_id IS NULL THEN
    NEW.site_parent_location_id := NULL;
    NEW.site_location_id := NULL;
    NEW.site_type_id := NULL;
  ELSE
    SELECT s.parent_location_id, s.location_id, s.site_type_id
      INTO NEW.site_parent_location_id, NEW.site_location_id, NEW.site_type_id
      FROM public.sites s WHERE s.id = NEW.site_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_site_place ON public.users;--> statement-breakpoint
CREATE TRIGGER users_site_place BEFORE INSERT OR UPDATE OF site_id, site_parent_location_id, site_location_id, site_type_id ON public.users
  FOR EACH ROW EXECUTE FUNCTION public.users_site_place();--> statement-breakpoint
-- A site moved to another department or municipality, or given another entity type: its users follow. The user types
-- are listed (1 administrator, 2 superadmin, 3 site user; spec 01 §3) so that the update reads users_type_site_idx
-- (user_type_id, site_id) instead of every user; rows already right are not rewritten.
CREATE OR REPLACE FUNCTION public.sites_users_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.users u
     SET site_parent_location_id = NEW.parent_location_id, site_location_id = NEW.location_id, site_type_id = NEW.site_type_id
   WHERE u.user_type_id IN (1, 2, 3) AND u.site_id = NEW.id
     AND (u.site_parent_location_id, u.site_location_id, u.site_type_id)
         IS DISTINCT FROM (NEW.parent_location_id, NEW.location_id, NEW.site_type_id);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS sites_users_place ON public.sites;--> statement-breakpoint
CREATE TRIGGER sites_users_place AFTER UPDATE OF parent_location_id, location_id, site_type_id ON public.sites
  FOR EACH ROW WHEN ((OLD.parent_location_id, OLD.location_id, OLD.site_type_id) IS DISTINCT FROM (NEW.parent_location_id, NEW.location_id, NEW.site_type_id))
  EXECUTE FUNCTION public.sites_users_place();
