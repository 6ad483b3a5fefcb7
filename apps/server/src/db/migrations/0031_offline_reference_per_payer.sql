DROP INDEX "payments_gateway_ref_key";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_offline_ref_per_payer_key" ON "payments" USING btree ("user_id","gateway_ref") WHERE "payments"."gateway" = 'offline';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_ref_key" ON "payments" USING btree ("gateway","gateway_ref") WHERE "payments"."gateway" <> 'offline';