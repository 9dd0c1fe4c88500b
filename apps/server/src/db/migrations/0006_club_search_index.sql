-- btree_gin lets the GIN index of invoice search begin with the club account (a uuid). It ships
-- with PostgreSQL (contrib, a trusted extension) and PGlite loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "invoices_org_idx";--> statement-breakpoint
DROP INDEX "invoices_search_idx";--> statement-breakpoint
CREATE INDEX "invoices_search_idx" ON "invoices" USING gin ("club_account_id","search_vector") WITH (fastupdate=false);