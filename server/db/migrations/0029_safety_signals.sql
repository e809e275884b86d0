CREATE TABLE "safety_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "safety_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer,
	"language" text,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"removed_at" timestamp with time zone,
	"removed_by" integer
);
--> statement-breakpoint
CREATE TABLE "site_safety_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"hold_contact_texts" boolean DEFAULT true NOT NULL,
	"message_policy" text DEFAULT 'confirm' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "warnings" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "text_flags" ADD COLUMN "pending_about" text;--> statement-breakpoint
ALTER TABLE "text_flags" ADD COLUMN "signals" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "safety_rules" ADD CONSTRAINT "safety_rules_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_rules" ADD CONSTRAINT "safety_rules_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_rules" ADD CONSTRAINT "safety_rules_removed_by_staff_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_safety_settings" ADD CONSTRAINT "site_safety_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "safety_rules_entry_key" ON "safety_rules" USING btree (coalesce("site_id", 0),coalesce("language", ''),"category","kind","value");--> statement-breakpoint
CREATE INDEX "safety_rules_site_idx" ON "safety_rules" USING btree ("site_id");