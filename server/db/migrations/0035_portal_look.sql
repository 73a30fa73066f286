CREATE TABLE "featured_menu_items" (
	"featured_menu_id" serial PRIMARY KEY NOT NULL,
	"site_type_menu_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "footer_links" (
	"footer_content_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"url" varchar(150) NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"slot" smallint,
	CONSTRAINT "footer_links_slot_range" CHECK ("footer_links"."slot" is not null and "footer_links"."slot" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "footer_sign" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" varchar(150) NOT NULL,
	"url" varchar(150) NOT NULL,
	"svg" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launchpad_links" (
	"launch_pad_id" serial PRIMARY KEY NOT NULL,
	"title" varchar(21) NOT NULL,
	"url" varchar(250) NOT NULL,
	"icon" varchar(9) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"seed_link_id" integer,
	"slot" smallint,
	CONSTRAINT "launchpad_links_slot_range" CHECK ("launchpad_links"."slot" is not null and "launchpad_links"."slot" between 1 and 24)
);
--> statement-breakpoint
CREATE TABLE "seed_links" (
	"seed_link_id" serial PRIMARY KEY NOT NULL,
	"title" varchar(21) NOT NULL,
	"url" varchar(250) NOT NULL,
	"icon" varchar(9) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "featured_menu_items" ADD CONSTRAINT "featured_menu_items_site_type_menu_id_site_types_id_fk" FOREIGN KEY ("site_type_menu_id") REFERENCES "public"."site_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launchpad_links" ADD CONSTRAINT "launchpad_links_seed_link_id_seed_links_seed_link_id_fk" FOREIGN KEY ("seed_link_id") REFERENCES "public"."seed_links"("seed_link_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "featured_menu_items_menu_idx" ON "featured_menu_items" USING btree ("site_type_menu_id","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "footer_links_slot_unique" ON "footer_links" USING btree ("slot");--> statement-breakpoint
CREATE UNIQUE INDEX "launchpad_links_slot_unique" ON "launchpad_links" USING btree ("slot");