import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../../db/client';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { duplicateScans } from '../duplicates.tables';

/**
 * Asking for a duplicate scan, apart from the scan itself (scan.service.ts), so the mirror refresh
 * can ask for one without importing the engine (docs/duplicates.md#scan).
 */
export const DUPLICATE_SCAN_QUEUE = 'duplicates.scan';

export type ScanRow = typeof duplicateScans.$inferSelect;

/** The club account's scan waiting or running, if any. */
export async function activeScan(conn: Db | Tx, target: MirrorTarget): Promise<ScanRow | null> {
  const [row] = await conn
    .select()
    .from(duplicateScans)
    .where(
      and(
        eq(duplicateScans.organisationId, target.organisationId),
        eq(duplicateScans.clubAccountId, target.clubAccountId),
        inArray(duplicateScans.status, ['queued', 'running']),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The club account's last scan that went through, whose cut-off the next incremental one starts from. */
export async function lastSucceededScan(conn: Db | Tx, target: MirrorTarget): Promise<ScanRow | null> {
  const [row] = await conn
    .select()
    .from(duplicateScans)
    .where(
      and(
        eq(duplicateScans.organisationId, target.organisationId),
        eq(duplicateScans.clubAccountId, target.clubAccountId),
        eq(duplicateScans.status, 'succeeded'),
      ),
    )
    .orderBy(desc(duplicateScans.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Queues a scan of the club account: `full` (asked for by a person), or `auto` after a mirror
 * refresh — full while no scan has gone through yet (the first connect), else incremental. A scan
 * already waiting or running is joined (one active scan per club account, the table's unique
 * index); its documents synced after it began are checked by the next one. Answers the scan and
 * whether it was queued now.
 */
export async function queueDuplicateScan(
  app: FastifyInstance,
  target: MirrorTarget,
  ask: { kind: 'full' | 'auto'; createdBy: string | null },
): Promise<{ scan: ScanRow; queued: boolean }> {
  const active = await activeScan(app.db, target);
  if (active) return { scan: active, queued: false };
  const kind = ask.kind === 'full' || !(await lastSucceededScan(app.db, target)) ? 'full' : 'incremental';
  const [inserted] = await app.db
    .insert(duplicateScans)
    .values({ ...target, kind, createdBy: ask.createdBy })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    const raced = await activeScan(app.db, target);
    if (!raced) throw new Error('duplicate scan neither inserted nor active');
    return { scan: raced, queued: false };
  }
  await app.runs.enqueue({ queue: DUPLICATE_SCAN_QUEUE }, inserted.id, {
    urgency: ask.kind === 'full' ? 'person' : 'background',
  });
  return { scan: inserted, queued: true };
}
