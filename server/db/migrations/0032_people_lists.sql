-- Issue 23 (people lists): trigram indexes per listed user type (a searched page's candidates are its list's rows only),
-- an index per site filter and order of the people lists, and the administrators' own orders.
-- The date order's index also holds the name and e-mail keys: a searched walk of the default order reads no table row.
DROP INDEX "users_type_created_idx";--> statement-breakpoint
DROP INDEX "users_name_search_idx";--> statement-breakpoint
DROP INDEX "users_email_search_idx";--> statement-breakpoint
CREATE INDEX "users_type_site_type_name_idx" ON "users" USING btree ("user_type_id","site_type_id","name_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "users_type_site_type_email_idx" ON "users" USING btree ("user_type_id","site_type_id","email_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "users_type_site_type_loa_idx" ON "users" USING btree ("user_type_id","site_type_id","loa","id");--> statement-breakpoint
CREATE INDEX "users_type_site_type_last_login_idx" ON "users" USING btree ("user_type_id","site_type_id","last_login","id");--> statement-breakpoint
CREATE INDEX "users_type_parent_location_name_idx" ON "users" USING btree ("user_type_id","site_parent_location_id","name_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "users_type_parent_location_email_idx" ON "users" USING btree ("user_type_id","site_parent_location_id","email_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "users_type_parent_location_loa_idx" ON "users" USING btree ("user_type_id","site_parent_location_id","loa","id");--> statement-breakpoint
CREATE INDEX "users_type_parent_location_last_login_idx" ON "users" USING btree ("user_type_id","site_parent_location_id","last_login","id");--> statement-breakpoint
CREATE INDEX "users_type_location_name_idx" ON "users" USING btree ("user_type_id","site_location_id","name_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "users_type_location_email_idx" ON "users" USING btree ("user_type_id","site_location_id","email_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "users_type_location_loa_idx" ON "users" USING btree ("user_type_id","site_location_id","loa","id");--> statement-breakpoint
CREATE INDEX "users_type_location_last_login_idx" ON "users" USING btree ("user_type_id","site_location_id","last_login","id");--> statement-breakpoint
CREATE INDEX "users_admin_type_idx" ON "users" USING btree ("admin_type","id") WHERE "users"."user_type_id" = 1;--> statement-breakpoint
CREATE INDEX "users_admin_guest_idx" ON "users" USING btree ("is_guest","id") WHERE "users"."user_type_id" = 1;--> statement-breakpoint
CREATE INDEX "users_admin_name_search_idx" ON "users" USING gin ("name_key" gin_trgm_ops) WHERE "users"."user_type_id" = 1;--> statement-breakpoint
CREATE INDEX "users_admin_email_search_idx" ON "users" USING gin ("email_key" gin_trgm_ops) WHERE "users"."user_type_id" = 1;--> statement-breakpoint
CREATE INDEX "users_type_created_idx" ON "users" USING btree ("user_type_id","created_date","id","site_id","name_key","email_key");--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING gin ("name_key" gin_trgm_ops) WHERE "users"."user_type_id" = 3;--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING gin ("email_key" gin_trgm_ops) WHERE "users"."user_type_id" = 3;