import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ACCOUNTING_PROGRAM_NAMES, type AccountingProgram } from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OAuthAppConfig } from '../../../config';
import { BusinessError, NotFoundError } from '../../../lib/errors';
import { createSecretBox, type SecretBox } from '../../../lib/secrets';
import type { AuthContext } from '../../../plugins/auth';
import type { AccessTokenSource, TokenSet } from '../../../providers/accounting/credentials';
import { AccountingError, isAccountingError } from '../../../providers/accounting/errors';
import type { AccountingProvider, ProviderId } from '../../../providers/accounting/provider';
import { createRateLimiter, type RateLimiter } from '../../../providers/accounting/rate-limiter';
import { CLOUD_KITS, type CloudProviderKit, providerPage } from '../../../providers/accounting/registry';
import { createVismaAdminProvider } from '../../../providers/visma-admin/provider';
import { logEvent, userDisplayName } from '../../eventlogs/eventlogs.service';
import { notify } from '../../notifications/notifications.service';
import { clubAccounts } from '../../organizations/organizations.tables';
import type { Tenant } from '../../organizations/tenant';
import { queueMirrorRefresh } from '../refresh/refresh.service';
import * as repo from './connections.repository';

type Caller = Pick<AuthContext, 'userId' | 'organisationId' | 'clubAccountId'>;

const STATE_TTL_MS = 15 * 60 * 1000;
/** A token this close to expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60 * 1000;
const REFRESH_LEASE_MS = 30 * 1000;
const REFRESH_WAIT_MS = 30 * 1000;

const providerName = (id: ProviderId) => ACCOUNTING_PROGRAM_NAMES[id as AccountingProgram] ?? id;
const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

const boxes = new WeakMap<FastifyInstance, SecretBox>();
function tokenBox(app: FastifyInstance): SecretBox {
  let box = boxes.get(app);
  if (!box) {
    box = createSecretBox(app.config.JWT_SECRET, 'accounting-tokens');
    boxes.set(app, box);
  }
  return box;
}

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

export function cloudKit(provider: string): CloudProviderKit | null {
  return CLOUD_KITS.find((kit) => kit.id === provider) ?? null;
}

/** The provider's real OAuth app when configured, else the simulator's (demo mode). */
export async function oauthAppFor(
  app: FastifyInstance,
  kit: CloudProviderKit,
  environment?: string,
): Promise<{ environment: 'live' | 'simulator'; oauthApp: OAuthAppConfig }> {
  const live = kit.id === 'fortnox' ? app.config.FORTNOX : app.config.VISMA_EEKONOMI;
  if (live && environment !== 'simulator') return { environment: 'live', oauthApp: live };
  const url = await app.simulators.url(kit);
  return { environment: 'simulator', oauthApp: { ...kit.simulatorClient, authUrl: url, apiUrl: url } };
}

