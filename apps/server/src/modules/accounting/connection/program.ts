import { ACCOUNTING_PROGRAM_NAMES, type AccountingProgram, type IntegrationTarget } from '@fairway/shared';
import type { FastifyInstance } from 'fastify';
import type { Config, OAuthAppConfig } from '../../../config';
import { BusinessError, NotFoundError } from '../../../lib/errors';
import { type MessageParam, t } from '../../../lib/i18n';
import type { ProviderId } from '../../../providers/accounting/provider';
import { CLOUD_KITS, type CloudProviderKit } from '../../../providers/accounting/registry';
import type { Tenant } from '../../organizations/tenant';
import { findClubAccount } from './connections.repository';

// Which accounting program a club account keeps its books in, and how the portal reaches it.

/** A program's name as people know it ("Fortnox"), for messages and the event log. */
export const providerName = (id: ProviderId) => ACCOUNTING_PROGRAM_NAMES[id as AccountingProgram] ?? id;

/** The kit (OAuth, client, rate limit, simulator) of a cloud program; null for Visma Administration. */
export function cloudKit(provider: string): CloudProviderKit | null {
  return CLOUD_KITS.find((kit) => kit.id === provider) ?? null;
}

/** The provider's real OAuth app, when this server is configured with one (FORTNOX_CLIENT_ID, VISMA_CLIENT_ID). */
const liveApp = (config: Pick<Config, 'FORTNOX' | 'VISMA_EEKONOMI'>, kit: CloudProviderKit): OAuthAppConfig | null =>
  kit.id === 'fortnox' ? config.FORTNOX : config.VISMA_EEKONOMI;

/**
 * What a connection of `kit` reaches: the real program only when its OAuth app is configured and
 * the connection was not made to the simulator; otherwise the built-in simulator. Without an
 * `environment` (no connection yet), what connecting now would reach.
 */
export function cloudTarget(
  config: Pick<Config, 'FORTNOX' | 'VISMA_EEKONOMI'>,
  kit: CloudProviderKit,
  environment?: string,
): IntegrationTarget {
  return liveApp(config, kit) && environment !== 'simulator' ? 'live' : 'simulator';
}

/** The provider's real OAuth app when configured, else the simulator's (demo mode); see `cloudTarget`. */
export async function oauthAppFor(
  app: FastifyInstance,
  kit: CloudProviderKit,
  environment?: string,
): Promise<{ environment: IntegrationTarget; oauthApp: OAuthAppConfig }> {
  const live = liveApp(app.config, kit);
  if (live && cloudTarget(app.config, kit, environment) === 'live') return { environment: 'live', oauthApp: live };
  const url = await app.simulators.url(kit);
  return { environment: 'simulator', oauthApp: { ...kit.simulatorClient, authUrl: url, apiUrl: url } };
}

/**
 * What the event log, notifications and messages call what a connection reaches: the program
 * ("Fortnox"), or our simulator of it ("the Fortnox simulator (demo)", in the reader's language),
 * so no line says a simulator was the real program.
 */
export function reachedName(id: ProviderId, target: IntegrationTarget): MessageParam {
  const provider = providerName(id);
  if (target === 'live') return provider;
  return { sv: t('integrations.simulatorOf', 'sv', { provider }), en: t('integrations.simulatorOf', 'en', { provider }) };
}

/** The club account (of the tenant) a connection is for; 400 without one, 404 when it is not the tenant's. */
export async function loadClubAccount(app: FastifyInstance, tenant: Tenant, clubAccountId: string | null) {
  if (!clubAccountId) throw new BusinessError(400, 'configurations.noClubAccount');
  const row = await findClubAccount(app.db, tenant, clubAccountId);
  if (!row) throw new NotFoundError();
  return row;
}

/** `reachedName` of a connection row: the program it was made with, or our simulator of it. */
export function reachedNameOf(
  config: Pick<Config, 'FORTNOX' | 'VISMA_EEKONOMI'>,
  row: { provider: string; environment: string },
): MessageParam {
  const kit = cloudKit(row.provider);
  return kit ? reachedName(kit.id, cloudTarget(config, kit, row.environment)) : providerName(row.provider as ProviderId);
}
