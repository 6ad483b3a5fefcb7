CREATE INDEX "users_usertype_created_idx" ON "users" USING btree ("usertype","created_at","id");--> statement-breakpoint
CREATE INDEX "enquiries_submitted_idx" ON "enquiries" USING btree ("submitted_at","id") WHERE "enquiries"."submitted_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sponsorships_updated_idx" ON "sponsorships" USING btree ("updated_at","id");