ALTER TABLE "groups" ADD COLUMN "count_entities" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand below (drizzle-kit does not express triggers). Issue 23 'Groups': the group list counted each
-- group's sites per row (tens of thousands of index probes a page); the count is now a column kept by the triggers
-- below (docs/decisions/0027-groups.md), read with the row.
UPDATE "groups" g SET "count_entities" = (SELECT count(*)::int FROM "group_sites" gs JOIN "sites" s ON s."id" = gs."site_id"
  WHERE gs."group_id" = g."group_id" AND NOT s."is_deleted");--> statement-breakpoint
-- Group sites written (a group saved, a site removed by cascade): each touched group recounted once per statement.
CREATE OR REPLACE FUNCTION public.group_sites_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.groups g
     SET count_entities = (SELECT count(*)::int FROM public.group_sites gs JOIN public.sites s ON s.id = gs.site_id
                            WHERE gs.group_id = g.group_id AND NOT s.is_deleted)
   WHERE g.group_id IN (SELECT group_id FROM touched_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER group_sites_count_insert AFTER INSERT ON public.group_sites REFERENCING NEW TABLE AS touched_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.group_sites_count();--> statement-breakpoint
CREATE TRIGGER group_sites_count_delete AFTER DELETE ON public.group_sites REFERENCING OLD TABLE AS touched_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.group_sites_count();--> statement-breakpoint
CREATE TRIGGER group_sites_count_update AFTER UPDATE ON public.group_sites REFERENCING OLD TABLE AS touched_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.group_sites_count();--> statement-breakpoint
CREATE TRIGGER group_sites_count_update_new AFTER UPDATE ON public.group_sites REFERENCING NEW TABLE AS touched_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.group_sites_count();--> statement-breakpoint
-- A site deleted or restored: its groups count one less or one more.
CREATE OR REPLACE FUNCTION public.sites_group_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.groups g SET count_entities = g.count_entities + CASE WHEN NEW.is_deleted THEN -1 ELSE 1 END
   WHERE g.group_id IN (SELECT gs.group_id FROM public.group_sites gs WHERE gs.site_id = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sites_group_count AFTER UPDATE OF is_deleted ON public.sites
  FOR EACH ROW WHEN (OLD.is_deleted IS DISTINCT FROM NEW.is_deleted) EXECUTE FUNCTION public.sites_group_count();
