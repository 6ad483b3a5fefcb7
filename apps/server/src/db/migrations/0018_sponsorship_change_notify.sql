-- The sponsors' list answers are cached (modules/sponsorships/sponsorship-list-cache.ts): every
-- server drops them when a sponsorship, one of its items or one of its payment attempts changes.
CREATE TRIGGER sponsorships_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sponsorships
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER sponsorship_items_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sponsorship_items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER sponsorship_transactions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sponsorship_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
