import { createHash, randomBytes } from 'node:crypto';
import type { IntegrationTarget } from '@fairway/shared';
import type { Db } from '../../../db/client';
import { NotFoundError, UnauthorizedError } from '../../../lib/errors';
import {
  type ClaimAnswer,
  CONNECTOR_KEY_PATTERN,
  DEFAULT_LEASE_SECONDS,
  HEARTBEAT_SECONDS,
  type HeartbeatAnswer,
  MAX_ATTEMPTS,
  MAX_CLAIM_WAIT_SECONDS,
  OFFLINE_AFTER_SECONDS,
  type Operation,
  PROTOCOL_VERSION,
  type RegisterAnswer,
  type RegisterBody,
  type ResultBody,
  type WorkItem,
} from '../../../providers/visma-admin/protocol';
import type { ConnectorState } from '../../../providers/visma-admin/queue';
import { signalFinished, signalQueued, waitForQueued } from '../../../providers/visma-admin/work-signals';
import {
  type ClubTenant,
  type ConnectorRow,
  clubAccountExists,
  completeWork,
  connectorStatusRow,
  countPending,
  expireWork,
  findConnector,
  findConnectorByKeyHash,
  findWork,
  leaseWork,
  listOnlineConnectorClubAccounts,
  registerConnector,
  returnLeases,
  saveKey,
  touchConnector,
} from './connector.repository';

export type { ClubTenant };

/** How often a waiting claim looks at the database when no in-process signal arrives. */
const CLAIM_POLL_MS = 1_000;

export function hashConnectorKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export interface IssuedConnectorKey {
  /** Shown to the admin once; only its hash is stored. */
  key: string;
  /** The first characters, kept so the integrations page can say which key is in use. */
  keyPrefix: string;
  createdAt: Date;
}

/**
 * Makes a new connector key for the club account: the first one, or a rotation that ends the
 * old key at once (the connector on the PC then gets 401 until the new key is entered there).
 * Registration details stay; the connector registers again when it starts with the new key.
 */
export async function issueConnectorKey(db: Db, tenant: ClubTenant): Promise<IssuedConnectorKey> {
  if (!(await clubAccountExists(db, tenant))) throw new NotFoundError();
  const key = `fwc_${randomBytes(32).toString('base64url')}`;
  const keyPrefix = key.slice(0, 10);
  const row = await saveKey(db, tenant, hashConnectorKey(key), keyPrefix);
  return { key, keyPrefix, createdAt: row.keyCreatedAt };
}

/** Same as `issueConnectorKey`; named for the integrations page's "new key" button. */
export const rotateConnectorKey = issueConnectorKey;

export type { ConnectorState };

export interface ConnectorStatus {
  status: ConnectorState;
  lastSeenAt: Date | null;
  registeredAt: Date | null;
}

/**
 * The notices of docs/accounting.md#visma-administration: no connector ever registered →
 * "installation needed"; registered but silent for two minutes → "connector offline"; otherwise
 * online. Judged on the database clock.
 */
export async function connectorStatus(db: Db, tenant: ClubTenant): Promise<ConnectorStatus> {
  const row = await connectorStatusRow(db, tenant, OFFLINE_AFTER_SECONDS);
  if (!row?.registeredAt) return { status: 'installation_needed', lastSeenAt: row?.lastSeenAt ?? null, registeredAt: null };
  return { status: row.seenRecently ? 'online' : 'offline', lastSeenAt: row.lastSeenAt, registeredAt: row.registeredAt };
}

/** Club accounts whose connector is online now, for the scheduled mirror refresh. */
export function onlineConnectorClubAccounts(db: Db): Promise<ClubTenant[]> {
  return listOnlineConnectorClubAccounts(db, OFFLINE_AFTER_SECONDS);
}

/**
 * What Visma Administration work reaches: always the simulator today. The connector we ship
 * (apps/visma-connector) keeps a simulated company in a JSON file instead of calling Visma's
 * integration kit (ADK), and the protocol has no way for a connector to say otherwise
 * (providers/visma-admin/PROTOCOL.md, "What a real installation needs"). The accounting card and
 * the connector card both report it.
 */
export const VISMA_ADMINISTRATION_TARGET: IntegrationTarget = 'simulator';

export interface ConnectorDetails extends ConnectorStatus {
  /** What the connector's work reaches: VISMA_ADMINISTRATION_TARGET. */
  target: IntegrationTarget;
  keyPrefix: string | null;
  keyCreatedAt: Date | null;
  version: string | null;
  machine: string | null;
  companyName: string | null;
  companyDatabase: string | null;
  /** Work items waiting for (or held by) the connector. */
  pendingWork: number;
}

/** Everything the integrations page shows about the club account's connector. */
export async function connectorDetails(db: Db, tenant: ClubTenant): Promise<ConnectorDetails> {
  const [status, row, pendingWork] = await Promise.all([
    connectorStatus(db, tenant),
    findConnector(db, tenant),
    countPending(db, tenant),
  ]);
  return {
    ...status,
    target: VISMA_ADMINISTRATION_TARGET,
    keyPrefix: row?.keyPrefix ?? null,
    keyCreatedAt: row?.keyCreatedAt ?? null,
    version: row?.version ?? null,
    machine: row?.machine ?? null,
    companyName: row?.companyName ?? null,
    companyDatabase: row?.companyDatabase ?? null,
    pendingWork,
  };
}

