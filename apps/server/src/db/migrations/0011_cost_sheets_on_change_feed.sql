-- Saving the reservation form keeps each order's state and cost sheet between saves and
-- drops them when a cost sheet changes (modules/orders/order-snapshots.ts).
CREATE TRIGGER cost_sheets_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cost_sheets
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
