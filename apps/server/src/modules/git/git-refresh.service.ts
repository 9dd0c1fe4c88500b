import { and, eq, notLike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { GitClient } from '../../integrations/git/git.client';
import { isGitError } from '../../integrations/git/git-errors';
import type { GitListQuery, GitPage } from '../../integrations/git/git-gateway';
import { AppError } from '../../lib/errors';
import { encodeFailure, renderFailure } from '../../lib/failure';
import { t } from '../../lib/i18n';
import type { MirrorTarget } from '../accounting/mirror';
import { logEventQuietly } from '../eventlogs/eventlogs.service';
import { mirrorGitArticles, mirrorGitBases, mirrorGitMembers, mirrorGitOccasions, type WriteCounts } from './git.mirror';
import { gitInvoiceOccasions } from './git.schema';
import {
  findGitConnection,
  gitClientFor,
  isKeyRefused,
  listConnectedGitTargets,
  markKeyRevoked,
} from './git-connections.service';
import { IMPORT_GIT_ID_PREFIX } from './git-import.service';
import * as repo from './git-transactions.repository';

export const GIT_REFRESH_QUEUE = 'git.refresh';
export const GIT_REFRESH_ALL_QUEUE = 'git.refresh-all';

export type GitRefreshTrigger = 'initial' | 'scheduled' | 'manual';

/** GIT's largest page. */
const PAGE_SIZE = 500;
/** A full read at least this often. */
const FULL_REFRESH_EVERY_MS = 24 * 60 * 60 * 1000;
const STALE_RUN_MINUTES = 30;

interface Resource<T> {
  name: string;
  list(client: GitClient, query: GitListQuery): Promise<GitPage<T>>;
  write(app: FastifyInstance, target: MirrorTarget, items: T[]): Promise<WriteCounts>;
  modifiedAt(item: T): string;
}

const resource = <T>(r: Resource<T>) => r as Resource<unknown>;

/** Read in this order; the invoice bases are read per occasion after the occasions. */
const RESOURCES: readonly Resource<unknown>[] = [
  resource({
    name: 'members',
    list: (c, q) => c.listMembers(q),
    write: (app, t, items) => mirrorGitMembers(app.db, t, items),
    modifiedAt: (m) => m.modifiedAt,
  }),
  resource({
    name: 'articles',
    list: (c, q) => c.listArticles(q),
    write: (app, t, items) => mirrorGitArticles(app.db, t, items),
    modifiedAt: (a) => a.modifiedAt,
  }),
  resource({
    name: 'invoiceOccasions',
    list: (c, q) => c.listInvoiceOccasions(q),
    write: (app, t, items) => mirrorGitOccasions(app.db, t, items),
    modifiedAt: (o) => o.modifiedAt,
  }),
];

/**
 * Asks for a refresh of the club account's GIT mirror; a run already waiting is joined. Refused
 * (localised) when GIT is not connected or its key was revoked. Answers the queued run's id.
 */
export async function queueGitRefresh(app: FastifyInstance, target: MirrorTarget, trigger: GitRefreshTrigger): Promise<string> {
  await gitClientFor(app, target);
  const queued = await repo.findQueuedTransaction(app.db, target);
  if (queued) return queued.id;
  const run = await repo.insertTransaction(app.db, target, trigger);
  await app.jobs.send(GIT_REFRESH_QUEUE, { runId: run.id });
  return run.id;
}

/** The scheduled tick: a run per club account whose GIT connection works. */
export async function queueScheduledGitRefreshes(app: FastifyInstance): Promise<MirrorTarget[]> {
  const targets = await listConnectedGitTargets(app.db);
  for (const target of targets) await queueGitRefresh(app, target, 'scheduled');
  return targets;
}

/** Reads every page of one list, each page written in its own statement. */
async function readAll<T>(
  app: FastifyInstance,
  target: MirrorTarget,
  list: (query: GitListQuery) => Promise<GitPage<T>>,
  write: (items: T[]) => Promise<WriteCounts>,
  modifiedAt: (item: T) => string,
  modifiedSince: Date | undefined,
  tally: WriteCounts,
): Promise<Date | null> {
  let newest: Date | null = null;
  for (let page = 1; ; page++) {
    const result = await list({ page, pageSize: PAGE_SIZE, ...(modifiedSince ? { modifiedSince } : {}) });
    const written = await write(result.items);
    tally.created += written.created;
    tally.updated += written.updated;
    for (const item of result.items) {
      const at = new Date(modifiedAt(item));
      if (!newest || at > newest) newest = at;
    }
    if (page >= result.totalPages || result.items.length === 0) return newest;
  }
}

/** What the run and the event log keep: our reason (a provider's message included), never a fault's own text. */
function messageOf(error: unknown): string {
  return renderFailure(encodeFailure(error), 'en') ?? '';
}

/**
 * One GIT refresh: members, articles, invoice occasions and then each occasion's invoice bases,
 * each changed since its cursor (all of it on the first run and once a day). Transient faults
 * (after the client's own retries) put the run back in the queue and are thrown, so pg-boss
 * retries the job; a revoked key marks the connection revoked (once, with an event-log entry)
 * and fails the run without retrying, as does a missing or revoked connection.
 */
export async function runGitRefresh(app: FastifyInstance, runId: string, options: { lastAttempt?: boolean } = {}): Promise<void> {
  const run = await repo.startTransaction(app.db, runId, STALE_RUN_MINUTES);
  if (!run) return;
  const target: MirrorTarget = { organisationId: run.organisationId, clubAccountId: run.clubAccountId };
  const counts: repo.RunCounts = {};
  try {
    const { client } = await gitClientFor(app, target);
    const cursors = new Map((await repo.readGitCursors(app.db, target.clubAccountId)).map((c) => [c.resource, c]));
    const isFull = (name: string) => {
      const cursor = cursors.get(name);
      return !cursor?.modifiedSince || !cursor.lastFullAt || Date.now() - cursor.lastFullAt.getTime() > FULL_REFRESH_EVERY_MS;
    };
    // The next run asks for changes since this run began, less a minute for clock skew (the
    // upserts make reading an item twice harmless), or since the newest change seen if later.
    const startedAt = new Date(Date.now() - 60_000);
    const cursorAfter = (newest: Date | null) => (newest && newest > startedAt && newest <= new Date() ? newest : startedAt);

    const occasionsOf = async () =>
      app.db
        .select({ gitId: gitInvoiceOccasions.gitId })
        .from(gitInvoiceOccasions)
        .where(
          and(
            eq(gitInvoiceOccasions.organisationId, target.organisationId),
            eq(gitInvoiceOccasions.clubAccountId, target.clubAccountId),
            // Occasions imported from GIT's Excel export are not in GIT's API: never read nor touched.
            notLike(gitInvoiceOccasions.gitId, `${IMPORT_GIT_ID_PREFIX}%`),
          ),
        );
    // An occasion first seen in this run has its bases read whole, whatever their modifiedAt.
    const knownOccasions = new Set((await occasionsOf()).map((o) => o.gitId));

    for (const r of RESOURCES) {
      const full = isFull(r.name);
      const tally = { created: 0, updated: 0 };
      counts[r.name] = tally;
      const newest = await readAll(
        app,
        target,
        (q) => r.list(client, q),
        (items) => r.write(app, target, items),
        r.modifiedAt,
        full ? undefined : (cursors.get(r.name)?.modifiedSince ?? undefined),
        tally,
      );
      await repo.writeGitCursor(app.db, target.clubAccountId, r.name, {
        modifiedSince: cursorAfter(newest),
        ...(full ? { lastFullAt: new Date() } : {}),
      });
      await repo.updateTransactionCounts(app.db, run.id, counts);
    }

    const fullBases = isFull('invoiceBases');
    const basesTally = { created: 0, updated: 0 };
    counts.invoiceBases = basesTally;
    const occasions = await occasionsOf();
    let newestBasis: Date | null = null;
    for (const occasion of occasions) {
      const newest = await readAll(
        app,
        target,
        (q) => client.listInvoiceBases(occasion.gitId, q),
        (items) => mirrorGitBases(app.db, target, items),
        (b) => b.modifiedAt,
        fullBases || !knownOccasions.has(occasion.gitId) ? undefined : (cursors.get('invoiceBases')?.modifiedSince ?? undefined),
        basesTally,
      );
      if (newest && (!newestBasis || newest > newestBasis)) newestBasis = newest;
      await repo.updateTransactionCounts(app.db, run.id, counts);
    }
    await repo.writeGitCursor(app.db, target.clubAccountId, 'invoiceBases', {
      modifiedSince: cursorAfter(newestBasis),
      ...(fullBases ? { lastFullAt: new Date() } : {}),
    });

    await repo.finishTransaction(app.db, run.id, 'succeeded', counts, null);
    const created = Object.values(counts).reduce((sum, c) => sum + c.created, 0);
    const updated = Object.values(counts).reduce((sum, c) => sum + c.updated, 0);
    if (run.trigger !== 'scheduled' || created + updated > 0) {
      await logEventQuietly(app.db, app.log, {
        ...target,
        resource: 'git',
        activity: 'git.event.refreshed',
        params: { created, updated },
        type: 'SUCCESS',
      });
    }
  } catch (error) {
    const message = messageOf(error).slice(0, 1000);
    app.log.warn({ err: error, runId: run.id }, 'git refresh failed');
    if (isKeyRefused(error)) await markKeyRevoked(app, target, error);
    const transient = isGitError(error) ? error.transient : !(error instanceof AppError);
    const retry = transient && !options.lastAttempt;
    await repo.finishTransaction(app.db, run.id, retry ? 'queued' : 'failed', counts, message);
    if (retry) throw error;
    await logEventQuietly(app.db, app.log, {
      ...target,
      resource: 'git',
      activity: 'git.event.refreshFailed',
      error: message,
      type: 'ERROR',
    });
  }
}

/** Whether the club account's GIT connection is usable now (for tests and the status route). */
export async function gitConnected(app: FastifyInstance, target: MirrorTarget): Promise<boolean> {
  return (await findGitConnection(app.db, target))?.status === 'connected';
}
