ALTER TABLE "invoices" ADD COLUMN "pdf" "bytea";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pdf_sha256" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "template_version" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "language" text;