CREATE TABLE "account_traces" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_traces_user_id_kind_value_hash_pk" PRIMARY KEY("user_id","kind","value_hash")
);
--> statement-breakpoint
ALTER TABLE "account_traces" ADD CONSTRAINT "account_traces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_traces_value_idx" ON "account_traces" USING btree ("kind","value_hash");--> statement-breakpoint
CREATE INDEX "users_email_domain_idx" ON "users" USING btree (lower(split_part("email", '@', 2)));--> statement-breakpoint
CREATE INDEX "orders_provider_payment_id_idx" ON "orders" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "sepa_mandates_iban_idx" ON "sepa_mandates" USING btree ("iban");--> statement-breakpoint
CREATE INDEX "sepa_mandates_mobile_idx" ON "sepa_mandates" USING btree ("mobile");