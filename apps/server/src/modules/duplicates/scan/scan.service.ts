import {
  DUPLICATE_FIELDS,
  DUPLICATE_RESOURCES,
  type DuplicateField,
  type DuplicateResource,
  type FieldOutcome,
} from '@fairway/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { BusinessError } from '../../../lib/errors';
import { encodeFailure } from '../../../lib/failure';
import type { RunContext, RunKind, RunResult } from '../../../lib/runs/run-engine';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { duplicateAllowance, reserveDuplicateDocuments } from '../../subscriptions/duplicate-allowance';
import { duplicateScans } from '../duplicates.tables';
import { DEFAULT_DETECTION, type DetectionOptions } from '../engine/detect';
import { DuplicateIndex } from '../engine/incremental';
import { type PreparedDocument, prepareDocument } from '../engine/prepare';
import { type PairExplanation, scorePair } from '../engine/score';
import { UnionFind } from '../engine/union-find';
import { DUPLICATE_SCAN_QUEUE, lastSucceededScan } from './scan.queue';
import * as repo from './scan.repository';

/**
 * The duplicate scan (docs/duplicates.md#scan), a run of the run engine (lib/runs):
 *
 * - **full**: every document of the club account, resource by resource, in date order, checked
 *   against those before it (the engine's `DuplicateIndex`: the same pairs as full detection);
 * - **incremental**: the documents the mirror wrote since the last scan's cut-off, checked against
 *   the history (every other document).
 *
 * After each batch the pairs found are written as groups (scan.repository.ts `writeGroup`) and the
 * progress (`done`/`total`) and checkpoint saved: a resumed attempt rebuilds the index from the
 * documents before its position and goes on from there.
 */

/** Documents checked between two writes of the groups and the progress. */
export const SCAN_BATCH = 200;

export interface ScanCheckpoint {
  /** When the scan began reading: the next incremental scan checks what the mirror wrote after it. */
  cutoff: string;
  /** Documents written after this are the ones checked (null: all, a full scan). */
  since: string | null;
  /** Resources finished. */
  finished: DuplicateResource[];
  /** The resource under way and how many of its documents to check are done. */
  current?: { resource: DuplicateResource; position: number };
}

/** A pair the index found, by numbers. */
interface FoundPair {
  a: string;
  b: string;
  confidence: number;
}

const OUTCOME: Record<'match' | 'near' | 'differ' | 'not_compared', FieldOutcome> = {
  match: 'matched',
  near: 'near',
  differ: 'differed',
  not_compared: 'not_compared',
};

function outcomes(e: PairExplanation): Partial<Record<DuplicateField, FieldOutcome>> {
  const out: Partial<Record<DuplicateField, FieldOutcome>> = {};
  for (const field of DUPLICATE_FIELDS) {
    out[field] = e.differing.includes(field)
      ? OUTCOME.differ
      : e.nearlyMatched.includes(field)
        ? OUTCOME.near
        : e.matched.includes(field)
          ? OUTCOME.match
          : OUTCOME.not_compared;
  }
  return out;
}

/** Connected sets of document numbers from their links, with the engine's union-find (engine/union-find.ts). */
function connectedSets(links: readonly (readonly [string, string])[]): string[][] {
  const index = new Map<string, number>();
  const numbers: string[] = [];
  const idOf = (n: string) => {
    let id = index.get(n);
    if (id === undefined) {
      id = numbers.push(n) - 1;
      index.set(n, id);
    }
    return id;
  };
  const pairs = links.map(([a, b]) => [idOf(a), idOf(b)] as const);
  const sets = new UnionFind(numbers.length);
  for (const [a, b] of pairs) sets.union(a, b);
  const out = new Map<number, string[]>();
  numbers.forEach((n, id) => {
    const root = sets.find(id);
    const list = out.get(root);
    if (list) list.push(n);
    else out.set(root, [n]);
  });
  return [...out.values()];
}

/**
 * Writes the groups a batch's pairs make, with the groups their documents were already in: each
 * connected set of documents is one group whose original is its earliest document (an existing
 * original first on the same day). A duplicate whose pair with the original a reviewer dismissed is
 * not added (one already there keeps its state).
 */
