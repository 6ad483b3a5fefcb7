DROP INDEX "payment_reminders_step_key";--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Reminders sent so far were of an order's first invoice.
UPDATE "payment_reminders" r SET "invoice_id" = (
  SELECT i."id" FROM "invoices" i WHERE i."order_id" = r."record_id" AND i."kind" = 'invoice' ORDER BY i."id" LIMIT 1
) WHERE r."kind" = 'order';--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_claim_key" UNIQUE NULLS NOT DISTINCT("kind","record_id","invoice_id","step");