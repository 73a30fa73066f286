CREATE TABLE "data_treatment_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"data_treatment_global" text,
	"data_treatment_territorial" text
);
--> statement-breakpoint
CREATE TABLE "govco_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"color_top_bar" varchar(7) DEFAULT '#3366CC' NOT NULL,
	"logo_top_bar" uuid,
	"link_access" varchar(150) DEFAULT 'https://www.gov.co/' NOT NULL,
	"color_bottom_bar" varchar(7) DEFAULT '#3366CC' NOT NULL,
	"color_font_bottom_bar" varchar(7) DEFAULT '#FFFFFF' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pqrds_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"valid_extensions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_file_size_mb" smallint DEFAULT 10 NOT NULL,
	CONSTRAINT "pqrds_settings_size_range" CHECK ("pqrds_settings"."max_file_size_mb" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "procedure_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"text_with_pay" varchar(280) DEFAULT '' NOT NULL,
	"link_with_pay" varchar(250) NOT NULL,
	"text_with_out_pay" varchar(280) DEFAULT '' NOT NULL,
	"link_with_out_pay" varchar(250) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_request_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(150) DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"oath" text DEFAULT '' NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"banner" uuid,
	"logo1" uuid,
	"logo2" uuid
);
--> statement-breakpoint
CREATE TABLE "site_tooltips" (
	"site_tool_tip_id" integer PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"url" varchar(250)
);
--> statement-breakpoint
CREATE TABLE "terms_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_global" text,
	"term_territorial" text
);
