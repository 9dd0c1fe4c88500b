-- A custom migration (drizzle-kit generate --custom): drizzle-kit declares no FORCE. As in
-- 0019_row_level_security.sql, the tables' owner is held to the tenant policy too
-- (member_care_unsubscribes, member_care_sendouts and member_care_sendout_recipients, new in
-- 0032_member_care_sendouts.sql). The application role's grants come from 0019's default privileges.
ALTER TABLE "member_care_unsubscribes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "member_care_sendouts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "member_care_sendout_recipients" FORCE ROW LEVEL SECURITY;
