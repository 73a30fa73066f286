CREATE TABLE "data_processing_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" varchar(40) NOT NULL,
	"file" uuid NOT NULL,
	"description" varchar(150) NOT NULL,
	"publication_date" date NOT NULL,
	"update_date" date NOT NULL,
	"end_date" date
);
--> statement-breakpoint
CREATE TABLE "terms_condition_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" varchar(40) NOT NULL,
	"file" uuid NOT NULL,
	"description" varchar(150) NOT NULL,
	"publication_date" date NOT NULL,
	"update_date" date NOT NULL,
	"end_date" date
);
--> statement-breakpoint
CREATE TABLE "update_reminders" (
	"schedule_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"period" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "update_reminders_pk" PRIMARY KEY("schedule_id","user_id","period")
);
--> statement-breakpoint
CREATE TABLE "update_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"number_days" smallint DEFAULT 0 NOT NULL,
	"scheduling_date" date,
	"config_key" text NOT NULL,
	CONSTRAINT "update_schedules_days" CHECK ("update_schedules"."number_days" = 0 and "update_schedules"."scheduling_date" is not null or "update_schedules"."number_days" between 30 and 999)
);
--> statement-breakpoint
CREATE TABLE "update_schedules_locations" (
	"record_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	CONSTRAINT "update_schedules_locations_pk" PRIMARY KEY("record_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "update_schedules_site_types" (
	"record_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	CONSTRAINT "update_schedules_site_types_pk" PRIMARY KEY("record_id","target_id")
);
--> statement-breakpoint
ALTER TABLE "update_reminders" ADD CONSTRAINT "update_reminders_schedule_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."update_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_reminders" ADD CONSTRAINT "update_reminders_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_schedules_locations" ADD CONSTRAINT "update_schedules_locations_record_fk" FOREIGN KEY ("record_id") REFERENCES "public"."update_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_schedules_locations" ADD CONSTRAINT "update_schedules_locations_target_fk" FOREIGN KEY ("target_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_schedules_site_types" ADD CONSTRAINT "update_schedules_site_types_record_fk" FOREIGN KEY ("record_id") REFERENCES "public"."update_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_schedules_site_types" ADD CONSTRAINT "update_schedules_site_types_target_fk" FOREIGN KEY ("target_id") REFERENCES "public"."site_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_processing_histories_identifier_unique" ON "data_processing_histories" USING btree (spanish_key("identifier"));--> statement-breakpoint
CREATE UNIQUE INDEX "data_processing_histories_current_unique" ON "data_processing_histories" USING btree (("end_date" is null)) WHERE "data_processing_histories"."end_date" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "terms_condition_histories_identifier_unique" ON "terms_condition_histories" USING btree (spanish_key("identifier"));--> statement-breakpoint
CREATE UNIQUE INDEX "terms_condition_histories_current_unique" ON "terms_condition_histories" USING btree (("end_date" is null)) WHERE "terms_condition_histories"."end_date" is null;--> statement-breakpoint
CREATE INDEX "update_reminders_user_idx" ON "update_reminders" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "update_schedules_config_unique" ON "update_schedules" USING btree ("config_key");--> statement-breakpoint
CREATE INDEX "update_schedules_locations_target_idx" ON "update_schedules_locations" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "update_schedules_site_types_target_idx" ON "update_schedules_site_types" USING btree ("target_id");