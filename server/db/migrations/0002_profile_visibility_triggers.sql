-- profiles.visible and profiles.last_active_at mirror the account, so search can use partial
-- indexes on profiles alone. Triggers keep them right whatever code changes the account.
CREATE OR REPLACE FUNCTION profiles_derive_visibility() RETURNS trigger AS $$
DECLARE
  account record;
BEGIN
  SELECT status, is_invisible, last_active_at INTO account FROM users WHERE id = NEW.id;
  NEW.visible := account.status = 'active' AND NOT account.is_invisible AND NEW.status = 'active';
  NEW.last_active_at := account.last_active_at;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER profiles_visibility_on_write
  BEFORE INSERT OR UPDATE OF status ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_derive_visibility();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_propagate_visibility() RETURNS trigger AS $$
BEGIN
  UPDATE profiles
     SET visible = NEW.status = 'active' AND NOT NEW.is_invisible AND status = 'active',
         last_active_at = NEW.last_active_at
   WHERE id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_visibility_on_update
  AFTER UPDATE OF status, is_invisible, last_active_at ON users
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.is_invisible IS DISTINCT FROM NEW.is_invisible OR OLD.last_active_at IS DISTINCT FROM NEW.last_active_at)
  EXECUTE FUNCTION users_propagate_visibility();
--> statement-breakpoint
UPDATE profiles p
   SET visible = u.status = 'active' AND NOT u.is_invisible AND p.status = 'active',
       last_active_at = u.last_active_at
  FROM users u
 WHERE u.id = p.id;