async function loadClubAccount(app: FastifyInstance, tenant: Tenant, clubAccountId: string | null) {
  if (!clubAccountId) throw new BusinessError(400, 'configurations.noClubAccount');
  const [row] = await app.db
    .select({ id: clubAccounts.id, name: clubAccounts.name, accountingProgram: clubAccounts.accountingProgram })
    .from(clubAccounts)
    .where(and(eq(clubAccounts.id, clubAccountId), eq(clubAccounts.organisationId, tenant.organisationId)));
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * Starts connecting the club account in use to its accounting program: a single-use `state`
 * is stored (hashed) and the user is sent to the provider's consent page, which returns to our
 * public page named after the provider (`/fortnox`, `/visma`).
 */
export async function startConnection(app: FastifyInstance, caller: Caller): Promise<{ authorizeUrl: string }> {
  const tenant: Tenant = { organisationId: caller.organisationId };
  const clubAccount = await loadClubAccount(app, tenant, caller.clubAccountId);
  const kit = cloudKit(clubAccount.accountingProgram);
  if (!kit) throw new BusinessError(400, 'integrations.useConnector');
  const { environment, oauthApp } = await oauthAppFor(app, kit);
  const state = randomBytes(32).toString('base64url');
  await repo.insertOAuthState(app.db, {
    stateHash: hashState(state),
    organisationId: tenant.organisationId,
    clubAccountId: clubAccount.id,
    userId: caller.userId,
    provider: kit.id,
    environment,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const redirectUri = `${app.config.PUBLIC_URL}${providerPage(kit.id)}`;
  return { authorizeUrl: kit.oauth(oauthApp).authorizeUrl({ state, redirectUri }) };
}

export interface CompleteConnectionInput {
  provider: string;
  state: string;
  code?: string;
  /** The provider's `error` (e.g. `access_denied` when the user pressed Cancel). */
  error?: string;
}

export interface CompletedConnection {
  provider: CloudProviderKit['id'];
  clubAccountName: string;
  companyName: string | null;
}

/**
 * The provider sent the user back: spend the state, exchange the code for tokens, store them
 * encrypted, and queue the first refresh of the mirror. A bad, used or expired state changes
 * nothing; so does a refusal on the provider's page.
 */
export async function completeConnection(app: FastifyInstance, input: CompleteConnectionInput): Promise<CompletedConnection> {
  const kit = cloudKit(input.provider);
  const spent = kit ? await repo.spendOAuthState(app.db, hashState(input.state)) : null;
  if (!kit || !spent || spent.provider !== kit.id) throw new BusinessError(400, 'integrations.stateInvalid');
  if (input.error || !input.code) throw new BusinessError(400, 'integrations.consentRefused', { provider: providerName(kit.id) });
  const tenant: Tenant = { organisationId: spent.organisationId };
  const clubAccount = await loadClubAccount(app, tenant, spent.clubAccountId);
  const { environment, oauthApp } = await oauthAppFor(app, kit, spent.environment);
  const tokens = await kit.oauth(oauthApp).exchangeCode({
    code: input.code,
    redirectUri: `${app.config.PUBLIC_URL}${providerPage(kit.id)}`,
  });
  const box = tokenBox(app);
  const row = await app.db.transaction(async (tx) => {
    const saved = await repo.saveConnection(tx, {
      organisationId: tenant.organisationId,
      clubAccountId: clubAccount.id,
      provider: kit.id,
      environment,
      grant: 'authorization_code',
      status: 'connected',
      accessToken: box.seal(tokens.accessToken),
      refreshToken: tokens.refreshToken ? box.seal(tokens.refreshToken) : null,
      accessExpiresAt: tokens.expiresAt,
      scope: tokens.scope,
      tenantId: tokens.tenantId ?? null,
      tokenVersion: 0,
      connectedBy: spent.userId,
      connectedAt: new Date(),
      revokedAt: null,
      lastError: null,
      lastErrorAt: null,
    });
    await logEvent(tx, {
      organisationId: tenant.organisationId,
      clubAccountId: clubAccount.id,
      resource: 'integrations',
      activity: 'integrations.event.accountingConnected',
      params: {
        user: spent.userId ? await userDisplayName(tx, spent.userId) : '–',
        clubAccount: clubAccount.name,
        provider: providerName(kit.id),
      },
      type: 'SUCCESS',
    });
    return saved;
  });
  const companyName = await recordCompanyInformation(app, tenant, row);
  await queueMirrorRefresh(app, { organisationId: tenant.organisationId, clubAccountId: clubAccount.id }, 'initial');
  return { provider: kit.id, clubAccountName: clubAccount.name, companyName };
}

/** Best effort: the integrations page shows which company the account is linked to. */
async function recordCompanyInformation(app: FastifyInstance, tenant: Tenant, row: repo.ConnectionRow): Promise<string | null> {
  try {
    const company = await (await providerFor(app, row)).companyInformation();
    await repo.updateConnection(app.db, tenant, row.id, {
      companyName: company.name,
      companyOrganisationNumber: company.organisationNumber,
      databaseNumber: company.databaseNumber,
    });
    return company.name;
  } catch (error) {
    app.log.warn({ err: error, clubAccountId: row.clubAccountId }, 'could not read the company information');
    return null;
  }
}

/** Ends the connection: tokens are deleted, the mirror stays (read-only) until reconnected. */
export async function disconnect(app: FastifyInstance, caller: Caller): Promise<void> {
  const tenant: Tenant = { organisationId: caller.organisationId };
  const clubAccount = await loadClubAccount(app, tenant, caller.clubAccountId);
  const row = await repo.findConnection(app.db, tenant, clubAccount.id);
  if (!row || row.status === 'disconnected') throw new NotFoundError();
  await app.db.transaction(async (tx) => {
    await repo.updateConnection(tx, tenant, row.id, {
      status: 'disconnected',
      accessToken: null,
      refreshToken: null,
      accessExpiresAt: null,
      refreshLeaseUntil: null,
    });
    await logEvent(tx, {
      organisationId: tenant.organisationId,
      clubAccountId: clubAccount.id,
      resource: 'integrations',
      activity: 'integrations.event.accountingDisconnected',
      params: {
        user: await userDisplayName(tx, caller.userId),
        clubAccount: clubAccount.name,
        provider: providerName(row.provider as ProviderId),
      },
      type: 'INFO',
    });
  });
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
    const [clubAccount] = await tx
      .select({ name: clubAccounts.name })
      .from(clubAccounts)
      .where(eq(clubAccounts.id, row.clubAccountId));
    const params = { clubAccount: clubAccount?.name ?? '–', provider: providerName(row.provider as ProviderId) };
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

function revokedError(provider: ProviderId) {
  return new AccountingError('consent_revoked', 'accounting.consentRevoked', { provider: providerName(provider) }, { provider });
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
      if (!kit.clientCredentials || !row.tenantId) throw revokedError(kit.id);
      return kit.clientCredentials(oauthApp, row.tenantId);
    }
    if (!row.refreshToken) throw revokedError(kit.id);
    return kit.oauth(oauthApp).refresh(box.open(row.refreshToken));
  }

  async function current(rejected: string | null): Promise<string> {
    const deadline = Date.now() + REFRESH_WAIT_MS;
    for (;;) {
      const row = await repo.findConnectionById(app.db, connectionId);
      if (!row || row.status === 'disconnected') {
        throw new AccountingError('not_connected', 'accounting.notConnected', undefined, { provider: kit.id });
      }
      if (row.status !== 'connected') throw revokedError(kit.id);
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

async function providerFor(app: FastifyInstance, row: repo.ConnectionRow): Promise<AccountingProvider> {
  const kit = cloudKit(row.provider);
  if (!kit) throw new AccountingError('not_connected', 'accounting.notConnected');
  const { oauthApp } = await oauthAppFor(app, kit, row.environment);
  const rateKey = rateKeyOf(row);
  return kit.create({
    apiBaseUrl: oauthApp.apiUrl,
    auth: tokenSource(app, row.id, kit),
    limiter: limiterFor(app, kit),
    rateKey,
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
      return createVismaAdminProvider({ db: app.db, tenant: { organisationId: tenant.organisationId, clubAccountId } });
    }
    throw new AccountingError('not_connected', 'accounting.notConnected');
  }
  if (row.status !== 'connected') throw revokedError(row.provider as ProviderId);
  return providerFor(app, row);
}

/**
 * Demo mode: links a club account to the built-in simulator's demo company as if its owner had
 * consented there (Fortnox by the service-account grant, so it survives restarts; Visma
 * eEkonomi with a fresh consent), then queues the first refresh of the mirror.
 */
export async function connectToSimulator(
  app: FastifyInstance,
  target: { organisationId: string; clubAccountId: string },
  provider: CloudProviderKit['id'],
  userId: string | null,
): Promise<void> {
  const kit = cloudKit(provider);
  if (!kit) throw new Error(`no simulator for ${provider}`);
  const box = tokenBox(app);
  let grant: Pick<repo.NewConnection, 'grant' | 'tenantId' | 'accessToken' | 'refreshToken' | 'accessExpiresAt' | 'scope'>;
  if (kit.simulatorTenantId && kit.clientCredentials) {
    grant = {
      grant: 'client_credentials',
      tenantId: kit.simulatorTenantId,
      accessToken: null,
      refreshToken: null,
      accessExpiresAt: null,
      scope: null,
    };
  } else {
    const simulator = await app.simulators.simulator(kit);
    const tokens = simulator.demoTokens?.();
    if (!tokens) throw new Error(`the ${provider} simulator cannot consent for the demo`);
    grant = {
      grant: 'authorization_code',
      tenantId: null,
      accessToken: box.seal(tokens.accessToken),
      refreshToken: tokens.refreshToken ? box.seal(tokens.refreshToken) : null,
      accessExpiresAt: tokens.expiresAt,
      scope: tokens.scope,
    };
  }
  const row = await repo.saveConnection(app.db, {
    ...target,
    provider,
    environment: 'simulator',
    status: 'connected',
    ...grant,
    tokenVersion: 0,
    connectedBy: userId,
    connectedAt: new Date(),
    revokedAt: null,
    lastError: null,
    lastErrorAt: null,
  });
  await recordCompanyInformation(app, { organisationId: target.organisationId }, row);
  await queueMirrorRefresh(app, target, 'initial');
}
