ALTER TABLE "orders" ADD COLUMN "tax_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_basis_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_rate_in_range" CHECK ("orders"."tax_rate_bp" is null or ("orders"."has_tax" and "orders"."tax_rate_bp" between 0 and 2500));--> statement-breakpoint
-- An amount already set holds for the subtotal it was set on.
UPDATE "orders" SET "tax_basis_cents" = "subtotal_cents" WHERE "has_tax";
