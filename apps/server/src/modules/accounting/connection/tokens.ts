import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { createSecretBox, type SecretBox } from '../../../lib/secrets';
import type { AccessTokenSource, TokenSet } from '../../../providers/accounting/credentials';
import { AccountingError, isAccountingError } from '../../../providers/accounting/errors';
import type { ProviderId } from '../../../providers/accounting/provider';
import type { CloudProviderKit } from '../../../providers/accounting/registry';
import { logEvent } from '../../eventlogs/eventlogs.service';
import { notify } from '../../notifications/notifications.service';
import type { Tenant } from '../../organizations/tenant';
import * as repo from './connections.repository';
import { oauthAppFor, providerName, reachedNameOf } from './program';

/** A token this close to expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60 * 1000;
const REFRESH_LEASE_MS = 30 * 1000;
const REFRESH_WAIT_MS = 30 * 1000;

const boxes = new WeakMap<FastifyInstance, SecretBox>();
/** The key that seals a connection's tokens at rest (lib/secrets.ts). */
export function tokenBox(app: FastifyInstance): SecretBox {
  let box = boxes.get(app);
  if (!box) {
    box = createSecretBox(app.config.JWT_SECRET, 'accounting-tokens');
    boxes.set(app, box);
  }
  return box;
}

/**
 * The provider refused our tokens for good: the connection needs a reconnect (docs/accounting.md#connections). Done once
 * (only a connected row changes), with an event-log entry and a notification to owners and managers.
 */
async function markConsentRevoked(app: FastifyInstance, row: repo.ConnectionRow, reason: string): Promise<void> {
  const tenant: Tenant = { organisationId: row.organisationId };
  await app.db.transaction(async (tx) => {
    const current = await repo.findConnection(tx, tenant, row.clubAccountId);
    if (current?.status !== 'connected') return;
    await repo.updateConnection(tx, tenant, row.id, {
      status: 'consent_revoked',
      revokedAt: new Date(),
      refreshLeaseUntil: null,
      lastError: reason.slice(0, 500),
      lastErrorAt: new Date(),
    });
    const clubAccount = await repo.findClubAccount(tx, tenant, row.clubAccountId);
    const params = { clubAccount: clubAccount?.name ?? '–', provider: reachedNameOf(app.config, row) };
    await logEvent(tx, {
      organisationId: row.organisationId,
      clubAccountId: row.clubAccountId,
      resource: 'integrations',
      activity: 'integrations.event.consentRevoked',
      params,
      error: reason.slice(0, 500),
      type: 'ERROR',
    });
    await notify(tx, {
      organisationId: row.organisationId,
      toRole: ['Owner', 'Manager'],
      subject: 'integrations.notify.consentRevokedSubject',
      message: 'integrations.notify.consentRevokedMessage',
      params,
      link: '/dashboard/configuration/integrations',
    });
  });
}

/** The connection's consent is gone: the reconnect prompt, naming the program or its simulator. */
export function revokedError(app: FastifyInstance, row: Pick<repo.ConnectionRow, 'provider' | 'environment'>) {
  const provider = row.provider as ProviderId;
  return new AccountingError(
    'consent_revoked',
    'accounting.consentRevoked',
    { provider: reachedNameOf(app.config, row) },
    { provider },
  );
}

/**
 * Bearer tokens of one connection, shared by every process: a token near expiry (or one the
 * provider rejected) is refreshed by whoever takes the row's lease; the others wait for the new
 * token instead of spending the single-use refresh token a second time.
 */
export function tokenSource(app: FastifyInstance, connectionId: string, kit: CloudProviderKit): AccessTokenSource {
  const box = tokenBox(app);
  const usable = (row: repo.ConnectionRow, rejected: string | null): string | null => {
    if (!row.accessToken || !row.accessExpiresAt) return null;
    if (row.accessExpiresAt.getTime() - Date.now() < EXPIRY_MARGIN_MS) return null;
    const token = box.open(row.accessToken);
    return token === rejected ? null : token;
  };

  async function fetchTokens(row: repo.ConnectionRow): Promise<TokenSet> {
    const { oauthApp } = await oauthAppFor(app, kit, row.environment);
    if (row.grant === 'client_credentials') {
      if (!kit.clientCredentials || !row.tenantId) throw revokedError(app, row);
      return kit.clientCredentials(oauthApp, row.tenantId);
    }
    if (!row.refreshToken) throw revokedError(app, row);
    return kit.oauth(oauthApp).refresh(box.open(row.refreshToken));
  }

  async function current(rejected: string | null): Promise<string> {
    const deadline = Date.now() + REFRESH_WAIT_MS;
    for (;;) {
      const row = await repo.findConnectionById(app.db, connectionId);
      if (!row || row.status === 'disconnected') {
        throw new AccountingError('not_connected', 'accounting.notConnected', undefined, { provider: kit.id });
      }
      if (row.status !== 'connected') throw revokedError(app, row);
      const token = usable(row, rejected);
      if (token) return token;
      const leased = await repo.takeRefreshLease(app.db, connectionId, REFRESH_LEASE_MS);
      if (!leased) {
        if (Date.now() > deadline) throw new AccountingError('timeout', 'accounting.timeout', { provider: providerName(kit.id) });
        await sleep(100 + Math.random() * 100);
        continue;
      }
      // Another process may have refreshed between our read and our lease: use its token.
      const fresh = usable(leased, rejected);
      if (fresh) {
        await repo.releaseRefreshLease(app.db, connectionId, null);
        return fresh;
      }
      let tokens: TokenSet;
      try {
        tokens = await fetchTokens(leased);
      } catch (error) {
        if (isAccountingError(error) && error.kind === 'consent_revoked') {
          await markConsentRevoked(app, leased, error.message);
          throw error;
        }
        await repo.releaseRefreshLease(
          app.db,
          connectionId,
          error instanceof Error ? error.message.slice(0, 500) : 'refresh failed',
        );
        throw error;
      }
      await repo.storeRefreshedTokens(app.db, connectionId, {
        accessToken: box.seal(tokens.accessToken),
        // The client-credentials grant has no refresh token; an authorization-code grant always rotates it.
        refreshToken: tokens.refreshToken ? box.seal(tokens.refreshToken) : leased.refreshToken,
        accessExpiresAt: tokens.expiresAt,
        scope: tokens.scope ?? leased.scope,
      });
      return tokens.accessToken;
    }
  }

  return {
    get: () => current(null),
    refreshAfterRejection: (rejected) => current(rejected),
  };
}
