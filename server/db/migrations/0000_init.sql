CREATE TABLE "sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"domain" text NOT NULL,
	"name" text NOT NULL,
	"domain_language" text DEFAULT 'en-US' NOT NULL,
	"cdn_prefix" text DEFAULT '' NOT NULL,
	"niche" smallint DEFAULT 1 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"index_title" text DEFAULT '' NOT NULL,
	"signups" text DEFAULT 'all' NOT NULL,
	"logged_out_search" text DEFAULT 'none' NOT NULL,
	"logged_out_search_trafficsource" text DEFAULT 'none' NOT NULL,
	"enable_site_entry_popup" text DEFAULT 'yes' NOT NULL,
	"site_entry_popup_countries" jsonb DEFAULT '["NL","DE"]'::jsonb NOT NULL,
	"countries" jsonb DEFAULT '["US"]'::jsonb NOT NULL,
	"minimum_message_costs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"support_phone" text DEFAULT '' NOT NULL,
	"support_email" text DEFAULT '' NOT NULL,
	"fictional_icon" text DEFAULT '' NOT NULL,
	"fictional_warning" text DEFAULT '' NOT NULL,
	"fictional_singular" text DEFAULT '' NOT NULL,
	"fictional_plural" text DEFAULT '' NOT NULL,
	"visible_profile_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visible_profile_notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message_credits" integer DEFAULT 10 NOT NULL,
	"signup_credits" integer DEFAULT 0 NOT NULL,
	"photo_credits" integer DEFAULT 15 NOT NULL,
	"gift_credits" integer DEFAULT 20 NOT NULL,
	"message_length" integer DEFAULT 1000 NOT NULL,
	"free_messages" integer DEFAULT 3 NOT NULL,
	"free_conversations" integer DEFAULT 2 NOT NULL,
	"chat_history_limit" integer DEFAULT 500 NOT NULL,
	"refund_days" integer DEFAULT 14 NOT NULL,
	"delete_discount" integer DEFAULT 0 NOT NULL,
	"member_resell" boolean DEFAULT false NOT NULL,
	"show_us_footer" boolean DEFAULT false NOT NULL,
	"login_max_attempts" integer DEFAULT 5 NOT NULL,
	"login_block_minutes" integer DEFAULT 15 NOT NULL,
	"mail_name" text DEFAULT '' NOT NULL,
	"company_id" integer DEFAULT 1 NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"company_address" text DEFAULT '' NOT NULL,
	"company_kvk" text DEFAULT '' NOT NULL,
	"company_city" text DEFAULT '' NOT NULL,
	"company_country" text DEFAULT '' NOT NULL,
	"company_tradenames" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"company_vat_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"company_added" timestamp with time zone DEFAULT now() NOT NULL,
	"custom_pages" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"filename" text NOT NULL,
	"thumb_filename" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"seeking" text DEFAULT 'both' NOT NULL,
	"date_of_birth" date NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"city" text,
	"latitude" double precision,
	"longitude" double precision,
	"sexuality" text,
	"relationship_status" text,
	"hair_colour" text,
	"eye_colour" text,
	"body_type" text,
	"tattoos" text,
	"interests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"niches" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"status" text DEFAULT 'disabled' NOT NULL,
	"main_photo_id" integer
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" text DEFAULT 'not_confirmed' NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"paid_user" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"notifications_disabled" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"is_fictional" boolean DEFAULT false NOT NULL,
	"is_invisible" boolean DEFAULT false NOT NULL,
	"tracking_network" text,
	"tracking_ref" text,
	"tracking_sub1" text,
	"tracking_sub2" text,
	"tracking_sub3" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_credits_not_negative" CHECK ("users"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_deletions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_deletions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"new_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_user_idx" ON "photos" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "profiles_country_region_idx" ON "profiles" USING btree ("country","region");--> statement-breakpoint
CREATE UNIQUE INDEX "users_site_email_key" ON "users" USING btree ("site_id",lower("email"));--> statement-breakpoint
CREATE INDEX "email_tokens_user_purpose_idx" ON "email_tokens" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_idempotency_key" ON "credit_ledger" USING btree ("user_id","idempotency_key");