import { ACCOUNTING_PROGRAM_NAMES, type AccountingProgram } from '@fairway/shared';
import type { FastifyInstance } from 'fastify';
import type { OAuthAppConfig } from '../../../config';
import { BusinessError, NotFoundError } from '../../../lib/errors';
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

/** The club account (of the tenant) a connection is for; 400 without one, 404 when it is not the tenant's. */
export async function loadClubAccount(app: FastifyInstance, tenant: Tenant, clubAccountId: string | null) {
  if (!clubAccountId) throw new BusinessError(400, 'configurations.noClubAccount');
  const row = await findClubAccount(app.db, tenant, clubAccountId);
  if (!row) throw new NotFoundError();
  return row;
}
