CREATE TABLE "auth_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"account_key" text NOT NULL,
	"hits" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trusted_devices" (
	"account_key" text NOT NULL,
	"device_hash" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trusted_devices_account_key_device_hash_pk" PRIMARY KEY("account_key","device_hash")
);
--> statement-breakpoint
CREATE INDEX "auth_throttles_account_idx" ON "auth_throttles" USING btree ("account_key","kind");--> statement-breakpoint
CREATE INDEX "auth_throttles_window_idx" ON "auth_throttles" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "trusted_devices_verified_idx" ON "trusted_devices" USING btree ("verified_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";