const keyMissing = () => new UnauthorizedError('accounting.connector.unauthorized', 'accounting.connector.keyMissing');
const keyInvalid = () => new UnauthorizedError('accounting.connector.unauthorized', 'accounting.connector.keyInvalid');

/** The connector presenting `Authorization: Bearer <key>`; 401 otherwise. Every call counts as a sign of life. */
export async function authenticateConnector(db: Db, authorization: string | undefined): Promise<ConnectorRow> {
  if (!authorization) throw keyMissing();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  const key = match?.[1];
  if (!key || !CONNECTOR_KEY_PATTERN.test(key)) throw keyInvalid();
  const row = await findConnectorByKeyHash(db, hashConnectorKey(key));
  if (!row) throw keyInvalid();
  await touchConnector(db, tenantOfConnector(row));
  return row;
}

export function tenantOfConnector(row: Pick<ConnectorRow, 'organisationId' | 'clubAccountId'>): ClubTenant {
  return { organisationId: row.organisationId, clubAccountId: row.clubAccountId };
}

export interface QueueOptions {
  leaseSeconds?: number;
  maxAttempts?: number;
}

export async function register(
  db: Db,
  connector: ConnectorRow,
  body: RegisterBody,
  options: QueueOptions = {},
): Promise<RegisterAnswer> {
  const row = await registerConnector(db, tenantOfConnector(connector), {
    protocolVersion: body.protocolVersion,
    version: body.connectorVersion,
    machine: body.machine,
    companyName: body.company.name,
    companyDatabase: body.company.database,
  });
  // Work may have waited for this moment.
  signalQueued(row.clubAccountId);
  return {
    connectorId: row.id,
    protocolVersion: PROTOCOL_VERSION,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    maxClaimWaitSeconds: MAX_CLAIM_WAIT_SECONDS,
    leaseSeconds: options.leaseSeconds ?? DEFAULT_LEASE_SECONDS,
  };
}

export async function heartbeat(db: Db, connector: ConnectorRow): Promise<HeartbeatAnswer> {
  const queued = await countPending(db, tenantOfConnector(connector));
  return { serverTime: new Date().toISOString(), queued };
}

/**
 * Leases up to `max` items, oldest first. With nothing to do it holds the request up to
 * `waitSeconds`, woken by new work in this process or by a look at the database every second;
 * `signal` ends the wait early (the connector hung up, the server is closing).
 */
export async function claim(
  db: Db,
  connector: ConnectorRow,
  request: { waitSeconds: number; max: number },
  options: QueueOptions & { signal?: AbortSignal } = {},
): Promise<ClaimAnswer> {
  const tenant = tenantOfConnector(connector);
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const deadline = Date.now() + Math.min(request.waitSeconds, MAX_CLAIM_WAIT_SECONDS) * 1000;
  for (;;) {
    // A connector that hung up gets nothing leased in its name.
    if (options.signal?.aborted) return { items: [] };
    for (const id of await expireWork(db, tenant, options.maxAttempts ?? MAX_ATTEMPTS)) signalFinished(id);
    const rows = await leaseWork(db, tenant, request.max, leaseSeconds);
    if (rows.length > 0 && options.signal?.aborted) {
      // It hung up while the items were being leased: they go back for the next claim at once,
      // instead of waiting out a lease nobody will answer.
      await returnLeases(
        db,
        tenant,
        rows.map((row) => row.id),
      );
      signalQueued(tenant.clubAccountId);
      return { items: [] };
    }
    if (rows.length > 0) {
      const items: WorkItem[] = rows.map((row) => ({
        id: row.id,
        operation: row.operation as Operation,
        payload: row.payload,
        idempotencyKey: row.idempotency_key,
        leaseUntil: new Date(row.lease_until).toISOString(),
        attempt: row.attempts,
      }));
      return { items };
    }
    const left = deadline - Date.now();
    if (left <= 0) return { items: [] };
    await waitForQueued(tenant.clubAccountId, Math.min(left, CLAIM_POLL_MS), options.signal);
    if (options.signal?.aborted) return { items: [] };
    // A long poll is a sign of life too: keep "online" true while the connector waits.
    await touchConnector(db, tenant);
  }
}

/** Records the connector's answer for an item. The first answer counts; later ones are acknowledged and ignored. */
export async function postResult(
  db: Db,
  connector: ConnectorRow,
  workId: string,
  body: ResultBody,
): Promise<{ applied: boolean }> {
  const tenant = tenantOfConnector(connector);
  // Another club account's item is simply unknown here.
  if (!(await findWork(db, tenant, workId))) throw new NotFoundError('accounting.connector.workNotFound');
  const applied = await completeWork(db, tenant, workId, body);
  if (applied) signalFinished(workId);
  return { applied };
}
