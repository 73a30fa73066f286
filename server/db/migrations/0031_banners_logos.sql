CREATE TABLE "banner_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" varchar(1) DEFAULT '1' NOT NULL,
	"rotation" smallint DEFAULT 5 NOT NULL,
	"link_video_tutorial" varchar(200),
	"link_herramienta_diseno" varchar(200),
	CONSTRAINT "banner_settings_rotation_range" CHECK ("banner_settings"."rotation" between 0 and 30)
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"banner_id" serial PRIMARY KEY NOT NULL,
	"cover" uuid,
	"title" varchar(70) NOT NULL,
	"subtitle" varchar(60) NOT NULL,
	"description" varchar(250) NOT NULL,
	"link" varchar(120),
	"image" uuid,
	"position_x" smallint DEFAULT 50 NOT NULL,
	"position_y" smallint DEFAULT 50 NOT NULL,
	"url_video" varchar(250),
	"show_text" boolean DEFAULT true NOT NULL,
	"style_center" boolean DEFAULT false NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"audience" jsonb NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"slot" smallint NOT NULL,
	CONSTRAINT "banners_slot_range" CHECK ("banners"."slot" between 1 and 3),
	CONSTRAINT "banners_cover_position" CHECK ("banners"."position_x" between 0 and 100 and "banners"."position_y" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "global_logos" (
	"global_logo_id" serial PRIMARY KEY NOT NULL,
	"image" uuid NOT NULL,
	"name" varchar(80) NOT NULL,
	"audience" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"logo_type" smallint NOT NULL,
	"url" varchar(200),
	"slot" smallint,
	CONSTRAINT "global_logos_slot_by_type" CHECK (case when "global_logos"."logo_type" = 1 then "global_logos"."slot" is not null and "global_logos"."slot" between 1 and 3 else "global_logos"."slot" is null end)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "banners_slot_unique" ON "banners" USING btree ("slot");--> statement-breakpoint
CREATE INDEX "banners_order_idx" ON "banners" USING btree ("display_order","banner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "global_logos_slot_unique" ON "global_logos" USING btree ("slot");--> statement-breakpoint
CREATE INDEX "global_logos_type_order_idx" ON "global_logos" USING btree ("logo_type","position","global_logo_id");--> statement-breakpoint
-- Banner.Position and Banner.Rotation become the banners' settings record (resources/banners.ts): an existing
-- database keeps its values there, and the settings rows go (a fresh one has none yet: its seed has none).
INSERT INTO "banner_settings" ("id", "position", "rotation")
SELECT 1,
  COALESCE((SELECT "value" FROM "settings" WHERE "key_word" = 'Banner.Position' AND "value" IN ('1', '2', '3')), '1'),
  COALESCE((SELECT CASE WHEN "value" ~ '^[0-9]{1,2}$' THEN CASE WHEN "value"::int <= 30 THEN "value"::smallint END END
            FROM "settings" WHERE "key_word" = 'Banner.Rotation'), 5)
WHERE EXISTS (SELECT 1 FROM "settings" WHERE "key_word" IN ('Banner.Position', 'Banner.Rotation'));--> statement-breakpoint
DELETE FROM "settings" WHERE "key_word" IN ('Banner.Position', 'Banner.Rotation');
