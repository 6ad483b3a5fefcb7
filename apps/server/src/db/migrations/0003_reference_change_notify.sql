-- States and counties are cached too (see lib/change-feed.ts).
CREATE TRIGGER states_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON states
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER counties_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON counties
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
