-- Nobody under 18 is shown to members (ADR 0057), whatever was stored before the age rule: a
-- fictional profile saved as "Lena, 11" before the console checked the age was still shown. The
-- visibility rule of 0027/0028 gains the profile's date of birth, so every path that reads
-- profiles.visible (search, profile pages, landers, the sign-up's first message) leaves such a
-- profile out, real member or fictional. Nothing else is marked: the console derives "hidden:
-- under 18" from the date of birth, and a corrected date makes the profile shown again at once
-- (the profile trigger now also fires on date_of_birth).
--
-- Whether someone is 18 today, in UTC, the same rule as server/domain/profiles/age-rule.ts: the
-- date of birth lies on or before today minus 18 years. A 29 February birthday counts from
-- 1 March in a common year (2026-02-28 minus 18 years is 2008-02-28, before 2008-02-29).
CREATE OR REPLACE FUNCTION profile_is_adult(date_of_birth date)
  RETURNS boolean
  LANGUAGE sql STABLE
AS $$
  SELECT date_of_birth <= ((now() AT TIME ZONE 'UTC')::date - interval '18 years')::date
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_visibility(account_status text, account_invisible boolean, account_banned_at timestamptz, account_hidden_at timestamptz, profile_status text, profile_adult boolean)
  RETURNS boolean
  LANGUAGE sql IMMUTABLE
AS $$
  SELECT account_status = 'active' AND NOT account_invisible AND account_banned_at IS NULL AND account_hidden_at IS NULL AND profile_status = 'active' AND profile_adult
$$;
--> statement-breakpoint
COMMENT ON FUNCTION member_visibility(text, boolean, timestamptz, timestamptz, text, boolean) IS
  'Whether a member is shown to others: account active (confirmed, not deleted), not invisible, not banned, not hidden by a moderator, profile active, the person 18 or older. profiles.visible is derived from it by triggers (migrations 0027, 0028, 0034).';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION profiles_derive_visibility() RETURNS trigger AS $$
DECLARE
  account record;
BEGIN
  SELECT status, is_invisible, last_active_at, banned_at, hidden_at INTO account FROM users WHERE id = NEW.id;
  NEW.visible := member_visibility(account.status, account.is_invisible, account.banned_at, account.hidden_at, NEW.status, profile_is_adult(NEW.date_of_birth));
  NEW.last_active_at := account.last_active_at;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_propagate_visibility() RETURNS trigger AS $$
BEGIN
  UPDATE profiles
     SET visible = member_visibility(NEW.status, NEW.is_invisible, NEW.banned_at, NEW.hidden_at, profiles.status, profile_is_adult(profiles.date_of_birth)),
         last_active_at = NEW.last_active_at
   WHERE id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A corrected date of birth decides again whether the profile is shown.
DROP TRIGGER profiles_visibility_on_write ON profiles;
--> statement-breakpoint
CREATE TRIGGER profiles_visibility_on_write
  BEFORE INSERT OR UPDATE OF status, date_of_birth ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_derive_visibility();
--> statement-breakpoint
DROP FUNCTION member_visibility(text, boolean, timestamptz, timestamptz, text);
--> statement-breakpoint
-- Profiles stored under 18 before the rule stop being shown now.
UPDATE profiles SET visible = false WHERE visible AND NOT profile_is_adult(date_of_birth);
