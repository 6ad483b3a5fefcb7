-- Tells the servers' caches that a cached table changed (see lib/change-feed.ts).
CREATE OR REPLACE FUNCTION notify_table_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('table_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER content_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_pages
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER site_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
