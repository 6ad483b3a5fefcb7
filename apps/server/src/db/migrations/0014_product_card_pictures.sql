ALTER TABLE "product_images" ADD COLUMN "card_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "card_width" integer DEFAULT 0 NOT NULL;