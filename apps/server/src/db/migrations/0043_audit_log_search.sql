-- The trigram operators the audit log's search index uses (a trusted extension: the database's owner may add it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "audit_log_search_idx" ON "audit_log" USING gin (("audit_log"."action" || ' ' || "audit_log"."entity" || ' ' || "audit_log"."entity_id" || ' ' || "audit_log"."changes"::text) gin_trgm_ops);