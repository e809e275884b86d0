DROP INDEX "profiles_search_idx";--> statement-breakpoint
DROP INDEX "profiles_search_region_idx";--> statement-breakpoint
DROP INDEX "profiles_recent_idx";--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("country","gender","last_active_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"date_of_birth") WHERE "profiles"."visible";--> statement-breakpoint
CREATE INDEX "profiles_search_region_idx" ON "profiles" USING btree ("country","region","gender","last_active_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"date_of_birth") WHERE "profiles"."visible";--> statement-breakpoint
CREATE INDEX "profiles_recent_idx" ON "profiles" USING btree ("last_active_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "profiles"."visible";