/**
 * `npm run smoke:fortnox`: the invoicing chain against the real Fortnox with our own client, when
 * the FORTNOX_SMOKE_* variables name a test company's integration. See
 * apps/server/src/providers/fortnox/smoke.ts and docs/accounting.md#smoke-test-against-the-real-fortnox.
 */
import { runFortnoxSmoke, smokeEnvFrom } from '../src/providers/fortnox/smoke';

const env = smokeEnvFrom(process.env);
if (!env) {
  console.log(
    'smoke:fortnox: no FORTNOX_SMOKE_CLIENT_ID / FORTNOX_SMOKE_CLIENT_SECRET with FORTNOX_SMOKE_REFRESH_TOKEN (or _REFRESH_TOKEN_FILE, or _TENANT_ID for a service account) set; nothing to test against the real Fortnox.',
  );
  process.exit(0);
}
console.log(`smoke:fortnox against ${env.apiBaseUrl}`);
const result = await runFortnoxSmoke(env);
console.log(result.ok ? 'smoke:fortnox passed' : 'smoke:fortnox FAILED');
process.exit(result.ok ? 0 : 1);
