CREATE TABLE "order_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shows" text NOT NULL,
	"file_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_proofs_order_idx" ON "order_proofs" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_proofs_uploaded_by_idx" ON "order_proofs" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "order_proofs_waiting_idx" ON "order_proofs" USING btree ("order_id") WHERE "order_proofs"."status" = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "order_proofs_stored_key" ON "order_proofs" USING btree ("stored_name");