ALTER TABLE "faq_categories" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "audience" smallint DEFAULT 0 NOT NULL;