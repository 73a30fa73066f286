-- Issue 23 (audit list): the screen filters by user and resource together, and the API by action and e-mail; each with
-- the order (at, id) after it, so a page of any of them (and its offset, and a date range) is one index range.
CREATE INDEX "audit_log_user_resource_idx" ON "audit_log" USING btree ("user_id","resource","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_email_idx" ON "audit_log" USING btree ("user_email","at","id");