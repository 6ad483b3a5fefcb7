ALTER TABLE "sponsorships" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
-- Approved before the column: the day its approval's audit row says.
UPDATE "sponsorships" AS sp SET "approved_at" = a.approved_at
FROM (
  SELECT entity_id, min(created_at) AS approved_at FROM "audit_log"
  WHERE entity = 'sponsorship' AND action = 'approve' GROUP BY entity_id
) AS a
WHERE a.entity_id = sp.id::text;
