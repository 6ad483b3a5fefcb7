-- The money-owed report reads every invoiced order's money and each of its invoices (decision 043).
-- An order's row is its whole form (2-3 kB); these covering indexes hold only what the report
-- reads, so that it is read from them alone, never from the orders' or invoices' rows.
CREATE INDEX "orders_invoiced_money_idx" ON "orders" ("id")
  INCLUDE ("school_user_id", "received_cents", "refunded_cents", "status", "payment_status", "invoice_number")
  WHERE "invoice_number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_owed_idx" ON "invoices" ("order_id", "kind")
  INCLUDE ("id", "number", "due_date", "issue_date", "total_cents");
