-- A custom migration (drizzle-kit generate --custom): drizzle-kit declares no FORCE. As in
-- 0019_row_level_security.sql, the tables' owner is held to the tenant policy too
-- (email_templates and newsletter_images, new in 0030_member_care_templates.sql). The application
-- role's grants come from 0019's default privileges.
ALTER TABLE "email_templates" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "newsletter_images" FORCE ROW LEVEL SECURITY;
