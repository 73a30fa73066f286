ALTER TABLE "login_attempts" ADD COLUMN "next_allowed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "locked_until" timestamp with time zone;