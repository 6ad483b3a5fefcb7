-- The staff orders list walks its sort's index and filters by status, school year, payment,
-- invoice and school (decision 043). An order's row is its whole form (2-3 kB): these indexes
-- hold what the filters read, so that a page's orders are found in the index alone, however
-- many orders before them the filters pass over. Their names and keys stay the schema's.
DROP INDEX "orders_created_idx";--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" ("created_at", "id")
  INCLUDE ("status", "school_year", "payment_status", "invoice_number", "school_user_id");--> statement-breakpoint
DROP INDEX "orders_total_idx";--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" ("total_cents", "id")
  INCLUDE ("status", "school_year", "payment_status", "invoice_number", "school_user_id");
