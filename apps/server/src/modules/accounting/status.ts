import type { Integration, IntegrationStatus } from '@fairway/shared';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { findConnection } from './connection/connections.repository';
import { type ConnectorState, connectorStatus } from './connector/connector.service';
import { latestRuns } from './refresh/refresh.repository';

type Caller = Pick<AuthContext, 'organisationId' | 'clubAccountId'>;

const CONNECTOR_STATUS: Record<ConnectorState, IntegrationStatus> = {
  installation_needed: 'installation_needed',
  offline: 'connector_offline',
  online: 'connected',
};

/**
 * The accounting card: the club account's connection and the latest refresh of its mirror.
 * A revoked consent shows as `reconnect_needed` (docs/accounting.md#notices).
 */
export async function accountingIntegration(db: Db, caller: Caller, provider: string): Promise<Integration> {
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
      accounting: {
        companyName: null,
        connectedAt: connector.registeredAt?.toISOString() ?? null,
        environment: null,
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
  return {
    system: 'accounting',
    provider: connection?.provider ?? provider,
    status,
    accounting: {
      companyName: connection?.status === 'disconnected' ? null : (connection?.companyName ?? null),
      connectedAt: connection?.status === 'connected' ? (connection.connectedAt?.toISOString() ?? null) : null,
      environment: connection && connection.status !== 'disconnected' ? (connection.environment as 'live' | 'simulator') : null,
      lastRefresh,
      connectorLastSeenAt: null,
    },
  };
}
