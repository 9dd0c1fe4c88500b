import type { Completion } from '@fairway/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { awaitingWholeReadByDate, type DateRange } from '../../statistics/statistics.repository';
import type { MirrorTarget } from '../mirror/mirror';
import { readCursors } from './refresh.repository';
import { MIRRORED_RESOURCES, type RefreshCheckpoint } from './refresh.service';
import { accountingSyncRuns } from './refresh.tables';

/**
 * Whole invoice reads per second assumed until a run has measured its own pace: Fortnox's limit
 * (25 requests per 5 s sliding window), the lowest of the programs' published limits.
 */
export const ASSUMED_READS_PER_SECOND = 5;
/** A pace measured over fewer reads than this is too noisy to go by. */
const MEASURED_AFTER_READS = 10;

/** How complete a club account's mirror is, for the figures of the dashboard and the statistics. */
export interface MirrorCompleteness {
  /** Every resource has been read through at least once (before that, any sum may miss documents). */
  listed: boolean;
  /** Invoices dated in the range that still await a whole read (their net and rows are unknown). */
  awaiting(range: DateRange): number;
  /** Whether figures over the range can be computed: listed, and no invoice of the range awaits a read. */
  covers(range: DateRange): boolean;
  /**
   * What an answer says about its figures: those over `range` need its invoices read whole; an
   * answer without such figures (null) needs only the lists.
   */
  completion(range: DateRange | null): Completion;
}

/**
 * Reads what the mirror holds and how far its refresh has got. `from` is the earliest date any
 * figure of the answer uses. The refresh reads invoices newest first, so what a range still waits
 * for is every awaiting invoice dated from its first day on, later ones included.
 */
export async function mirrorCompleteness(
  conn: Db | Tx,
  target: MirrorTarget,
  from: string,
  now: Date = new Date(),
): Promise<MirrorCompleteness> {
  const [cursors, awaiting, [run]] = await Promise.all([
    readCursors(conn, target.clubAccountId),
    awaitingWholeReadByDate(conn, target, from),
    conn
      .select({ status: accountingSyncRuns.status, checkpoint: accountingSyncRuns.checkpoint })
      .from(accountingSyncRuns)
      .where(
        and(
          eq(accountingSyncRuns.organisationId, target.organisationId),
          eq(accountingSyncRuns.clubAccountId, target.clubAccountId),
          inArray(accountingSyncRuns.status, ['queued', 'running']),
        ),
      )
      .orderBy(desc(accountingSyncRuns.createdAt))
      .limit(1),
  ]);
  const read = new Set(cursors.filter((c) => c.lastFullAt !== null).map((c) => c.resource));
  const listed = MIRRORED_RESOURCES.every((name) => read.has(name));
  const count = (range: DateRange) =>
    awaiting.filter((a) => a.date >= range.from && a.date <= range.to).reduce((sum, a) => sum + a.count, 0);
  const ahead = (range: DateRange) => awaiting.filter((a) => a.date >= range.from).reduce((sum, a) => sum + a.count, 0);
  const pace = readsPerSecond((run?.checkpoint as RefreshCheckpoint | null)?.wholeReads, now);
  const covers = (range: DateRange | null) => listed && (range === null || count(range) === 0);
  return {
    listed,
    awaiting: count,
    covers,
    completion(range) {
      const complete = covers(range);
      const refreshing = !complete && run !== undefined;
      // While the lists are still read, how many invoices there are to read whole is not known yet.
      const left = range === null ? 0 : ahead(range);
      const expectedAt = refreshing && listed ? new Date(now.getTime() + Math.ceil((left / pace) * 1000)).toISOString() : null;
      return { complete, pendingInvoices: range === null ? 0 : count(range), refreshing, expectedAt };
    },
  };
}

/** The pace of the run's whole reads so far, or the assumed one before it can be measured. */
function readsPerSecond(progress: RefreshCheckpoint['wholeReads'], now: Date): number {
  if (!progress || progress.done < MEASURED_AFTER_READS) return ASSUMED_READS_PER_SECOND;
  const seconds = (now.getTime() - new Date(progress.startedAt).getTime()) / 1000;
  return seconds > 0 ? progress.done / seconds : ASSUMED_READS_PER_SECOND;
}
