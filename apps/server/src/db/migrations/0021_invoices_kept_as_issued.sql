ALTER TABLE "invoices" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "content" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");