ALTER TABLE "invoices" DROP CONSTRAINT "invoices_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- An issued invoice or credit note is kept as it was sent: no row is ever changed or removed.
-- A correction is a new document (a credit note, an invoice for a difference), never an edit.
CREATE OR REPLACE FUNCTION invoices_kept_as_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an issued invoice or credit note cannot be changed or removed' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoices_no_change BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_kept_as_issued();--> statement-breakpoint
CREATE TRIGGER invoices_no_truncate BEFORE TRUNCATE ON invoices FOR EACH STATEMENT EXECUTE FUNCTION invoices_kept_as_issued();
