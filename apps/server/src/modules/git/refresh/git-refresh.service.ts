import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/errors';
import { failureText } from '../../../lib/failure';
import type { RunContext, RunKind, RunResult } from '../../../lib/runs/run-engine';
import type { GitClient } from '../../../providers/git/git.client';
import { isGitError } from '../../../providers/git/git-errors';
import type { GitListQuery, GitMember, GitPage } from '../../../providers/git/git-gateway';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { linkGitRelations, registerGitMembers, retireMembersGoneFromGit } from '../../members/members.register';
import { vacuumMemberTables } from '../../members/members.repository';
import { gitClientFor, isKeyRefused, listConnectedGitTargets, markKeyRevoked } from '../connection/git-connections.service';
import type { GitRunDeps } from '../git.deps';
import {
  mirrorGitArticles,
  mirrorGitBases,
  mirrorGitMembers,
  mirrorGitOccasions,
  pruneGitMembers,
  touchGitMembers,
  type WriteCounts,
} from '../git.mirror';
import { gitTransactions } from '../git.tables';
import { getTransaction, type RunCounts, totals } from '../git-transactions.repository';
import * as repo from './git-refresh.repository';

/** What the refresh needs: the database and log, GIT's client (config, simulators) and the run engine. */
export type GitRefreshDeps = GitRunDeps;

export const GIT_REFRESH_QUEUE = 'git.refresh';
export const GIT_REFRESH_ALL_QUEUE = 'git.refresh-all';

export type GitRefreshTrigger = 'initial' | 'scheduled' | 'manual';

/** GIT's largest page. */
const PAGE_SIZE = 500;
/** A full read at least this often. */
const FULL_REFRESH_EVERY_MS = 24 * 60 * 60 * 1000;

interface Resource<T> {
  name: string;
  list(client: GitClient, query: GitListQuery): Promise<GitPage<T>>;
  /** `seenAt`: when this read of the list began (the same for each of its pages). */
  write(deps: GitRefreshDeps, target: MirrorTarget, items: T[], seenAt: Date): Promise<WriteCounts>;
  /** After the whole list: `full` when every item was read, so what was not seen is gone from GIT. */
  afterRead?(
    deps: GitRefreshDeps,
    target: MirrorTarget,
    read: { full: boolean; seenAt: Date; written: WriteCounts },
  ): Promise<void>;
  modifiedAt(item: T): string;
}

const resource = <T>(r: Resource<T>) => r as Resource<unknown>;

