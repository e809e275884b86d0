CREATE TABLE "member_presence" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"online_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_presence" ADD CONSTRAINT "member_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;