CREATE TABLE "chargeback_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"warning_basis_points" integer DEFAULT 100 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chargeback_settings_one_row" CHECK ("chargeback_settings"."id" = 1),
	CONSTRAINT "chargeback_settings_range" CHECK ("chargeback_settings"."warning_basis_points" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "chargebacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chargebacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"user_id" integer,
	"site_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_chargeback_id" text NOT NULL,
	"kind" text NOT NULL,
	"payment_method" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reason_code" text,
	"reason_text" text,
	"charged_back_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"booked_at" timestamp with time zone,
	"reversed_credits" integer DEFAULT 0 NOT NULL,
	"debt_credits" integer DEFAULT 0 NOT NULL,
	"debt_amount" integer DEFAULT 0 NOT NULL,
	"debt_resolution" text,
	"debt_resolved_at" timestamp with time zone,
	"debt_resolved_by" integer,
	CONSTRAINT "chargebacks_amounts_not_negative" CHECK ("chargebacks"."amount" >= 0 and "chargebacks"."debt_amount" >= 0 and "chargebacks"."debt_credits" >= 0 and "chargebacks"."reversed_credits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "demo_payments" ADD COLUMN "dispute_kind" text;--> statement-breakpoint
ALTER TABLE "demo_payments" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "demo_payments" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_debt_resolved_by_staff_id_fk" FOREIGN KEY ("debt_resolved_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chargebacks_provider_key" ON "chargebacks" USING btree ("provider","provider_chargeback_id");--> statement-breakpoint
CREATE INDEX "chargebacks_order_idx" ON "chargebacks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "chargebacks_open_debt_idx" ON "chargebacks" USING btree ("user_id") WHERE "chargebacks"."debt_amount" > 0 and "chargebacks"."debt_resolution" is null;--> statement-breakpoint
CREATE INDEX "chargebacks_charged_back_idx" ON "chargebacks" USING btree ("charged_back_at","id");