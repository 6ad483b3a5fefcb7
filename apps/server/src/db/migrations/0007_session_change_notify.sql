-- Resolved sessions are cached for up to a minute (modules/auth/session-cache.ts): every
-- server drops them when a session is revoked, cut short or removed, or when an account's
-- access changes. The expiry sliding forward on use is no such change and notifies nothing.
CREATE TRIGGER sessions_ended AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_removed AFTER DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER UPDATE OF status, usertype, email, password_hash OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
