-- A custom migration (drizzle-kit generate --custom): drizzle-kit declares no FORCE. As in
-- 0019_row_level_security.sql, the table's owner is held to the tenant policy too
-- (accounting_requests, new in 0026_accounting_requests.sql). The application role's grants come
-- from 0019's default privileges.
ALTER TABLE "accounting_requests" FORCE ROW LEVEL SECURITY;
