ALTER TABLE "users" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hide_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
-- A profile a moderator hid (issue 32) is not shown to others, like a banned one: the visibility
-- rule of 0027 gains the account's hidden_at. The function takes one more argument, so the two
-- trigger functions and the account trigger are redefined with it and the old form is dropped.
CREATE OR REPLACE FUNCTION member_visibility(account_status text, account_invisible boolean, account_banned_at timestamptz, account_hidden_at timestamptz, profile_status text)
  RETURNS boolean
  LANGUAGE sql IMMUTABLE
AS $$
  SELECT account_status = 'active' AND NOT account_invisible AND account_banned_at IS NULL AND account_hidden_at IS NULL AND profile_status = 'active'
$$;
--> statement-breakpoint
COMMENT ON FUNCTION member_visibility(text, boolean, timestamptz, timestamptz, text) IS
  'Whether a member is shown to others: account active (confirmed, not deleted), not invisible, not banned, not hidden by a moderator, profile active. profiles.visible is derived from it by triggers (migrations 0027, 0028).';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION profiles_derive_visibility() RETURNS trigger AS $$
DECLARE
  account record;
BEGIN
  SELECT status, is_invisible, last_active_at, banned_at, hidden_at INTO account FROM users WHERE id = NEW.id;
  NEW.visible := member_visibility(account.status, account.is_invisible, account.banned_at, account.hidden_at, NEW.status);
  NEW.last_active_at := account.last_active_at;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_propagate_visibility() RETURNS trigger AS $$
BEGIN
  UPDATE profiles
     SET visible = member_visibility(NEW.status, NEW.is_invisible, NEW.banned_at, NEW.hidden_at, profiles.status),
         last_active_at = NEW.last_active_at
   WHERE id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER users_visibility_on_update ON users;
--> statement-breakpoint
CREATE TRIGGER users_visibility_on_update
  AFTER UPDATE OF status, is_invisible, last_active_at, banned_at, hidden_at ON users
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.is_invisible IS DISTINCT FROM NEW.is_invisible OR OLD.last_active_at IS DISTINCT FROM NEW.last_active_at OR OLD.banned_at IS DISTINCT FROM NEW.banned_at OR OLD.hidden_at IS DISTINCT FROM NEW.hidden_at)
  EXECUTE FUNCTION users_propagate_visibility();
--> statement-breakpoint
DROP FUNCTION member_visibility(text, boolean, timestamptz, text);
