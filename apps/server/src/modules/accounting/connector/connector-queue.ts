import type { Db } from '../../../db/client';
import type { ConnectorQueue } from '../../../providers/visma-admin/queue';
import {
  abandonQueuedRead,
  type ClubTenant,
  findPendingByFingerprint,
  findWork,
  findWorkByIdempotencyKey,
  insertWork,
  lockQueue,
  requeueFailed,
} from './connector.repository';
import { connectorStatus } from './connector.service';

/** The connector work queue of one club account, as the Visma Administration provider uses it (providers/visma-admin/queue.ts). */
export function connectorQueue(db: Db, tenant: ClubTenant): ConnectorQueue {
  return {
    clubAccountId: tenant.clubAccountId,
    state: async () => (await connectorStatus(db, tenant)).status,
    insert: (work) => insertWork(db, tenant, work),
    findByIdempotencyKey: (key) => findWorkByIdempotencyKey(db, tenant, key),
    requeueFailed: (id, payload) => requeueFailed(db, tenant, id, payload),
    insertUnlessPending: (work) =>
      db.transaction(async (tx) => {
        await lockQueue(tx, tenant);
        const pending = await findPendingByFingerprint(tx, tenant, work.fingerprint);
        if (pending) return pending;
        const row = await insertWork(tx, tenant, work);
        if (!row) throw new Error('connector_work insert returned no row');
        return row;
      }),
    find: (id) => findWork(db, tenant, id),
    abandonRead: (id) => abandonQueuedRead(db, tenant, id),
  };
}