/** Read in this order; the invoice bases are read per occasion after the occasions. */
const RESOURCES: readonly Resource<unknown>[] = [
  resource<GitMember>({
    name: 'members',
    list: (c, q) => c.listMembers(q),
    // The mirror keeps GIT's record as GIT sent it; the member register (docs/members.md) gets
    // GIT's fields beside the portal's own.
    write: async (app, t, items, seenAt) => {
      const written = await mirrorGitMembers(app.db, t, items);
      await touchGitMembers(
        app.db,
        t,
        items.map((m) => m.golfId),
        seenAt,
      );
      await registerGitMembers(app.db, t, items, seenAt);
      return written;
    },
    afterRead: async (app, t, { full, seenAt, written }) => {
      if (full) {
        await pruneGitMembers(app.db, t, seenAt);
        await retireMembersGoneFromGit(app.db, t, seenAt);
      }
      await linkGitRelations(app.db, t);
      await vacuumMemberTables(app, written.created + written.updated);
    },
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
export async function queueGitRefresh(app: GitRefreshDeps, target: MirrorTarget, trigger: GitRefreshTrigger): Promise<string> {
  await gitClientFor(app, target);
  const queued = await repo.findQueuedRefresh(app.db, target);
  if (queued) return queued.id;
  const run = await repo.insertRefreshRun(app.db, target, trigger);
  await app.runs.enqueue(gitRefreshRuns, run.id, { urgency: trigger === 'scheduled' ? 'background' : 'person' });
  return run.id;
}

/** The scheduled tick: a run per club account whose GIT connection works. */
export async function queueScheduledGitRefreshes(app: GitRefreshDeps): Promise<MirrorTarget[]> {
  const targets = await listConnectedGitTargets(app.db);
  for (const target of targets) await queueGitRefresh(app, target, 'scheduled');
  return targets;
}

/** Reads every page of one list, each page written in its own statement. */
async function readAll<T>(
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

/**
 * Where a GIT refresh stands, stored as the run's checkpoint after each step: the lists finished,
 * the occasions whose bases are read, and what the first attempt knew when it began (the moment
 * the cursors move to, the occasions known before it), so a resumed attempt reads neither a list
 * nor an occasion's bases twice and misses none.
 */
interface GitRefreshCheckpoint {
  startedAt: string;
  known: string[];
  done: string[];
  basesDone: string[];
  newestBasis: string | null;
}

/**
 * One GIT refresh: members, articles, invoice occasions and then each occasion's invoice bases,
 * each changed since its cursor (all of it on the first run and once a day). Transient faults
 * (after the client's own retries) are retried by the run engine; a revoked key marks the
 * connection revoked (once, with an event-log entry) and fails the run without retrying, as does
 * a missing or revoked connection.
 */
async function refreshGit(app: FastifyInstance, run: RunContext<typeof gitTransactions>): Promise<RunResult> {
  const target: MirrorTarget = { organisationId: run.organisationId, clubAccountId: run.clubAccountId };
  try {
    return await refreshGitMirror(app, run, target);
  } catch (error) {
    if (isKeyRefused(error)) await markKeyRevoked(app, target, error);
    throw error;
  }
}

async function refreshGitMirror(
  app: GitRefreshDeps,
  run: RunContext<typeof gitTransactions>,
  target: MirrorTarget,
): Promise<RunResult> {
  const row = await getTransaction(app.db, run.id);
  if (!row) throw new Error(`git_transactions ${run.id} is gone`);
  const stored = run.resumed ? (row.checkpoint as GitRefreshCheckpoint | null) : null;
  const counts: RunCounts = stored ? { ...row.counts } : {};
  const { client } = await gitClientFor(app, target);
  const cursors = new Map((await repo.readGitCursors(app.db, target.clubAccountId)).map((c) => [c.resource, c]));
  const isFull = (name: string) => {
    const cursor = cursors.get(name);
    return !cursor?.modifiedSince || !cursor.lastFullAt || Date.now() - cursor.lastFullAt.getTime() > FULL_REFRESH_EVERY_MS;
  };
  // Occasions imported from GIT's Excel export are not in GIT's API: never read nor touched.
  const occasionsOf = () => repo.occasionsInGit(app.db, target);
  const checkpoint: GitRefreshCheckpoint = stored ?? {
    // The next run asks for changes since this run began, less a minute for clock skew (the
    // upserts make reading an item twice harmless), or since the newest change seen if later.
    startedAt: new Date(Date.now() - 60_000).toISOString(),
    // An occasion first seen in this run has its bases read whole, whatever their modifiedAt.
    known: (await occasionsOf()).map((o) => o.gitId),
    done: [],
    basesDone: [],
    newestBasis: null,
  };
  const startedAt = new Date(checkpoint.startedAt);
  const knownOccasions = new Set(checkpoint.known);
  const cursorAfter = (newest: Date | null) => (newest && newest > startedAt && newest <= new Date() ? newest : startedAt);
  const save = () => run.save({ counts, ...totals(counts), checkpoint: { ...checkpoint } });
  await save();

  for (const r of RESOURCES) {
    if (checkpoint.done.includes(r.name)) continue;
    const full = isFull(r.name);
    const tally = { created: 0, updated: 0 };
    counts[r.name] = tally;
    const seenAt = new Date();
    const newest = await readAll(
      (q) => {
        run.throwIfTakenOver();
        return r.list(client, q);
      },
      (items) => r.write(app, target, items, seenAt),
      r.modifiedAt,
      full ? undefined : (cursors.get(r.name)?.modifiedSince ?? undefined),
      tally,
    );
    await r.afterRead?.(app, target, { full, seenAt, written: tally });
    await repo.writeGitCursor(app.db, target.clubAccountId, r.name, {
      modifiedSince: cursorAfter(newest),
      ...(full ? { lastFullAt: new Date() } : {}),
    });
    checkpoint.done.push(r.name);
    await save();
  }

  const fullBases = isFull('invoiceBases');
  const basesTally = counts.invoiceBases ?? { created: 0, updated: 0 };
  counts.invoiceBases = basesTally;
  let newestBasis: Date | null = checkpoint.newestBasis ? new Date(checkpoint.newestBasis) : null;
  for (const occasion of await occasionsOf()) {
    if (checkpoint.basesDone.includes(occasion.gitId)) continue;
    run.throwIfTakenOver();
    const newest = await readAll(
      (q) => client.listInvoiceBases(occasion.gitId, q),
      (items) => mirrorGitBases(app.db, target, items),
      (b) => b.modifiedAt,
      fullBases || !knownOccasions.has(occasion.gitId) ? undefined : (cursors.get('invoiceBases')?.modifiedSince ?? undefined),
      basesTally,
    );
    if (newest && (!newestBasis || newest > newestBasis)) newestBasis = newest;
    checkpoint.basesDone.push(occasion.gitId);
    checkpoint.newestBasis = newestBasis ? newestBasis.toISOString() : null;
    await save();
  }
  await repo.writeGitCursor(app.db, target.clubAccountId, 'invoiceBases', {
    modifiedSince: cursorAfter(newestBasis),
    ...(fullBases ? { lastFullAt: new Date() } : {}),
  });
  await save();

  const { created, updated } = totals(counts);
  if (row.trigger === 'scheduled' && created + updated === 0) return { event: null };
  return { event: { activity: 'git.event.refreshed', params: { created, updated }, type: 'SUCCESS' } };
}

/** The GIT mirror refresh as a run of the run engine (lib/runs). */
export const gitRefreshRuns: RunKind<typeof gitTransactions> = {
  name: 'git.refresh',
  queue: GIT_REFRESH_QUEUE,
  store: { table: gitTransactions, kind: { column: 'kind', value: 'refresh' } },
  maxAttempts: 7,
  queueOptions: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 * 60 },
  eventResource: 'git',
  events: { retrying: 'runs.gitRefresh.retrying', resumed: 'runs.gitRefresh.resumed', failed: 'git.event.refreshFailed' },
  execute: refreshGit,
  retryable: (error) => (isGitError(error) ? error.transient : !(error instanceof AppError)),
  reasonOf: (_app, error) => failureText(error, 'en').slice(0, 1000),
};

/** One attempt at a GIT refresh run, in this process (tests and in-process helpers). */
export function runGitRefresh(app: Pick<FastifyInstance, 'runs'>, runId: string) {
  return app.runs.attempt(gitRefreshRuns, runId);
}
