CREATE TABLE "user_deactivation_undos" (
	"job_id" bigint PRIMARY KEY NOT NULL,
	"undone_by" integer,
	"undone_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_by_job" bigint;--> statement-breakpoint
ALTER TABLE "user_deactivation_undos" ADD CONSTRAINT "user_deactivation_undos_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_deactivated_by_job_idx" ON "users" USING btree ("deactivated_by_job") WHERE "users"."deactivated_by_job" is not null;
--> statement-breakpoint
-- Bulk deactivation's undo (server/users/deactivation.ts): users.deactivated_by_job names the job that turned
-- `deleted` on only while nothing else has changed `deleted` since. Any update that changes `deleted` without
-- setting deactivated_by_job itself (an administrator edited, reactivated, deactivated again by hand) clears it,
-- so undoing that job never touches a row deactivated otherwise or deactivated again since.
CREATE OR REPLACE FUNCTION users_deactivated_by_job_reset() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted IS DISTINCT FROM OLD.deleted AND NEW.deactivated_by_job IS NOT DISTINCT FROM OLD.deactivated_by_job THEN
    NEW.deactivated_by_job := NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_deactivated_by_job_reset ON users;
--> statement-breakpoint
CREATE TRIGGER users_deactivated_by_job_reset BEFORE UPDATE OF deleted ON users
FOR EACH ROW EXECUTE FUNCTION users_deactivated_by_job_reset();

