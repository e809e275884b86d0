CREATE TABLE "figure_cohort_counts" (
	"site_id" integer NOT NULL,
	"network" text,
	"signup_week" date NOT NULL,
	"week" date NOT NULL,
	"active" integer NOT NULL,
	"paying" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "figure_last_week_counts" (
	"site_id" integer NOT NULL,
	"network" text,
	"week" date NOT NULL,
	"active" integer NOT NULL,
	"paying" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "figure_money_counts" (
	"site_id" integer,
	"network" text,
	"week" date NOT NULL,
	"currency" text NOT NULL,
	"paid" bigint NOT NULL,
	"refunded" bigint NOT NULL,
	"charged_back" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "figure_signup_counts" (
	"site_id" integer NOT NULL,
	"network" text,
	"signup_week" date NOT NULL,
	"delay_category" smallint,
	"delay_bucket" smallint,
	"members" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_last_weeks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"network" text,
	"last_active_week" date,
	"last_paid_week" date
);
--> statement-breakpoint
ALTER TABLE "member_activity_weeks" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "member_activity_weeks" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "member_last_weeks" ADD CONSTRAINT "member_last_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "figure_cohort_counts_signup_week_idx" ON "figure_cohort_counts" USING btree ("signup_week");--> statement-breakpoint
CREATE INDEX "figure_last_week_counts_week_idx" ON "figure_last_week_counts" USING btree ("week");--> statement-breakpoint
CREATE INDEX "figure_money_counts_week_idx" ON "figure_money_counts" USING btree ("week");--> statement-breakpoint
CREATE INDEX "figure_signup_counts_signup_week_idx" ON "figure_signup_counts" USING btree ("signup_week");--> statement-breakpoint
-- The owners' figures kept as counts (ADR 0076). Everything below is written by hand: the
-- schema builder cannot say triggers. The count tables are append-only for writers (see
-- server/db/schema/figure-counts.ts); `figure_counts_compact()` folds them, and
-- `figure_counts_rebuild()` recounts everything from the facts (this migration, bulk loads).
CREATE OR REPLACE FUNCTION figure_week(moment timestamptz) RETURNS date AS $$
  SELECT date_trunc('week', moment AT TIME ZONE 'UTC')::date
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- The page's delays to a first purchase: within an hour, a day, a week, a month, later.
CREATE OR REPLACE FUNCTION figure_delay_category(hours double precision) RETURNS smallint AS $$
  SELECT (CASE WHEN hours IS NULL THEN NULL WHEN hours < 1 THEN 0 WHEN hours < 24 THEN 1 WHEN hours < 168 THEN 2 WHEN hours < 720 THEN 3 ELSE 4 END)::smallint
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Steps of 4 % in minutes (bucket k holds [1.04^(k-1), 1.04^k) minutes; 0 under a minute), so
-- the median and 90th percentile read from the counts are within 2 % of the exact ones.
CREATE OR REPLACE FUNCTION figure_delay_bucket(hours double precision) RETURNS smallint AS $$
  SELECT (CASE WHEN hours IS NULL THEN NULL WHEN hours * 60 < 1 THEN 0 ELSE 1 + floor(ln(hours * 60) / ln(1.04)) END)::smallint
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION figure_hours(from_at timestamptz, to_at timestamptz) RETURNS double precision AS $$
  SELECT date_part('epoch', to_at - from_at) / 3600
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- A member's sign-up, counted (sign 1) or taken back (-1); fictional profiles are not members.
CREATE OR REPLACE FUNCTION figure_count_signup(site integer, net text, created timestamptz, paid timestamptz, fictional boolean, sign integer) RETURNS void AS $$
  INSERT INTO figure_signup_counts (site_id, network, signup_week, delay_category, delay_bucket, members)
  SELECT site, net, figure_week(created), figure_delay_category(figure_hours(created, paid)), figure_delay_bucket(figure_hours(created, paid)), sign
   WHERE NOT fictional
$$ LANGUAGE sql;
--> statement-breakpoint
-- Moves all of a member's money (paid, refunded, charged back) from one key to another: when
-- their site or network changes, and to no site when their account is deleted.
CREATE OR REPLACE FUNCTION figure_move_member_money(member integer, from_site integer, from_net text, to_site integer, to_net text) RETURNS void AS $$
  INSERT INTO figure_money_counts (site_id, network, week, currency, paid, refunded, charged_back)
  SELECT k.site_id, k.network, m.week, m.currency, k.sign * m.paid, k.sign * m.refunded, k.sign * m.charged_back
    FROM (SELECT figure_week(credited_at) AS week, currency, sum(amount)::bigint AS paid, 0::bigint AS refunded, 0::bigint AS charged_back
            FROM orders WHERE user_id = member AND credited_at IS NOT NULL GROUP BY 1, 2
          UNION ALL
          SELECT figure_week(r.created_at), r.currency, 0::bigint, sum(r.amount)::bigint, 0::bigint
            FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.user_id = member GROUP BY 1, 2
          UNION ALL
          SELECT figure_week(charged_back_at), currency, 0::bigint, 0::bigint, sum(amount)::bigint
            FROM chargebacks WHERE user_id = member GROUP BY 1, 2) m
   CROSS JOIN (VALUES (from_site, from_net, -1), (to_site, to_net, 1)) k(site_id, network, sign)
$$ LANGUAGE sql;
--> statement-breakpoint
-- Money of one payer at one moment, added (sign 1) or taken back (-1), for the payer's current
-- site and network (none when there is no payer).
CREATE OR REPLACE FUNCTION figure_count_money(payer integer, moment timestamptz, cur text, paid bigint, refunded bigint, charged_back bigint, sign integer) RETURNS void AS $$
  INSERT INTO figure_money_counts (site_id, network, week, currency, paid, refunded, charged_back)
  SELECT u.site_id, u.tracking_network, figure_week(moment), cur, sign * paid, sign * refunded, sign * charged_back
    FROM (SELECT 1) one LEFT JOIN users u ON u.id = payer
$$ LANGUAGE sql;
--> statement-breakpoint
-- Members: a sign-up is counted per statement (a bulk load is one insert); a change of what
-- the counts are keyed or bucketed by moves the member; a deletion takes their sign-up back and
-- leaves their money to no site, before the foreign keys forget whose it was.
CREATE OR REPLACE FUNCTION figure_counts_from_new_members() RETURNS trigger AS $$
BEGIN
  INSERT INTO figure_signup_counts (site_id, network, signup_week, delay_category, delay_bucket, members)
  SELECT site_id, tracking_network, figure_week(created_at), figure_delay_category(figure_hours(created_at, paid_at)), figure_delay_bucket(figure_hours(created_at, paid_at)), count(*)
    FROM new_rows WHERE NOT is_fictional
   GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_count_signups
  AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION figure_counts_from_new_members();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION figure_counts_from_changed_member() RETURNS trigger AS $$
BEGIN
  PERFORM figure_count_signup(OLD.site_id, OLD.tracking_network, OLD.created_at, OLD.paid_at, OLD.is_fictional, -1);
  PERFORM figure_count_signup(NEW.site_id, NEW.tracking_network, NEW.created_at, NEW.paid_at, NEW.is_fictional, 1);
  IF (OLD.site_id, OLD.tracking_network) IS DISTINCT FROM (NEW.site_id, NEW.tracking_network) THEN
    UPDATE member_activity_weeks SET site_id = NEW.site_id, network = NEW.tracking_network WHERE user_id = NEW.id;
    UPDATE member_last_weeks SET site_id = NEW.site_id, network = NEW.tracking_network WHERE user_id = NEW.id;
    PERFORM figure_move_member_money(NEW.id, OLD.site_id, OLD.tracking_network, NEW.site_id, NEW.tracking_network);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Row by row, and only when a keyed column changed: every message's debit updates `users`.
CREATE TRIGGER users_count_changes
  AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.site_id, OLD.tracking_network, OLD.created_at, OLD.paid_at, OLD.is_fictional) IS DISTINCT FROM (NEW.site_id, NEW.tracking_network, NEW.created_at, NEW.paid_at, NEW.is_fictional))
  EXECUTE FUNCTION figure_counts_from_changed_member();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION figure_counts_from_deleted_member() RETURNS trigger AS $$
BEGIN
  PERFORM figure_count_signup(OLD.site_id, OLD.tracking_network, OLD.created_at, OLD.paid_at, OLD.is_fictional, -1);
  PERFORM figure_move_member_money(OLD.id, OLD.site_id, OLD.tracking_network, NULL, NULL);
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_count_deletions
  BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION figure_counts_from_deleted_member();
--> statement-breakpoint
-- Money: a payment counts in the week it was credited, a refund and a chargeback in theirs.
-- A change of payer (the foreign keys' "set null" at a deletion) is not a change of money.
CREATE OR REPLACE FUNCTION figure_counts_from_order() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.credited_at IS NOT NULL THEN
    PERFORM figure_count_money(OLD.user_id, OLD.credited_at, OLD.currency, OLD.amount, 0, 0, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.credited_at IS NOT NULL THEN
    PERFORM figure_count_money(NEW.user_id, NEW.credited_at, NEW.currency, NEW.amount, 0, 0, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_count_money_on_insert AFTER INSERT ON orders FOR EACH ROW
  WHEN (NEW.credited_at IS NOT NULL) EXECUTE FUNCTION figure_counts_from_order();
--> statement-breakpoint
CREATE TRIGGER orders_count_money_on_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.credited_at, OLD.amount, OLD.currency) IS DISTINCT FROM (NEW.credited_at, NEW.amount, NEW.currency))
  EXECUTE FUNCTION figure_counts_from_order();
--> statement-breakpoint
CREATE TRIGGER orders_count_money_on_delete AFTER DELETE ON orders FOR EACH ROW
  WHEN (OLD.credited_at IS NOT NULL) EXECUTE FUNCTION figure_counts_from_order();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION figure_counts_from_refund() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM figure_count_money((SELECT user_id FROM orders WHERE id = OLD.order_id), OLD.created_at, OLD.currency, 0, OLD.amount, 0, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM figure_count_money((SELECT user_id FROM orders WHERE id = NEW.order_id), NEW.created_at, NEW.currency, 0, NEW.amount, 0, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER refunds_count_money_on_insert AFTER INSERT ON refunds FOR EACH ROW EXECUTE FUNCTION figure_counts_from_refund();
--> statement-breakpoint
CREATE TRIGGER refunds_count_money_on_update AFTER UPDATE ON refunds FOR EACH ROW
  WHEN ((OLD.order_id, OLD.created_at, OLD.amount, OLD.currency) IS DISTINCT FROM (NEW.order_id, NEW.created_at, NEW.amount, NEW.currency))
  EXECUTE FUNCTION figure_counts_from_refund();
--> statement-breakpoint
CREATE TRIGGER refunds_count_money_on_delete AFTER DELETE ON refunds FOR EACH ROW EXECUTE FUNCTION figure_counts_from_refund();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION figure_counts_from_chargeback() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM figure_count_money(OLD.user_id, OLD.charged_back_at, OLD.currency, 0, 0, OLD.amount, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM figure_count_money(NEW.user_id, NEW.charged_back_at, NEW.currency, 0, 0, NEW.amount, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER chargebacks_count_money_on_insert AFTER INSERT ON chargebacks FOR EACH ROW EXECUTE FUNCTION figure_counts_from_chargeback();
--> statement-breakpoint
CREATE TRIGGER chargebacks_count_money_on_update AFTER UPDATE ON chargebacks FOR EACH ROW
  WHEN ((OLD.charged_back_at, OLD.amount, OLD.currency) IS DISTINCT FROM (NEW.charged_back_at, NEW.amount, NEW.currency))
  EXECUTE FUNCTION figure_counts_from_chargeback();
--> statement-breakpoint
CREATE TRIGGER chargebacks_count_money_on_delete AFTER DELETE ON chargebacks FOR EACH ROW EXECUTE FUNCTION figure_counts_from_chargeback();
--> statement-breakpoint
-- The activity weeks now carry the member's site and network (the cohort cells' keys).
CREATE OR REPLACE FUNCTION member_activity_from_sessions() RETURNS trigger AS $$
BEGIN
  INSERT INTO member_activity_weeks (user_id, week, signup_week, site_id, network)
  SELECT DISTINCT n.user_id, figure_week(n.created_at), figure_week(u.created_at), u.site_id, u.tracking_network
    FROM new_rows n JOIN users u ON u.id = n.user_id
   WHERE NOT u.is_fictional
   ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_activity_from_messages() RETURNS trigger AS $$
BEGIN
  INSERT INTO member_activity_weeks (user_id, week, signup_week, site_id, network)
  SELECT DISTINCT n.sender_id, figure_week(n.created_at), figure_week(u.created_at), u.site_id, u.tracking_network
    FROM new_rows n JOIN users u ON u.id = n.sender_id
   WHERE NOT u.is_fictional
   ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_activity_from_orders() RETURNS trigger AS $$
BEGIN
  INSERT INTO member_activity_weeks (user_id, week, signup_week, paid, site_id, network)
  SELECT DISTINCT n.user_id, figure_week(n.credited_at), figure_week(u.created_at), true, u.site_id, u.tracking_network
    FROM new_rows n JOIN users u ON u.id = n.user_id
   WHERE n.credited_at IS NOT NULL AND NOT u.is_fictional
   ORDER BY 1, 2
  ON CONFLICT (user_id, week) DO UPDATE SET paid = true WHERE NOT member_activity_weeks.paid;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Activity weeks: each new, changed or removed row moves its cohort cell; new and changed rows
-- move the member's last weeks forward (the upsert's row lock orders two writers of one member).
-- Statement-level, like the triggers that write them: a chat batch pays one statement, and
-- a statement that added nothing stops at the first line.
CREATE OR REPLACE FUNCTION figure_counts_from_new_activity() RETURNS trigger AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
  INSERT INTO figure_cohort_counts (site_id, network, signup_week, week, active, paying)
  SELECT site_id, network, signup_week, week, count(*), count(*) FILTER (WHERE paid)
    FROM new_rows GROUP BY 1, 2, 3, 4;
  INSERT INTO member_last_weeks AS m (user_id, site_id, network, last_active_week, last_paid_week)
  SELECT user_id, min(site_id), min(network), max(week), max(week) FILTER (WHERE paid)
    FROM new_rows GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE
    SET last_active_week = greatest(m.last_active_week, excluded.last_active_week), last_paid_week = greatest(m.last_paid_week, excluded.last_paid_week)
  WHERE excluded.last_active_week > coalesce(m.last_active_week, '-infinity'::date) OR excluded.last_paid_week > coalesce(m.last_paid_week, '-infinity'::date);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER member_activity_weeks_count_on_insert
  AFTER INSERT ON member_activity_weeks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION figure_counts_from_new_activity();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION figure_counts_from_changed_activity() RETURNS trigger AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
  INSERT INTO figure_cohort_counts (site_id, network, signup_week, week, active, paying)
  SELECT site_id, network, signup_week, week, sum(sign), coalesce(sum(sign) FILTER (WHERE paid), 0)
    FROM (SELECT site_id, network, signup_week, week, paid, 1 AS sign FROM new_rows
          UNION ALL
          SELECT site_id, network, signup_week, week, paid, -1 FROM old_rows) d
   GROUP BY 1, 2, 3, 4
  HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE paid), 0) <> 0;
  INSERT INTO member_last_weeks AS m (user_id, site_id, network, last_active_week, last_paid_week)
  SELECT user_id, min(site_id), min(network), max(week), max(week) FILTER (WHERE paid)
    FROM new_rows GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE
    SET last_active_week = greatest(m.last_active_week, excluded.last_active_week), last_paid_week = greatest(m.last_paid_week, excluded.last_paid_week)
  WHERE excluded.last_active_week > coalesce(m.last_active_week, '-infinity'::date) OR excluded.last_paid_week > coalesce(m.last_paid_week, '-infinity'::date);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER member_activity_weeks_count_on_update
  AFTER UPDATE ON member_activity_weeks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION figure_counts_from_changed_activity();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION figure_counts_from_removed_activity() RETURNS trigger AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
  INSERT INTO figure_cohort_counts (site_id, network, signup_week, week, active, paying)
  SELECT site_id, network, signup_week, week, -count(*), -count(*) FILTER (WHERE paid)
    FROM old_rows GROUP BY 1, 2, 3, 4;
  -- The member's last weeks, from the weeks left (none when the member is being deleted).
  UPDATE member_last_weeks m
     SET last_active_week = (SELECT max(w.week) FROM member_activity_weeks w WHERE w.user_id = m.user_id),
         last_paid_week = (SELECT max(w.week) FROM member_activity_weeks w WHERE w.user_id = m.user_id AND w.paid)
   WHERE m.user_id IN (SELECT user_id FROM old_rows);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER member_activity_weeks_count_on_delete
  AFTER DELETE ON member_activity_weeks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION figure_counts_from_removed_activity();
--> statement-breakpoint
-- Last weeks: each member counts once, in the week of their last activity and of their last payment.
CREATE OR REPLACE FUNCTION figure_count_last_weeks_from_new() RETURNS trigger AS $$
BEGIN
  INSERT INTO figure_last_week_counts (site_id, network, week, active, paying)
  SELECT site_id, network, week, sum(active), sum(paying)
    FROM (SELECT site_id, network, last_active_week AS week, 1 AS active, 0 AS paying FROM new_rows WHERE last_active_week IS NOT NULL
          UNION ALL
          SELECT site_id, network, last_paid_week, 0, 1 FROM new_rows WHERE last_paid_week IS NOT NULL) d
   GROUP BY 1, 2, 3;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER member_last_weeks_count_on_insert
  AFTER INSERT ON member_last_weeks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION figure_count_last_weeks_from_new();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION figure_count_last_weeks_from_changed() RETURNS trigger AS $$
BEGIN
  INSERT INTO figure_last_week_counts (site_id, network, week, active, paying)
  SELECT site_id, network, week, sum(active), sum(paying)
    FROM (SELECT site_id, network, last_active_week AS week, 1 AS active, 0 AS paying FROM new_rows WHERE last_active_week IS NOT NULL
          UNION ALL
          SELECT site_id, network, last_paid_week, 0, 1 FROM new_rows WHERE last_paid_week IS NOT NULL
          UNION ALL
          SELECT site_id, network, last_active_week, -1, 0 FROM old_rows WHERE last_active_week IS NOT NULL
          UNION ALL
          SELECT site_id, network, last_paid_week, 0, -1 FROM old_rows WHERE last_paid_week IS NOT NULL) d
   GROUP BY 1, 2, 3
  HAVING sum(active) <> 0 OR sum(paying) <> 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER member_last_weeks_count_on_update
  AFTER UPDATE ON member_last_weeks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION figure_count_last_weeks_from_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION figure_count_last_weeks_from_removed() RETURNS trigger AS $$
BEGIN
  INSERT INTO figure_last_week_counts (site_id, network, week, active, paying)
  SELECT site_id, network, week, -sum(active), -sum(paying)
    FROM (SELECT site_id, network, last_active_week AS week, 1 AS active, 0 AS paying FROM old_rows WHERE last_active_week IS NOT NULL
          UNION ALL
          SELECT site_id, network, last_paid_week, 0, 1 FROM old_rows WHERE last_paid_week IS NOT NULL) d
   GROUP BY 1, 2, 3;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER member_last_weeks_count_on_delete
  AFTER DELETE ON member_last_weeks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION figure_count_last_weeks_from_removed();
--> statement-breakpoint
-- Folds each count table to one row per key (run by the `figure_counts_compact` job). Rows of a
-- writer that commits meanwhile are not in this statement's snapshot and stay for the next run.
CREATE OR REPLACE FUNCTION figure_counts_compact() RETURNS void AS $$
  WITH gone AS (DELETE FROM figure_cohort_counts RETURNING *)
  INSERT INTO figure_cohort_counts (site_id, network, signup_week, week, active, paying)
  SELECT site_id, network, signup_week, week, sum(active), sum(paying) FROM gone GROUP BY 1, 2, 3, 4 HAVING sum(active) <> 0 OR sum(paying) <> 0;
  WITH gone AS (DELETE FROM figure_last_week_counts RETURNING *)
  INSERT INTO figure_last_week_counts (site_id, network, week, active, paying)
  SELECT site_id, network, week, sum(active), sum(paying) FROM gone GROUP BY 1, 2, 3 HAVING sum(active) <> 0 OR sum(paying) <> 0;
  WITH gone AS (DELETE FROM figure_signup_counts RETURNING *)
  INSERT INTO figure_signup_counts (site_id, network, signup_week, delay_category, delay_bucket, members)
  SELECT site_id, network, signup_week, delay_category, delay_bucket, sum(members) FROM gone GROUP BY 1, 2, 3, 4, 5 HAVING sum(members) <> 0;
  WITH gone AS (DELETE FROM figure_money_counts RETURNING *)
  INSERT INTO figure_money_counts (site_id, network, week, currency, paid, refunded, charged_back)
  SELECT site_id, network, week, currency, sum(paid), sum(refunded), sum(charged_back) FROM gone GROUP BY 1, 2, 3, 4
  HAVING sum(paid) <> 0 OR sum(refunded) <> 0 OR sum(charged_back) <> 0;
$$ LANGUAGE sql;
--> statement-breakpoint
-- Counts everything again from the facts: this migration, and a bulk load made with the
-- triggers off. The locks hold writers back until it commits, so none of their changes is lost
-- or counted twice.
CREATE OR REPLACE FUNCTION figure_counts_rebuild() RETURNS void AS $$
  LOCK TABLE figure_cohort_counts, figure_last_week_counts, figure_signup_counts, figure_money_counts, member_last_weeks IN EXCLUSIVE MODE;
  UPDATE member_activity_weeks w SET site_id = u.site_id, network = u.tracking_network
    FROM users u WHERE u.id = w.user_id AND (w.site_id, w.network) IS DISTINCT FROM (u.site_id, u.tracking_network);
  DELETE FROM member_last_weeks;
  INSERT INTO member_last_weeks (user_id, site_id, network, last_active_week, last_paid_week)
  SELECT user_id, min(site_id), min(network), max(week), max(week) FILTER (WHERE paid) FROM member_activity_weeks GROUP BY user_id;
  TRUNCATE figure_cohort_counts, figure_last_week_counts, figure_signup_counts, figure_money_counts;
  INSERT INTO figure_cohort_counts (site_id, network, signup_week, week, active, paying)
  SELECT site_id, network, signup_week, week, count(*), count(*) FILTER (WHERE paid) FROM member_activity_weeks GROUP BY 1, 2, 3, 4;
  INSERT INTO figure_last_week_counts (site_id, network, week, active, paying)
  SELECT site_id, network, week, sum(active), sum(paying)
    FROM (SELECT site_id, network, last_active_week AS week, 1 AS active, 0 AS paying FROM member_last_weeks WHERE last_active_week IS NOT NULL
          UNION ALL
          SELECT site_id, network, last_paid_week, 0, 1 FROM member_last_weeks WHERE last_paid_week IS NOT NULL) d
   GROUP BY 1, 2, 3;
  INSERT INTO figure_signup_counts (site_id, network, signup_week, delay_category, delay_bucket, members)
  SELECT site_id, tracking_network, figure_week(created_at), figure_delay_category(figure_hours(created_at, paid_at)), figure_delay_bucket(figure_hours(created_at, paid_at)), count(*)
    FROM users WHERE NOT is_fictional GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO figure_money_counts (site_id, network, week, currency, paid, refunded, charged_back)
  SELECT u.site_id, u.tracking_network, m.week, m.currency, sum(m.paid), sum(m.refunded), sum(m.charged_back)
    FROM (SELECT user_id, figure_week(credited_at) AS week, currency, amount::bigint AS paid, 0::bigint AS refunded, 0::bigint AS charged_back FROM orders WHERE credited_at IS NOT NULL
          UNION ALL
          SELECT o.user_id, figure_week(r.created_at), r.currency, 0::bigint, r.amount::bigint, 0::bigint FROM refunds r JOIN orders o ON o.id = r.order_id
          UNION ALL
          SELECT user_id, figure_week(charged_back_at), currency, 0::bigint, 0::bigint, amount::bigint FROM chargebacks) m
    LEFT JOIN users u ON u.id = m.user_id
   GROUP BY 1, 2, 3, 4;
$$ LANGUAGE sql;
--> statement-breakpoint
SELECT figure_counts_rebuild();
