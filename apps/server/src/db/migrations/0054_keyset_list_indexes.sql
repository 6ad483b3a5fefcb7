-- The back office's schools, sponsors and sponsorships page deep into a region's year by
-- cursor: the page after a row is the rows past it in the sort, read from an index on the
-- sort's value and the id that breaks its ties, however far down. These are the sorts no
-- index served yet; the others are served by users_usertype_created_idx, sponsorships_updated_idx,
-- enquiries_submitted_idx (0046) and the primary keys. Their names and keys are the schema's.
CREATE INDEX "schools_name_sort_idx" ON "schools" (lower("school_name"), "user_id");--> statement-breakpoint
CREATE INDEX "sponsors_company_sort_idx" ON "sponsors" (lower("business_name"), "user_id");--> statement-breakpoint
CREATE INDEX "sponsorships_year_idx" ON "sponsorships" ("year", "id");--> statement-breakpoint
CREATE INDEX "sponsorships_total_idx" ON "sponsorships" ("total_cents", "id");--> statement-breakpoint
CREATE INDEX "sponsorships_left_idx" ON "sponsorships" (("total_cents" - "paid_cents"), "id");
