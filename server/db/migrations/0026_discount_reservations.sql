CREATE TABLE "discount_reservations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"scope" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_reservations" ADD CONSTRAINT "discount_reservations_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_reservations" ADD CONSTRAINT "discount_reservations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_reservations" ADD CONSTRAINT "discount_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_reservations_live_scope_key" ON "discount_reservations" USING btree ("scope") WHERE "discount_reservations"."status" in ('reserved', 'redeemed');--> statement-breakpoint
CREATE UNIQUE INDEX "discount_reservations_live_order_key" ON "discount_reservations" USING btree ("order_id") WHERE "discount_reservations"."status" in ('reserved', 'redeemed');--> statement-breakpoint
CREATE INDEX "discount_reservations_order_idx" ON "discount_reservations" USING btree ("order_id");--> statement-breakpoint
-- Discounts redeemed before reservations existed hold their scope too, so a legacy order paid
-- later cannot take a single-use code a second time. Where the old race already let a scope be
-- redeemed twice, the earliest redemption keeps it.
INSERT INTO "discount_reservations" ("code_id", "order_id", "user_id", "scope", "status", "created_at", "updated_at")
SELECT DISTINCT ON ("scope") "code_id", "order_id", "user_id", "scope", 'redeemed', "created_at", "created_at"
FROM (
	SELECT r."code_id", r."order_id", r."user_id", r."created_at",
		CASE WHEN c."kind" IN ('welcome', 'time_bonus') THEN 'first:' || r."user_id"
			WHEN c."kind" = 'delete_discount' THEN 'stay:' || r."user_id"
			WHEN c."validity" = 'once' THEN 'code:' || c."id"
			WHEN c."validity" = 'once-per-user' THEN 'code:' || c."id" || ':member:' || r."user_id"
		END AS "scope"
	FROM "discount_redemptions" r JOIN "discount_codes" c ON c."id" = r."code_id"
) redeemed
WHERE "scope" IS NOT NULL
ORDER BY "scope", "created_at", "order_id";
