import type { ConnectorError, Operation, OperationKind } from './protocol';

/**
 * What the Visma Administration provider needs of the connector's work queue: the provider puts
 * each call in the queue and waits for the connector's result. The queue itself (its table, the
 * connector's key, claims and results) is the server's state of the connector, kept by
 * modules/accounting/connector/ (connector-queue.ts implements this for one club account), so
 * the provider depends on no module.
 */
export type ConnectorState = 'installation_needed' | 'offline' | 'online';

export interface NewWork {
  operation: Operation;
  kind: OperationKind;
  payload: unknown;
  idempotencyKey: string | null;
  fingerprint: string | null;
  /** Seconds a read waits in the queue before it is given up. */
  expiresInSeconds: number | null;
}

/** A work item as the provider sees it. */
export interface QueuedWork {
  id: string;
  /** `queued`, `leased`, `done` or `failed`. */
  status: string;
  result: unknown;
  error: ConnectorError | null | unknown;
}

/** The work queue of one club account's connector. */
export interface ConnectorQueue {
  readonly clubAccountId: string;
  /** Installation needed, offline or online (docs/accounting.md#visma-administration). */
  state(): Promise<ConnectorState>;
  /** Inserts an item; null when its idempotency key is taken already. */
  insert(work: NewWork): Promise<QueuedWork | null>;
  findByIdempotencyKey(key: string): Promise<QueuedWork | null>;
  /** A failed item back to the queue with a new payload (a create tried again with the same reference). */
  requeueFailed(id: string, payload: unknown): Promise<QueuedWork | null>;
  /** Inserts the item unless one with the same fingerprint is still pending (then answers that one), atomically. */
  insertUnlessPending(work: NewWork & { fingerprint: string }): Promise<QueuedWork>;
  find(id: string): Promise<QueuedWork | null>;
  /** A read that timed out leaves the queue unless the connector holds it already. */
  abandonRead(id: string): Promise<void>;
}
