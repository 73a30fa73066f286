CREATE TABLE "event_tickets" (
	"ticket_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" varchar(200) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"key_id" varchar(40) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "portal_keys" ADD CONSTRAINT "portal_keys_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_tickets_expires_idx" ON "event_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "events_channel_idx" ON "events" USING btree ("channel","id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_keys_key_id_idx" ON "portal_keys" USING btree ("key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_keys_live_site_idx" ON "portal_keys" USING btree ("site_id") WHERE "portal_keys"."revoked_at" is null;