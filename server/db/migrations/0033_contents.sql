CREATE TABLE "content_block_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) DEFAULT 'Contenidos' NOT NULL,
	"color" varchar(7)
);
--> statement-breakpoint
CREATE TABLE "contents" (
	"content_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"body" text NOT NULL,
	"external_link" varchar(250),
	"name_button_url" varchar(20),
	"show_mode" varchar(1) DEFAULT '1' NOT NULL,
	"show_for_type_user_id" varchar(1) DEFAULT '1' NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"show_from_date" timestamp with time zone,
	"show_to_date" timestamp with time zone,
	"file_id" uuid,
	"display_order" integer DEFAULT 0 NOT NULL,
	"audience" jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contents_dates" CHECK ("contents"."show_from_date" is null or "contents"."show_to_date" is null or "contents"."show_from_date" < "contents"."show_to_date")
);
--> statement-breakpoint
CREATE TABLE "slider_configs" (
	"slider_config_id" serial PRIMARY KEY NOT NULL,
	"name_slider" varchar(100) NOT NULL,
	"url" varchar(250),
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contents_order_idx" ON "contents" USING btree ("display_order","content_id");--> statement-breakpoint
CREATE INDEX "contents_published_idx" ON "contents" USING btree ("display_order") WHERE "contents"."published";