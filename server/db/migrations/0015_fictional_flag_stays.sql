-- A fictional profile stays fictional (issue 16): members must always be told. Clearing the flag
-- fails whoever tries it, the app and the console included.
CREATE FUNCTION users_fictional_flag_stays() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a fictional profile stays fictional (users.is_fictional cannot be cleared)';
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_fictional_flag_stays BEFORE UPDATE OF is_fictional ON users FOR EACH ROW
  WHEN (OLD.is_fictional AND NOT NEW.is_fictional) EXECUTE FUNCTION users_fictional_flag_stays();
