ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ban_reason" text;--> statement-breakpoint
CREATE INDEX "profiles_name_search_idx" ON "profiles" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_site_id_idx" ON "users" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "users_status_id_idx" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_banned_idx" ON "users" USING btree ("id") WHERE "users"."banned_at" is not null;