-- A custom migration (drizzle-kit generate --custom): drizzle-kit declares no FORCE. As in
-- 0019_row_level_security.sql, the tables' owner is held to the tenant policies too; this forces
-- every table with row-level security enabled that is not yet forced (receipt_send_outs, new in
-- 0024_run_engine_send_outs_exports.sql). The application role's grants come from 0019's
-- default privileges.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relrowsecurity AND NOT c.relforcerowsecurity
  LOOP
    EXECUTE format('ALTER TABLE public.%I FORCE ROW LEVEL SECURITY', t.relname);
  END LOOP;
END
$$;
