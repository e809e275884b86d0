CREATE INDEX "users_direct_debit_blocked_idx" ON "users" USING btree ("id") WHERE "users"."direct_debit_blocked";--> statement-breakpoint
CREATE INDEX "discount_codes_kind_idx" ON "discount_codes" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id","status","currency","amount");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_site_created_idx" ON "orders" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_method_created_idx" ON "orders" USING btree ("payment_method","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_amount_idx" ON "orders" USING btree ("amount","id");