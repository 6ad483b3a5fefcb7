-- money_open_items is kept by the database, in the transaction that changes what an open item
-- is made from (decision 044). The definition of an open item is the view money_owed_items,
-- which each server puts in place after the migrations (db/money-owed-items.ts); these
-- functions read it, one order or sponsorship at a time. They run as the table's owner: the
-- app's role reads the table and cannot write it.
CREATE INDEX "money_open_items_due_idx" ON "money_open_items" ("due_date", "kind", "record_id", "invoice_id" NULLS FIRST)
  INCLUDE ("user_id", "number", "total_cents", "paid_cents");--> statement-breakpoint
CREATE INDEX "money_open_items_user_idx" ON "money_open_items" ("user_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION money_owed_refresh_order(p_order integer) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  -- Until a server has put the definition in place (just after the migrations), it works every item out itself.
  IF p_order IS NULL OR to_regclass('money_owed_items') IS NULL THEN RETURN; END IF;
  -- One order's items are worked out by one transaction at a time, each seeing the other's
  -- committed changes (a payment and an invoice of the same order at once).
  PERFORM 1 FROM orders WHERE id = p_order FOR NO KEY UPDATE;
  DELETE FROM money_open_items WHERE kind = 'order' AND record_id = p_order;
  INSERT INTO money_open_items SELECT * FROM money_owed_items WHERE kind = 'order' AND record_id = p_order;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION money_owed_refresh_sponsorship(p_sponsorship integer) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF to_regclass('money_owed_items') IS NULL THEN RETURN; END IF;
  DELETE FROM money_open_items WHERE kind = 'sponsorship' AND record_id = p_sponsorship;
  INSERT INTO money_open_items SELECT * FROM money_owed_items WHERE kind = 'sponsorship' AND record_id = p_sponsorship;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION money_owed_invoice_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM money_owed_refresh_order(OLD.order_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.order_id IS DISTINCT FROM OLD.order_id) THEN
    PERFORM money_owed_refresh_order(NEW.order_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION money_owed_order_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM money_open_items WHERE kind = 'order' AND record_id = OLD.id;
  ELSE
    PERFORM money_owed_refresh_order(NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION money_owed_sponsorship_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM money_open_items WHERE kind = 'sponsorship' AND record_id = OLD.id;
  ELSE
    PERFORM money_owed_refresh_sponsorship(NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER money_owed_invoices AFTER INSERT OR UPDATE OF order_id, kind, number, issue_date, due_date, total_cents OR DELETE
  ON invoices FOR EACH ROW EXECUTE FUNCTION money_owed_invoice_changed();--> statement-breakpoint
CREATE TRIGGER money_owed_orders AFTER UPDATE OF school_user_id, invoice_number, status, payment_status, received_cents, refunded_cents
  ON orders FOR EACH ROW
  WHEN (OLD.school_user_id IS DISTINCT FROM NEW.school_user_id OR OLD.invoice_number IS DISTINCT FROM NEW.invoice_number
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.payment_status IS DISTINCT FROM NEW.payment_status
    OR OLD.received_cents IS DISTINCT FROM NEW.received_cents OR OLD.refunded_cents IS DISTINCT FROM NEW.refunded_cents)
  EXECUTE FUNCTION money_owed_order_changed();--> statement-breakpoint
CREATE TRIGGER money_owed_orders_removed AFTER DELETE ON orders FOR EACH ROW EXECUTE FUNCTION money_owed_order_changed();--> statement-breakpoint
CREATE TRIGGER money_owed_sponsorships AFTER INSERT OR UPDATE OF status, total_cents, paid_cents, approved_at, created_at, sponsor_user_id OR DELETE
  ON sponsorships FOR EACH ROW EXECUTE FUNCTION money_owed_sponsorship_changed();
