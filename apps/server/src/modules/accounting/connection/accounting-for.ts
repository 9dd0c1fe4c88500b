import type { FastifyInstance } from 'fastify';
import { AccountingError } from '../../../providers/accounting/errors';
import type { AccountingProvider } from '../../../providers/accounting/provider';
import { createRateLimiter, type RateLimiter } from '../../../providers/accounting/rate-limiter';
import type { CloudProviderKit } from '../../../providers/accounting/registry';
import { createVismaAdminProvider } from '../../../providers/visma-admin/provider';
import type { Tenant } from '../../organizations/tenant';
import { connectorQueue } from '../connector/connector-queue';
import * as repo from './connections.repository';
import { cloudKit, loadClubAccount, oauthAppFor } from './program';
import { databaseRequestJournal } from './request-journal.repository';
import { revokedError, tokenSource } from './tokens';

const limiters = new WeakMap<FastifyInstance, Map<string, RateLimiter>>();
function limiterFor(app: FastifyInstance, kit: CloudProviderKit): RateLimiter {
  let byKit = limiters.get(app);
  if (!byKit) {
    byKit = new Map();
    limiters.set(app, byKit);
  }
  let limiter = byKit.get(kit.id);
  if (!limiter) {
    limiter = createRateLimiter(app.db, kit.rateLimit);
    byKit.set(kit.id, limiter);
  }
  return limiter;
}

/**
 * The key of a connection's rate budget. The programs count requests per company (Fortnox: per
 * client id and tenant, its TenantId being the company's DatabaseNumber), so club accounts linked
 * to one company share one budget; until the company is known, the connection has its own.
 */
export function rateKeyOf(
  row: Pick<repo.ConnectionRow, 'provider' | 'environment' | 'databaseNumber' | 'tenantId' | 'id'>,
): string {
  const company = row.databaseNumber ?? row.tenantId;
  return company ? `${row.provider}:${row.environment}:company:${company}` : `${row.provider}:connection:${row.id}`;
}

/**
 * The program of a connected row, ready to call (its tokens, its rate budget, its log, and the
 * club account's record of writes asked for: request-journal.repository.ts).
 */
export async function providerFor(app: FastifyInstance, row: repo.ConnectionRow): Promise<AccountingProvider> {
  const kit = cloudKit(row.provider);
  if (!kit) throw new AccountingError('not_connected', 'accounting.notConnected');
  const { oauthApp } = await oauthAppFor(app, kit, row.environment);
  const rateKey = rateKeyOf(row);
  return kit.create({
    apiBaseUrl: oauthApp.apiUrl,
    auth: tokenSource(app, row.id, kit),
    limiter: limiterFor(app, kit),
    rateKey,
    journal: databaseRequestJournal(
      app.db,
      { organisationId: row.organisationId },
      { clubAccountId: row.clubAccountId, provider: row.provider },
    ),
    logger: app.log.child({ component: kit.id, clubAccountId: row.clubAccountId, rateKey }),
  });
}

/**
 * The accounting program of a club account, ready to call. Throws `AccountingError` when there
 * is no usable connection (not connected, consent revoked: the reconnect prompt of docs/accounting.md#notices).
 * Visma Administration needs no OAuth connection: its provider talks to the installed
 * connector and reports "installation needed" / "connector offline" itself.
 */
export async function accountingFor(app: FastifyInstance, tenant: Tenant, clubAccountId: string): Promise<AccountingProvider> {
  const row = await repo.findConnection(app.db, tenant, clubAccountId);
  if (!row || row.status === 'disconnected') {
    const clubAccount = await loadClubAccount(app, tenant, clubAccountId);
    if (clubAccount.accountingProgram === 'visma_administration') {
      return createVismaAdminProvider({
        queue: connectorQueue(app.db, { organisationId: tenant.organisationId, clubAccountId }),
      });
    }
    throw new AccountingError('not_connected', 'accounting.notConnected');
  }
  if (row.status !== 'connected') throw revokedError(app, row);
  return providerFor(app, row);
}
