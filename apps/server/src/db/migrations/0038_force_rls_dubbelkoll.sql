-- A custom migration (drizzle-kit generate --custom): drizzle-kit declares no FORCE. As in
-- 0019_row_level_security.sql, the tables' owner is held to the tenant policy too (the tables
-- new in 0037_dubbelkoll.sql). The application role's grants come from 0019's default privileges.
ALTER TABLE "suppliers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "accounting_documents" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "duplicate_groups" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "duplicate_group_members" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "duplicate_field_mappings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "duplicate_scans" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "duplicate_handlings" FORCE ROW LEVEL SECURITY;
