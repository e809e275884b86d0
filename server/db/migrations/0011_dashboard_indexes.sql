CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_paid_idx" ON "users" USING btree ("paid_at") WHERE "users"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "email_tokens_activated_idx" ON "email_tokens" USING btree ("used_at") WHERE "email_tokens"."purpose" = 'activate' and "email_tokens"."used_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_created_brin" ON "messages" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "orders_credited_idx" ON "orders" USING btree ("credited_at") WHERE "orders"."credited_at" is not null;--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");