export async function applyPairs(
  db: Db,
  target: MirrorTarget,
  resource: DuplicateResource,
  pairs: readonly FoundPair[],
  documents: ReadonlyMap<string, repo.ScanDocument>,
  options: DetectionOptions,
  dismissed: ReadonlySet<string>,
): Promise<void> {
  const links: (readonly [string, string])[] = [];
  const best = new Map<string, number>();
  for (const p of pairs) {
    links.push([p.a, p.b]);
    for (const n of [p.a, p.b]) best.set(n, Math.max(best.get(n) ?? 0, p.confidence));
  }
  const existing = await repo.groupsTouching(db, target, resource, [...best.keys()]);
  for (const { group, members } of existing) {
    for (const m of members) links.push([group.originalNumber, m.number]);
  }
  const mapping = options.mappings[resource];
  const prepared = new Map<string, PreparedDocument>();
  const prepare = (n: string) => {
    let p = prepared.get(n);
    if (!p) {
      p = prepareDocument((documents.get(n) as repo.ScanDocument).doc);
      prepared.set(n, p);
    }
    return p;
  };
  for (const numbers of connectedSets(links)) {
    const inSet = new Set(numbers);
    const theirs = existing.filter((e) => inSet.has(e.group.originalNumber) || e.members.some((m) => inSet.has(m.number)));
    const originals = new Set(theirs.map((e) => e.group.originalNumber));
    const known = new Set(theirs.flatMap((e) => [e.group.originalNumber, ...e.members.map((m) => m.number)]));
    const present = numbers
      .filter((n) => documents.has(n))
      .sort((x, y) => {
        const dx = (documents.get(x) as repo.ScanDocument).doc.date;
        const dy = (documents.get(y) as repo.ScanDocument).doc.date;
        return dx < dy ? -1 : dx > dy ? 1 : Number(originals.has(y)) - Number(originals.has(x)) || (x < y ? -1 : 1);
      });
    const [original, ...rest] = present;
    if (!original || rest.length === 0) continue;
    const storedConfidence = new Map(theirs.flatMap((e) => e.members.map((m) => [m.number, m.confidence] as const)));
    const members: repo.GroupWrite['members'] = [];
    const explanations: PairExplanation[] = [];
    for (const n of rest) {
      if (dismissed.has(repo.pairKey(original, n)) && !storedConfidence.has(n)) continue;
      const e = scorePair(prepare(original), prepare(n), mapping, options);
      explanations.push(e);
      const confidence = e.duplicate ? e.confidence : Math.max(best.get(n) ?? 0, storedConfidence.get(n) ?? 0);
      members.push({ number: n, confidence, fields: outcomes(e) });
    }
    if (members.length === 0 && theirs.length === 0) continue;
    const field = (f: DuplicateField, outcome: FieldOutcome) => explanations.some((e) => outcomes(e)[f] === outcome);
    const write: repo.GroupWrite = {
      originalNumber: original,
      transactionId: (documents.get(original) as repo.ScanDocument).doc[mapping.transactionIdField] ?? null,
      confidence: members.length > 0 ? Math.min(...members.map((m) => m.confidence)) : 0,
      differedFields: DUPLICATE_FIELDS.filter((f) => field(f, 'differed')),
      matchedFields: DUPLICATE_FIELDS.filter(
        (f) =>
          !field(f, 'differed') &&
          !field(f, 'near') &&
          explanations.length > 0 &&
          explanations.every((e) => outcomes(e)[f] === 'matched'),
      ),
      notComparedFields: DUPLICATE_FIELDS.filter(
        (f) => explanations.length > 0 && explanations.every((e) => outcomes(e)[f] === 'not_compared'),
      ),
      members,
      newcomer: theirs.length > 0 && members.some((m) => !known.has(m.number)),
    };
    await repo.writeGroup(db, target, resource, theirs, write);
  }
}

/** The first day (`YYYY-MM-DD`) of the months of history a scan reads: `months` months back from today. */
export function historyStart(months: number, today: Date = new Date()): string {
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months, today.getUTCDate()));
  return start.toISOString().slice(0, 10);
}

const byDateThenNumber = (x: repo.ScanDocument, y: repo.ScanDocument) =>
  x.doc.date < y.doc.date ? -1 : x.doc.date > y.doc.date ? 1 : x.doc.id < y.doc.id ? -1 : x.doc.id > y.doc.id ? 1 : 0;

