CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_email" varchar(200),
	"action" varchar(40) NOT NULL,
	"resource" varchar(100) NOT NULL,
	"record_id" varchar(100),
	"before" jsonb,
	"after" jsonb,
	"client_address" "inet"
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"answer_hash" varchar(128) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"can_be_deleted" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_types" (
	"document_type_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_sites" (
	"group_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "group_sites_group_id_site_id_pk" PRIMARY KEY("group_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"group_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(50) NOT NULL,
	"status" varchar(20) DEFAULT 'queued' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" varchar(100),
	"locked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" varchar(5) NOT NULL,
	"name" varchar(150) NOT NULL,
	"parent_location_id" integer,
	"is_municipality" boolean DEFAULT false NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"population" integer
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" varchar(250) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"token_hash" varchar(128) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"permission_id" integer PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	CONSTRAINT "permissions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "procedure_types" (
	"procedure_type_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" varchar(50) PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"setting_id" serial PRIMARY KEY NOT NULL,
	"key_word" varchar(100) NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"label" varchar(200),
	CONSTRAINT "settings_key_word_unique" UNIQUE("key_word")
);
--> statement-breakpoint
CREATE TABLE "site_comments" (
	"site_comment_id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"description" varchar(540) NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'PendingApproval' NOT NULL,
	"response_message" text,
	"legal_representative" jsonb,
	"web_master" jsonb,
	"detail" jsonb,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"applicable_population_percentage" double precision,
	"is_editable" boolean DEFAULT true NOT NULL,
	"order_type" integer
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"alias" varchar(220) NOT NULL,
	"parent_location_id" integer NOT NULL,
	"location_id" integer,
	"site_type_id" integer NOT NULL,
	"order_type" smallint NOT NULL,
	"url" varchar(200),
	"allowed_url" varchar(1000),
	"address" varchar(150),
	"site_latitude" double precision,
	"site_longitude" double precision,
	"installed" boolean DEFAULT false NOT NULL,
	"status_id" smallint DEFAULT 2 NOT NULL,
	"pending_request" boolean DEFAULT false NOT NULL,
	"count_users" integer DEFAULT 0 NOT NULL,
	"count_emails" integer DEFAULT 0 NOT NULL,
	"count_contents" integer DEFAULT 0 NOT NULL,
	"count_comments" integer DEFAULT 0 NOT NULL,
	"population" integer,
	"piwik_id" integer,
	"previous_analytics_file_id" integer,
	"registry_code" varchar(10),
	"user_made" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"user_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "user_permissions_user_id_permission_id_pk" PRIMARY KEY("user_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_type_id" smallint NOT NULL,
	"name" varchar(200) NOT NULL,
	"email" varchar(200) NOT NULL,
	"password_hash" text,
	"site_id" integer,
	"admin_type" varchar(30),
	"is_guest" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"gender_id" smallint,
	"birth_date" timestamp,
	"loa" smallint,
	"site_permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_login" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_sites" ADD CONSTRAINT "group_sites_group_id_groups_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sites" ADD CONSTRAINT "group_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_comments" ADD CONSTRAINT "site_comments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_requests" ADD CONSTRAINT "site_requests_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_parent_location_id_locations_id_fk" FOREIGN KEY ("parent_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_site_type_id_site_types_id_fk" FOREIGN KEY ("site_type_id") REFERENCES "public"."site_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_permission_id_permissions_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("permission_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_resource_idx" ON "audit_log" USING btree ("resource","at");--> statement-breakpoint
CREATE INDEX "group_sites_site_idx" ON "group_sites" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "locations_parent_idx" ON "locations" USING btree ("parent_location_id","name");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "site_comments_site_idx" ON "site_comments" USING btree ("site_id","creation_date");--> statement-breakpoint
CREATE INDEX "site_requests_site_idx" ON "site_requests" USING btree ("site_id","creation_date");--> statement-breakpoint
CREATE INDEX "site_requests_status_idx" ON "site_requests" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_alias_unique" ON "sites" USING btree (lower("alias"));--> statement-breakpoint
CREATE INDEX "sites_name_idx" ON "sites" USING btree ("name");--> statement-breakpoint
CREATE INDEX "sites_status_name_idx" ON "sites" USING btree ("status_id","installed","name");--> statement-breakpoint
CREATE INDEX "sites_parent_location_idx" ON "sites" USING btree ("parent_location_id","name");--> statement-breakpoint
CREATE INDEX "sites_location_idx" ON "sites" USING btree ("location_id","name");--> statement-breakpoint
CREATE INDEX "sites_pending_idx" ON "sites" USING btree ("name") WHERE "sites"."pending_request";--> statement-breakpoint
CREATE INDEX "sites_type_idx" ON "sites" USING btree ("site_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_superadmin_email_unique" ON "users" USING btree (lower("email")) WHERE "users"."user_type_id" = 2;--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_type_site_idx" ON "users" USING btree ("user_type_id","site_id");--> statement-breakpoint
CREATE INDEX "users_type_created_idx" ON "users" USING btree ("user_type_id","created_date");