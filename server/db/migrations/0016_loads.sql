CREATE TABLE "gov_index" (
	"site_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"index1" double precision NOT NULL,
	"index2" double precision NOT NULL,
	"index3" double precision NOT NULL,
	"index4" double precision NOT NULL,
	"job_id" bigint,
	CONSTRAINT "gov_index_year_site_id_pk" PRIMARY KEY("year","site_id")
);
--> statement-breakpoint
CREATE TABLE "mail_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"email" varchar(200) NOT NULL,
	"last_login" timestamp with time zone,
	"job_id" bigint
);
--> statement-breakpoint
ALTER TABLE "gov_index" ADD CONSTRAINT "gov_index_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_accounts" ADD CONSTRAINT "mail_accounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gov_index_site_idx" ON "gov_index" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_accounts_period_site_email_idx" ON "mail_accounts" USING btree ("year","month","site_id",lower("email"));--> statement-breakpoint
CREATE INDEX "mail_accounts_site_idx" ON "mail_accounts" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_email_load_idx" ON "jobs" USING btree ("kind") WHERE "jobs"."kind" = 'emails.load' and "jobs"."status" in ('queued', 'running', 'retry');
