CREATE TABLE "notification_claims" (
	"key" text PRIMARY KEY NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL
);
