CREATE INDEX "schools_name_search_idx" ON "schools" USING gin ("school_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "schools_contact_search_idx" ON "schools" USING gin ("primary_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "schools_city_search_idx" ON "schools" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING gin ("email" gin_trgm_ops);