async function scan(app: FastifyInstance, run: RunContext<typeof duplicateScans>): Promise<RunResult> {
  const [row] = await app.db.select().from(duplicateScans).where(eq(duplicateScans.id, run.id));
  if (!row) throw new Error(`duplicate_scans ${run.id} is gone`);
  const target: MirrorTarget = { organisationId: run.organisationId, clubAccountId: run.clubAccountId };
  let checkpoint = run.resumed ? (row.checkpoint as ScanCheckpoint | null) : null;
  const mappings = await repo.fieldMappingsOf(app.db, target.organisationId);
  const options: DetectionOptions = { ...DEFAULT_DETECTION, mappings };
  // The cut-off is taken before the documents are read: what the mirror writes after it is left
  // to the next scan (here it is history only), so a resumed attempt sees the same documents to
  // check, in the same order, and nothing written meanwhile is missed.
  let fresh = false;
  if (!checkpoint) {
    const previous = row.kind === 'incremental' ? await lastSucceededScan(app.db, target) : null;
    const since = (previous?.checkpoint as ScanCheckpoint | null)?.cutoff ?? null;
    const [now] = await app.db
      .execute<{ now: string }>(sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as now`)
      .then((r) => (r as unknown as { rows: { now: string }[] }).rows);
    checkpoint = { cutoff: new Date(now?.now ?? Date.now()).toISOString(), since, finished: [] };
    fresh = true;
  }
  // What the subscription allows (modules/subscriptions/duplicate-allowance.ts): the resources of
  // its tier, documents dated within its months of history. Without duplicate detection nothing is read.
  const allowance = await duplicateAllowance(app.db, target.organisationId);
  const resources = DUPLICATE_RESOURCES.filter((r) => allowance?.resources.includes(r));
  const oldest = historyStart(allowance?.historyMonths ?? 0);
  const documents = new Map<DuplicateResource, repo.ScanDocument[]>();
  for (const resource of resources) {
    const all = await repo.scanDocuments(app.db, target, resource);
    documents.set(
      resource,
      all.filter((d) => d.doc.date >= oldest),
    );
  }
  const toCheck = (resource: DuplicateResource, since: string | null, cutoff: string) => {
    const after = since ? new Date(since) : null;
    const until = new Date(cutoff);
    return (documents.get(resource) ?? []).filter((d) => (!after || d.syncedAt > after) && d.syncedAt <= until);
  };
  let done = row.done;
  if (fresh) {
    const { since, cutoff } = checkpoint;
    const total = resources.reduce((sum, r) => sum + toCheck(r, since, cutoff).length, 0);
    done = 0;
    // New documents count against the month's allowance before they are checked (a full scan
    // re-checks history the tier's months already bound, so it does not). Past the allowance the
    // scan is refused whole, with the limit in its message; the documents stay for the next
    // incremental scan, which starts from the last succeeded one's cut-off.
    if (since !== null && total > 0) await reserveDuplicateDocuments(app.db, target.organisationId, total);
    await run.save({ total, done, checkpoint: { ...checkpoint } });
  }
  const state = checkpoint;
  for (const resource of resources) {
    if (state.finished.includes(resource)) continue;
    const all = documents.get(resource) ?? [];
    const checking = toCheck(resource, state.since, state.cutoff).sort(byDateThenNumber);
    const checkingNumbers = new Set(checking.map((d) => d.doc.id));
    const start = state.current?.resource === resource ? state.current.position : 0;
    const index = new DuplicateIndex(
      [...all.filter((d) => !checkingNumbers.has(d.doc.id)), ...checking.slice(0, start)].map((d) => d.doc),
      options,
    );
    const byNumber = new Map(all.map((d) => [d.doc.id, d]));
    const dismissed = await repo.dismissedPairs(app.db, target, resource);
    for (let position = start; position < checking.length; position += SCAN_BATCH) {
      run.throwIfTakenOver();
      const batch = checking.slice(position, position + SCAN_BATCH);
      const pairs: FoundPair[] = [];
      for (const d of batch) {
        for (const match of index.check(d.doc)) {
          if (dismissed.has(repo.pairKey(match.id, d.doc.id))) continue;
          pairs.push({ a: match.id, b: d.doc.id, confidence: match.explanation.confidence });
        }
        index.add(d.doc);
      }
      if (pairs.length > 0) await applyPairs(app.db, target, resource, pairs, byNumber, options, dismissed);
      done += batch.length;
      state.current = { resource, position: position + batch.length };
      await run.save({ done, checkpoint: { ...state } });
    }
    state.finished.push(resource);
    state.current = undefined;
    await run.save({ checkpoint: { ...state } });
  }
  return { event: null };
}

/** The duplicate scan as a run of the run engine (lib/runs). */
export const duplicateScanRuns: RunKind<typeof duplicateScans> = {
  name: 'duplicates.scan',
  queue: DUPLICATE_SCAN_QUEUE,
  store: { table: duplicateScans },
  maxAttempts: 5,
  queueOptions: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 * 60 },
  workOptions: { concurrency: 1 },
  eventResource: 'accounting',
  events: {
    retrying: 'runs.duplicateScan.retrying',
    resumed: 'runs.duplicateScan.resumed',
    failed: 'duplicates.event.scanFailed',
  },
  execute: (app, run) => scan(app, run),
  // A refused allowance stays refused this month; other faults are the database's or a bug's:
  // another attempt may pass.
  retryable: (error) => !(error instanceof BusinessError),
  reasonOf: (_app, error) => encodeFailure(error),
};

/** One attempt at a scan, in this process (tests, and the in-process helpers). */
export function runDuplicateScan(app: FastifyInstance, scanId: string) {
  return app.runs.attempt(duplicateScanRuns, scanId);
}
