import { createHash, randomBytes } from 'node:crypto';
import type { IntegrationTarget } from '@fairway/shared';
import type { FastifyInstance } from 'fastify';
import { BusinessError, NotFoundError } from '../../../lib/errors';
import type { AuthContext } from '../../../plugins/auth';
import { type CloudProviderKit, providerPage } from '../../../providers/accounting/registry';
import { logEvent, userDisplayName } from '../../eventlogs/eventlogs.service';
import type { Tenant } from '../../organizations/tenant';
import { assertCompanyConnectable } from '../../subscriptions/duplicate-allowance';
import { lockOrganisationRow } from '../../subscriptions/subscriptions.repository';
import { queueMirrorRefresh } from '../refresh/queue';
import { providerFor } from './accounting-for';
import * as repo from './connections.repository';
import { cloudKit, loadClubAccount, oauthAppFor, reachedName, reachedNameOf } from './program';
import { tokenBox } from './tokens';

/**
 * A club account's connection to its cloud program (Fortnox, Visma eEkonomi): the OAuth consent
 * round trip, the demo's link to the simulator, and disconnecting. Using a connection is
 * accounting-for.ts; its tokens, tokens.ts.
 */

type Caller = Pick<AuthContext, 'userId' | 'organisationId' | 'clubAccountId'>;

const STATE_TTL_MS = 15 * 60 * 1000;
const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

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
  // Said before the consent page, and checked again when the provider sends the user back.
  await assertCompanyConnectable(app.db, tenant, clubAccount.id);
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
  /** The real program or our simulator of it. */
  target: IntegrationTarget;
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
  if (input.error || !input.code)
    throw new BusinessError(400, 'integrations.consentRefused', { provider: reachedNameOf(app.config, spent) });
  const tenant: Tenant = { organisationId: spent.organisationId };
  const clubAccount = await loadClubAccount(app, tenant, spent.clubAccountId);
  const { environment, oauthApp } = await oauthAppFor(app, kit, spent.environment);
  const tokens = await kit.oauth(oauthApp).exchangeCode({
    code: input.code,
    redirectUri: `${app.config.PUBLIC_URL}${providerPage(kit.id)}`,
  });
  const box = tokenBox(app);
  const row = await app.db.transaction(async (tx) => {
    // Serialised per organisation, so two consents cannot both take the last company a tier allows.
    await lockOrganisationRow(tx, tenant.organisationId);
    await assertCompanyConnectable(tx, tenant, clubAccount.id);
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
        provider: reachedName(kit.id, environment),
      },
      type: 'SUCCESS',
    });
    return saved;
  });
  const companyName = await recordCompanyInformation(app, tenant, row);
  await queueMirrorRefresh(app, { organisationId: tenant.organisationId, clubAccountId: clubAccount.id }, 'initial');
  return { provider: kit.id, clubAccountName: clubAccount.name, companyName, target: environment };
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
        provider: reachedNameOf(app.config, row),
      },
      type: 'INFO',
    });
  });
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
  await assertCompanyConnectable(app.db, { organisationId: target.organisationId }, target.clubAccountId);
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
