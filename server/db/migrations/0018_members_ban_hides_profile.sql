-- A banned member disappears from search and others' lists like a deleted one (issue 16): the
-- visibility the triggers of 0002 derive now also needs the account not to be banned.
CREATE OR REPLACE FUNCTION profiles_derive_visibility() RETURNS trigger AS $$
DECLARE
  account record;
BEGIN
  SELECT status, is_invisible, last_active_at, banned_at INTO account FROM users WHERE id = NEW.id;
  NEW.visible := account.status = 'active' AND NOT account.is_invisible AND account.banned_at IS NULL AND NEW.status = 'active';
  NEW.last_active_at := account.last_active_at;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_propagate_visibility() RETURNS trigger AS $$
BEGIN
  UPDATE profiles
     SET visible = NEW.status = 'active' AND NOT NEW.is_invisible AND NEW.banned_at IS NULL AND status = 'active',
         last_active_at = NEW.last_active_at
   WHERE id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER users_visibility_on_update ON users;
--> statement-breakpoint
CREATE TRIGGER users_visibility_on_update
  AFTER UPDATE OF status, is_invisible, last_active_at, banned_at ON users
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.is_invisible IS DISTINCT FROM NEW.is_invisible OR OLD.last_active_at IS DISTINCT FROM NEW.last_active_at OR OLD.banned_at IS DISTINCT FROM NEW.banned_at)
  EXECUTE FUNCTION users_propagate_visibility();
--> statement-breakpoint
-- The member search's prefix indexes of 0012, rebuilt to cover what the search reads from them
-- (the id, and the column the expression needs): counting and fetching the matches of a prefix is
-- then an index-only scan, not a heap visit per match. drizzle-kit cannot declare INCLUDE, so the
-- schema names the indexes and this migration shapes them.
DROP INDEX "users_email_search_idx";
--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING btree (lower("email") text_pattern_ops) INCLUDE ("id", "email");
--> statement-breakpoint
DROP INDEX "profiles_name_search_idx";
--> statement-breakpoint
CREATE INDEX "profiles_name_search_idx" ON "profiles" USING btree (lower("name") text_pattern_ops) INCLUDE ("id", "name");
