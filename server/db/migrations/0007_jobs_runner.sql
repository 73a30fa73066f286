CREATE TABLE "job_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"item_key" varchar(200) NOT NULL,
	"state" varchar(10) DEFAULT 'queued' NOT NULL,
	"message" text,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "total" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "cancel_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "created_by_email" varchar(200);--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "client_address" "inet";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_items" ADD CONSTRAINT "job_items_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_items_key_idx" ON "job_items" USING btree ("job_id","item_key");--> statement-breakpoint
CREATE INDEX "job_items_state_idx" ON "job_items" USING btree ("job_id","state","id");