ALTER TABLE "orders" ADD COLUMN "received_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What each order's confirmed payments brought in, and the status that follows from it.
UPDATE "orders" SET "received_cents" = p."cents"
  FROM (SELECT "order_id", sum("amount_cents")::int AS "cents" FROM "payments"
        WHERE "status" = 'succeeded' AND "order_id" IS NOT NULL GROUP BY "order_id") p
  WHERE p."order_id" = "orders"."id";--> statement-breakpoint
UPDATE "orders" SET "payment_status" = CASE
    WHEN "received_cents" > 0 AND "received_cents" >= "total_cents" THEN 'paid' ELSE 'unpaid' END
  WHERE "payment_status" <> 'refunded';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_received_not_negative" CHECK ("orders"."received_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_when_covered" CHECK ("orders"."payment_status" = 'refunded' or ("orders"."payment_status" = 'paid') = ("orders"."received_cents" > 0 and "orders"."received_cents" >= "orders"."total_cents"));
