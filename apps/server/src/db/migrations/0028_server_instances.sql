CREATE TABLE "server_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"storage" text NOT NULL,
	"files_at" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "server_instances_seen_idx" ON "server_instances" USING btree ("seen_at");