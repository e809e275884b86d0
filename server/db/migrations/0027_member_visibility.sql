-- Whether a member is shown to others (search, profiles, landers, other members' lists): the one
-- definition of the visibility rule. profiles.visible is derived from it by the triggers of 0002
-- (redefined here), so search reads partial indexes on profiles alone and no code path can
-- forget a condition. Until now the rule was written out twice in 0002 and again twice in 0018.
-- A member is shown when
--   * the account is active: the address is confirmed ('not_confirmed' is not) and it is not
--     deleted ('deleted', the 14 days before the purge),
--   * they have not chosen to be invisible (privacy mode, is_invisible),
--   * they are not banned (banned_at is null; a ban keeps the status, ADR 0026),
--   * their profile is active (profiles.status: 'disabled' until the address is confirmed).
CREATE OR REPLACE FUNCTION member_visibility(account_status text, account_invisible boolean, account_banned_at timestamptz, profile_status text)
  RETURNS boolean
  LANGUAGE sql IMMUTABLE
AS $$
  SELECT account_status = 'active' AND NOT account_invisible AND account_banned_at IS NULL AND profile_status = 'active'
$$;
--> statement-breakpoint
COMMENT ON FUNCTION member_visibility(text, boolean, timestamptz, text) IS
  'Whether a member is shown to others: account active (confirmed, not deleted), not invisible, not banned, profile active. profiles.visible is derived from it by triggers (migration 0027).';
--> statement-breakpoint
-- A profile written (inserted, or its status changed) takes the rule's answer from its account.
CREATE OR REPLACE FUNCTION profiles_derive_visibility() RETURNS trigger AS $$
DECLARE
  account record;
BEGIN
  SELECT status, is_invisible, last_active_at, banned_at INTO account FROM users WHERE id = NEW.id;
  NEW.visible := member_visibility(account.status, account.is_invisible, account.banned_at, NEW.status);
  NEW.last_active_at := account.last_active_at;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- An account changed (status, invisibility, ban, last activity) passes the rule's answer to its profile.
CREATE OR REPLACE FUNCTION users_propagate_visibility() RETURNS trigger AS $$
BEGIN
  UPDATE profiles
     SET visible = member_visibility(NEW.status, NEW.is_invisible, NEW.banned_at, profiles.status),
         last_active_at = NEW.last_active_at
   WHERE id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
