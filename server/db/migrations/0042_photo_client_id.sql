-- A photo upload names itself with the client's idempotency key (spec §7's retries, ADR 0071):
-- an upload sent again after a lost answer finds the photo the first one stored instead of
-- adding a second. Older photos have none.
ALTER TABLE "photos" ADD COLUMN "client_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "photos_client_idx" ON "photos" USING btree ("user_id","client_id") WHERE "photos"."client_id" is not null;
