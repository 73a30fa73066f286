CREATE TABLE "backup_download_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"backup_id" integer NOT NULL,
	"created_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"site_name" varchar(200) NOT NULL,
	"requested_by" integer,
	"status" varchar(20) DEFAULT 'requested' NOT NULL,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	"process_date" timestamp with time zone,
	"size" bigint,
	"download_hash" varchar(64) NOT NULL,
	"sha256" varchar(64),
	"job_id" integer,
	"error" text,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "backup_download_tokens" ADD CONSTRAINT "backup_download_tokens_backup_id_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."backups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_download_tokens" ADD CONSTRAINT "backup_download_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_download_tokens_backup_idx" ON "backup_download_tokens" USING btree ("backup_id");--> statement-breakpoint
CREATE UNIQUE INDEX "backups_download_hash_unique" ON "backups" USING btree ("download_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "backups_one_pending" ON "backups" USING btree ((true)) WHERE "backups"."status" in ('requested', 'inProgress');--> statement-breakpoint
CREATE INDEX "backups_site_idx" ON "backups" USING btree ("site_id","creation_date");--> statement-breakpoint
CREATE INDEX "backups_created_idx" ON "backups" USING btree ("creation_date","id");
