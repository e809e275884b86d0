CREATE TABLE "member_activity_weeks" (
	"user_id" integer NOT NULL,
	"week" date NOT NULL,
	"signup_week" date NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	CONSTRAINT "member_activity_weeks_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
ALTER TABLE "member_activity_weeks" ADD CONSTRAINT "member_activity_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_activity_weeks_cohort_idx" ON "member_activity_weeks" USING btree ("signup_week","week","paid");--> statement-breakpoint
CREATE INDEX "member_activity_weeks_week_idx" ON "member_activity_weeks" USING btree ("week","user_id","paid");--> statement-breakpoint
-- A period's sign-ups per week, their conversion and time to first purchase, from the index
-- alone (INCLUDE is written here by hand: the schema builder cannot say it).
CREATE INDEX "users_signups_idx" ON "users" USING btree ("created_at") INCLUDE ("paid_at", "site_id") WHERE not "users"."is_fictional";--> statement-breakpoint
-- The weeks each member was active (ADR 0065), written in the same statement as the fact:
-- a session made (every sign-in and sign-up makes one), a message sent, a payment credited.
-- Statement-level triggers with transition tables: one insert per statement, so the chat's
-- batched sends pay one statement per batch, not one per message. Keys go in (member, week)
-- order, so two writers never wait on each other's rows crosswise. Fictional profiles are skipped.
CREATE OR REPLACE FUNCTION member_activity_from_sessions() RETURNS trigger AS $$
BEGIN
  INSERT INTO member_activity_weeks (user_id, week, signup_week)
  SELECT DISTINCT n.user_id, date_trunc('week', n.created_at AT TIME ZONE 'UTC')::date, date_trunc('week', u.created_at AT TIME ZONE 'UTC')::date
    FROM new_rows n JOIN users u ON u.id = n.user_id
   WHERE NOT u.is_fictional
   ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_mark_activity_week
  AFTER INSERT ON sessions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_activity_from_sessions();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_activity_from_messages() RETURNS trigger AS $$
BEGIN
  INSERT INTO member_activity_weeks (user_id, week, signup_week)
  SELECT DISTINCT n.sender_id, date_trunc('week', n.created_at AT TIME ZONE 'UTC')::date, date_trunc('week', u.created_at AT TIME ZONE 'UTC')::date
    FROM new_rows n JOIN users u ON u.id = n.sender_id
   WHERE NOT u.is_fictional
   ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER messages_mark_activity_week
  AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_activity_from_messages();
--> statement-breakpoint
-- A credited payment marks its week active and paying; crediting is an update of the order
-- (or, for orders written whole, its insert), so both run it. A row already marked stays as is.
CREATE OR REPLACE FUNCTION member_activity_from_orders() RETURNS trigger AS $$
BEGIN
  INSERT INTO member_activity_weeks (user_id, week, signup_week, paid)
  SELECT DISTINCT n.user_id, date_trunc('week', n.credited_at AT TIME ZONE 'UTC')::date, date_trunc('week', u.created_at AT TIME ZONE 'UTC')::date, true
    FROM new_rows n JOIN users u ON u.id = n.user_id
   WHERE n.credited_at IS NOT NULL AND NOT u.is_fictional
   ORDER BY 1, 2
  ON CONFLICT (user_id, week) DO UPDATE SET paid = true WHERE NOT member_activity_weeks.paid;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_mark_activity_week_on_insert
  AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_activity_from_orders();
--> statement-breakpoint
CREATE TRIGGER orders_mark_activity_week_on_update
  AFTER UPDATE ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION member_activity_from_orders();
--> statement-breakpoint
-- What happened before this migration, from the same facts.
INSERT INTO member_activity_weeks (user_id, week, signup_week, paid)
SELECT a.user_id, a.week, date_trunc('week', u.created_at AT TIME ZONE 'UTC')::date, bool_or(a.paid)
  FROM (SELECT user_id, date_trunc('week', created_at AT TIME ZONE 'UTC')::date AS week, false AS paid FROM sessions
        UNION ALL
        SELECT sender_id, date_trunc('week', created_at AT TIME ZONE 'UTC')::date, false FROM messages
        UNION ALL
        SELECT user_id, date_trunc('week', credited_at AT TIME ZONE 'UTC')::date, true FROM orders WHERE credited_at IS NOT NULL AND user_id IS NOT NULL) a
  JOIN users u ON u.id = a.user_id
 WHERE NOT u.is_fictional
 GROUP BY a.user_id, a.week, u.created_at;
