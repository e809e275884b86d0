CREATE TABLE "page_visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"path" text NOT NULL,
	"visitor_id" text,
	"user_id" integer,
	"bounce_logging" boolean DEFAULT false NOT NULL,
	"bounced" boolean DEFAULT false NOT NULL,
	"ms_on_page" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_visits_ms_on_page_range" CHECK ("page_visits"."ms_on_page" >= 0)
);
--> statement-breakpoint
CREATE TABLE "partner_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"age" smallint,
	"city" text DEFAULT '' NOT NULL,
	"image_key" text,
	"url" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signup_first_messages" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"target_user_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "tag_manager_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "clarity_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "page_visits" ADD CONSTRAINT "page_visits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_visits" ADD CONSTRAINT "page_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_cards" ADD CONSTRAINT "partner_cards_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_first_messages" ADD CONSTRAINT "signup_first_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_first_messages" ADD CONSTRAINT "signup_first_messages_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_visits_site_created_idx" ON "page_visits" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_cards_site_idx" ON "partner_cards" USING btree ("site_id","active");--> statement-breakpoint
CREATE INDEX "signup_first_messages_target_idx" ON "signup_first_messages" USING btree ("target_user_id");