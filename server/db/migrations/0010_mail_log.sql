CREATE TABLE "mail_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" varchar(320) NOT NULL,
	"template" varchar(60) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"text_body" text,
	"html_body" text,
	"related_resource" varchar(100),
	"related_id" varchar(100),
	"state" varchar(10) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	CONSTRAINT "mail_log_state_check" CHECK ("mail_log"."state" in ('queued', 'sending', 'retrying', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "mail_log_due_idx" ON "mail_log" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_log_created_idx" ON "mail_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_log_template_idx" ON "mail_log" USING btree ("template","created_at");--> statement-breakpoint
CREATE INDEX "mail_log_related_idx" ON "mail_log" USING btree ("related_resource","related_id");