-- Older duplicates, should any exist, are closed first: the newest pending payment of an order stays.
UPDATE "payments" SET "status" = 'failed' WHERE "status" = 'pending' AND "order_id" IS NOT NULL
  AND "id" NOT IN (SELECT max("id") FROM "payments" WHERE "status" = 'pending' AND "order_id" IS NOT NULL GROUP BY "order_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_per_order" ON "payments" USING btree ("order_id") WHERE "payments"."status" = 'pending' and "payments"."order_id" is not null;