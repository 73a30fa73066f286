CREATE TABLE "site_permissions" (
	"site_permission_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "site_permissions_name_unique" ON "site_permissions" USING btree (spanish_key("name"));
--> statement-breakpoint
-- The site-permission catalogue's reference rows, and every user's site permissions as
-- [{ sitePermissionID, name, enabled }] (they were [{ name, enabled }] before the catalogue existed).
INSERT INTO "site_permissions" ("site_permission_id", "name") VALUES
  (1, 'Noticias'), (2, 'Eventos'), (3, 'Transparencia'), (4, 'PQRDS'), (5, 'Trámites'), (6, 'Galería')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('site_permissions', 'site_permission_id'), (SELECT max("site_permission_id") FROM "site_permissions"));
--> statement-breakpoint
UPDATE "users" u SET "site_permissions" = coalesce((
  SELECT jsonb_agg(jsonb_build_object('sitePermissionID', p."site_permission_id", 'name', p."name", 'enabled', coalesce((e->>'enabled')::boolean, false)) ORDER BY p."site_permission_id")
  FROM jsonb_array_elements(u."site_permissions") e
  JOIN "site_permissions" p ON p."name" = e->>'name'
), '[]'::jsonb)
WHERE jsonb_typeof(u."site_permissions") = 'array' AND jsonb_array_length(u."site_permissions") > 0;

