CREATE TABLE "pay_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_key" text NOT NULL,
	"kind" text NOT NULL,
	"sponsorship_id" integer,
	"order_id" integer,
	"amount_cents" integer,
	"created_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_links_one_target" CHECK (("pay_links"."kind" = 'sponsorship' and "pay_links"."sponsorship_id" is not null and "pay_links"."order_id" is null) or ("pay_links"."kind" = 'order' and "pay_links"."order_id" is not null and "pay_links"."sponsorship_id" is null)),
	CONSTRAINT "pay_links_amount_positive" CHECK ("pay_links"."amount_cents" is null or "pay_links"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "document_links" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pay_link_id" integer;--> statement-breakpoint
ALTER TABLE "document_links" ADD COLUMN "sponsorship_id" integer;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_sponsorship_id_sponsorships_id_fk" FOREIGN KEY ("sponsorship_id") REFERENCES "public"."sponsorships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_links_key_key" ON "pay_links" USING btree ("link_key");--> statement-breakpoint
CREATE INDEX "pay_links_sponsorship_idx" ON "pay_links" USING btree ("sponsorship_id");--> statement-breakpoint
CREATE INDEX "pay_links_order_idx" ON "pay_links" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pay_link_id_pay_links_id_fk" FOREIGN KEY ("pay_link_id") REFERENCES "public"."pay_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_links" ADD CONSTRAINT "document_links_one_document" CHECK (("document_links"."order_id" is null) <> ("document_links"."sponsorship_id" is null));