import type { Integration, IntegrationStatus, IntegrationTarget } from '@fairway/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { findConnection } from './connection/connections.repository';
import { cloudKit, cloudTarget } from './connection/program';
import { type ConnectorState, connectorStatus, VISMA_ADMINISTRATION_TARGET } from './connector/connector.service';
import { latestRuns } from './refresh/refresh.repository';

type Caller = Pick<AuthContext, 'organisationId' | 'clubAccountId'>;

const CONNECTOR_STATUS: Record<ConnectorState, IntegrationStatus> = {
  installation_needed: 'installation_needed',
  offline: 'connector_offline',
  online: 'connected',
};

/**
 * The accounting card: the club account's connection, what it reaches (the real program or our
 * simulator; docs/accounting.md#what-reaches-a-real-system) and the latest refresh of its mirror.
 * A revoked consent shows as `reconnect_needed` (docs/accounting.md#notices).
 */
export async function accountingIntegration(
  { db, config }: { db: Db; config: Pick<Config, 'FORTNOX' | 'VISMA_EEKONOMI'> },
  caller: Caller,
  provider: string,
): Promise<Integration> {
  const tenant = { organisationId: caller.organisationId };
  const connection = caller.clubAccountId ? await findConnection(db, tenant, caller.clubAccountId) : null;
  const [run] = caller.clubAccountId ? await latestRuns(db, tenant, caller.clubAccountId, 1) : [];
  const lastRefresh = run
    ? {
        status: run.status as 'queued' | 'running' | 'succeeded' | 'failed',
        at: (run.finishedAt ?? run.startedAt ?? run.createdAt).toISOString(),
        error: run.status === 'failed' ? run.error : null,
      }
    : null;
  if (provider === 'visma_administration' && caller.clubAccountId) {
    const connector = await connectorStatus(db, { organisationId: caller.organisationId, clubAccountId: caller.clubAccountId });
    return {
      system: 'accounting',
      provider,
      status: CONNECTOR_STATUS[connector.status],
      target: VISMA_ADMINISTRATION_TARGET,
      accounting: {
        companyName: null,
        connectedAt: connector.registeredAt?.toISOString() ?? null,
        lastRefresh,
        connectorLastSeenAt: connector.lastSeenAt?.toISOString() ?? null,
      },
    };
  }
  const status: IntegrationStatus =
    connection?.status === 'connected'
      ? 'connected'
      : connection?.status === 'consent_revoked'
        ? 'reconnect_needed'
        : 'not_connected';
  const linked = connection && connection.status !== 'disconnected' ? connection : null;
  const program = connection?.provider ?? provider;
  const kit = cloudKit(program);
  // A link reaches what it was made with; with none, what connecting now would reach.
  const target: IntegrationTarget | null = kit
    ? cloudTarget(config, kit, linked?.environment)
    : program === 'visma_administration'
      ? VISMA_ADMINISTRATION_TARGET
      : null;
  return {
    system: 'accounting',
    provider: program,
    status,
    target,
    accounting: {
      companyName: linked?.companyName ?? null,
      connectedAt: connection?.status === 'connected' ? (connection.connectedAt?.toISOString() ?? null) : null,
      lastRefresh,
      connectorLastSeenAt: null,
    },
  };
}
