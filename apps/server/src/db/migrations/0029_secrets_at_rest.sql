ALTER TABLE "pay_links" RENAME COLUMN "link_key" TO "key_hash";--> statement-breakpoint
-- A pay link keeps only its key's hash (decision 029): the keys already sent are hashed as
-- hashToken hashes them (SHA-256 of the UTF-8 text, in hex), so that their links keep working.
UPDATE "pay_links" SET "key_hash" = encode(sha256(convert_to("key_hash", 'UTF8')), 'hex');--> statement-breakpoint
-- Messages sent before this kept their links; from now on a sent message names the secrets to
-- cut out. For those already sent, the links that open without signing in are cut out.
UPDATE "email_outbox"
SET "html" = regexp_replace("html", 'https?://[^[:space:]"<>]*/(set-password|sponsorship-pay|order-pay)/[A-Za-z0-9_-]+', '[sent: link removed]', 'g'),
    "text" = regexp_replace("text", 'https?://[^[:space:]"<>]*/(set-password|sponsorship-pay|order-pay)/[A-Za-z0-9_-]+', '[sent: link removed]', 'g')
WHERE "status" = 'sent' AND ("html" ~ '/(set-password|sponsorship-pay|order-pay)/' OR "text" ~ '/(set-password|sponsorship-pay|order-pay)/');--> statement-breakpoint
DROP INDEX "pay_links_key_key";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "secrets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_links_key_hash_key" ON "pay_links" USING btree ("key_hash");