CREATE TABLE "money_open_items" (
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"invoice_id" integer,
	"number" integer,
	"user_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_cents" integer NOT NULL,
	CONSTRAINT "money_open_items_key" UNIQUE NULLS NOT DISTINCT("kind","record_id","invoice_id")
);
