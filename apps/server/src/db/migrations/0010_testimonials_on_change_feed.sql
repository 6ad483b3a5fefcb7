-- The public pages are rendered on the server and kept until what they show changes; the
-- home page shows the testimonials (see lib/change-feed.ts).
CREATE TRIGGER testimonials_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON testimonials
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
