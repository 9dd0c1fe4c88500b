import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ANALYZE_AFTER_ROWS } from '../../../db/maintenance';
import { encodeFailure, encodeReason } from '../../../lib/failure';
import type { MessageText } from '../../../lib/i18n';
import type { RunContext, RunKind, RunResult } from '../../../lib/runs/run-engine';
import { isAccountingError } from '../../../providers/accounting/errors';
import type { AccountingProvider, ListQuery, Page } from '../../../providers/accounting/provider';
import { articlesMirrorTable, mirrorArticles } from '../../articles/articles.mirror';
import { contractsMirrorTable, mirrorContracts } from '../../contracts/contracts.mirror';
import { customersMirrorTable, mirrorCustomers } from '../../customers/customers.mirror';
import { documentsMirrorTable, mirrorOrders, mirrorSupplierInvoices, mirrorVouchers } from '../../duplicates/documents.mirror';
import { lastSucceededScan, queueDuplicateScan } from '../../duplicates/scan/scan.queue';
import { logEventQuietly } from '../../eventlogs/eventlogs.service';
import {
  invoicePaymentsMirrorTable,
  invoicesMirrorTable,
  mirrorInvoicePayments,
  mirrorInvoices,
  refreshPaidDates,
} from '../../invoices/invoices.mirror';
import { invoicesAwaitingWholeRead, type WholeReadPosition } from '../../statistics/statistics.repository';
import { hasDuplicatesModule } from '../../subscriptions/module-gate';
import { mirrorSuppliers, suppliersMirrorTable } from '../../suppliers/suppliers.mirror';
import { accountingFor } from '../connection/accounting-for';
import { listConnectedClubAccounts } from '../connection/connections.repository';
import { onlineConnectorClubAccounts } from '../connector/connector.service';
import { type MirrorTableUpkeep, type MirrorTarget, timestampOf } from '../mirror/mirror';
import { MIRROR_REFRESH_QUEUE, queueMirrorRefresh } from './queue';
import * as repo from './refresh.repository';
import { accountingSyncRuns } from './refresh.tables';
import { readDocumentsWhole, readWholeAfterLists, WHOLE_READS_PER_RUN } from './whole-reads';

export const MIRROR_REFRESH_ALL_QUEUE = 'accounting.refresh-all';
/**
 * Refreshes a process runs at once. Each waits mostly on its program's rate limit (Fortnox: 25
 * requests per 5 s per company), so one large company's refresh must not hold up the others'.
 * Not more: their mirror writes share the database with people's requests, and on PGlite (one
 * session) four at once kept an article save waiting over 30 s in the browser suite.
 */
export const REFRESH_CONCURRENCY = 2;

/** Largest page the providers allow (Fortnox 500). */
const PAGE_SIZE = 500;
/** A full read (which also notices deleted documents) at least this often. */
const FULL_REFRESH_EVERY_MS = 24 * 60 * 60 * 1000;

/** The refresh's progress is saved after this many whole invoice reads (and at the end). */
const SAVE_EVERY_READS = 10;

/** A list item of a mirrored resource: when it last changed in the program, as the program says. */
interface Listed {
  modifiedAt: string | null;
}

/** The provider sections a refresh lists, each mirrored into its table. */
type ListedSection =
  | 'customers'
  | 'articles'
  | 'contracts'
  | 'invoices'
  | 'invoicePayments'
  | 'suppliers'
  | 'supplierInvoices'
  | 'orders'
  | 'vouchers';

/** An item of the list of section `N`. */
type ListItem<N extends ListedSection> = Awaited<ReturnType<NonNullable<AccountingProvider[N]>['list']>>['items'][number];

interface MirroredResource<T extends Listed, N extends ListedSection = ListedSection> {
  /** The provider section it lists (`list`); the optional ones are read only where `dubbelkoll.offered`. */
  name: N;
  /** `changedOnly`: the page came from a changes-only read (every item on it changed in the program). */
  write(
    app: FastifyInstance,
    target: MirrorTarget,
    items: T[],
    provider: AccountingProvider,
    changedOnly: boolean,
  ): Promise<number>;
  /** Its mirror table's pruning after a full read and vacuuming, from the document module. */
  table: MirrorTableUpkeep;
  /** The step after the lists that rewrites this table's rows too (the whole reads of invoices). */
  rewrittenBy?: string;
  /**
   * Read for Dubbelkoll (docs/duplicates.md#mirror): only for an organisation with the duplicates
   * module (subscriptions/module-gate.ts), only where the program offers the section, and not one
   * of the resources the figures wait for (completeness.ts).
   */
  dubbelkoll?: { offered(provider: AccountingProvider): boolean };
}

/** A page of the provider section `name`. */
const listPage = (provider: AccountingProvider, name: ListedSection, query: ListQuery) =>
  (provider[name] as { list(query: ListQuery): Promise<Page<Listed>> }).list(query);

const resource = <N extends ListedSection>(r: MirroredResource<ListItem<N>, N>) => r as unknown as MirroredResource<Listed>;

/**
 * What a refresh reads, in order: customers and articles before the documents that name them.
 * Invoices are never deleted in the programs (they are cancelled or credited), so their table
 * has no prune (invoices.mirror.ts).
 */
const RESOURCES: readonly MirroredResource<Listed>[] = [
  resource({
    name: 'customers',
    write: (app, t, items, p, changedOnly) =>
      mirrorCustomers(app.db, t, items, undefined, false, { omits: p.customers.summaryOmits, changedOnly }),
    table: customersMirrorTable,
  }),
  resource({
    name: 'articles',
    write: (app, t, items, p, changedOnly) =>
      mirrorArticles(app.db, t, items, undefined, false, { omits: p.articles.summaryOmits, changedOnly }),
    table: articlesMirrorTable,
  }),
  resource({
    name: 'contracts',
    write: (app, t, items, p, changedOnly) =>
      mirrorContracts(app.db, t, items, undefined, false, { omits: p.contracts.summaryOmits, changedOnly }),
    table: contractsMirrorTable,
  }),
  resource({
    name: 'invoices',
    write: (app, t, items, p) => mirrorInvoices(app.db, t, items, undefined, false, p.invoices.summaryOmits),
    table: invoicesMirrorTable,
    rewrittenBy: 'invoiceDetails',
  }),
  resource({
    name: 'invoicePayments',
    write: (app, t, items) => mirrorInvoicePayments(app.db, t, items),
    table: invoicePaymentsMirrorTable,
  }),
  resource({
    name: 'suppliers',
    write: (app, t, items, p, changedOnly) =>
      mirrorSuppliers(app.db, t, items, false, { omits: p.suppliers?.summaryOmits ?? [], changedOnly }),
    table: suppliersMirrorTable,
    dubbelkoll: { offered: (p) => p.suppliers !== undefined },
  }),
  resource({
    name: 'supplierInvoices',
    write: (app, t, items, p, changedOnly) =>
      mirrorSupplierInvoices(app.db, t, items, false, { omits: p.supplierInvoices?.summaryOmits ?? [], changedOnly }),
    table: documentsMirrorTable('supplier_invoice'),
    dubbelkoll: { offered: (p) => p.supplierInvoices !== undefined },
  }),
  resource({
    name: 'orders',
    write: (app, t, items, p, changedOnly) =>
      mirrorOrders(app.db, t, items, false, { omits: p.orders.summaryOmits, changedOnly }),
    table: documentsMirrorTable('order'),
    dubbelkoll: { offered: () => true },
  }),
  resource({
    name: 'vouchers',
    write: (app, t, items, p, changedOnly) =>
      mirrorVouchers(app.db, t, items, false, { omits: p.vouchers.summaryOmits, changedOnly }),
    table: documentsMirrorTable('voucher'),
    dubbelkoll: { offered: () => true },
  }),
];

/**
 * The resources a refresh reads through for the figures; a mirror is complete once each has been
 * read in full once (Dubbelkoll's documents are not among them).
 */
export const MIRRORED_RESOURCES: readonly string[] = RESOURCES.filter((r) => !r.dubbelkoll).map((r) => r.name);

/**
 * Whether this refresh reads a resource: Dubbelkoll's only for an organisation with the duplicates
 * module (`duplicates`) and where the program offers them.
 */
const reads = (r: MirroredResource<Listed>, provider: AccountingProvider, duplicates: boolean) =>
  !r.dubbelkoll || (duplicates && r.dubbelkoll.offered(provider));

/** SQLSTATE classes of a row the database refuses for its values: data exceptions, constraints. */
function isRefusedRow(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Writes a page of documents into the mirror. When the database refuses the page for what a
 * document holds (text is already cleaned where the program's answers are read, so this is e.g. a
 * value out of range), the page is written one document at a time and each refused one is
 * skipped with an ERROR line in the event log: one bad document must not stop every refresh of
 * the club account, as it would if the run failed and was retried on the same page.
 */
async function writePage(
  app: FastifyInstance,
  r: MirroredResource<Listed>,
  target: MirrorTarget,
  items: Listed[],
  provider: AccountingProvider,
  changedOnly: boolean,
): Promise<number> {
  try {
    return await r.write(app, target, items, provider, changedOnly);
  } catch (error) {
    if (!isRefusedRow(error)) throw error;
  }
  let written = 0;
  for (const item of items) {
    try {
      written += await r.write(app, target, [item], provider, changedOnly);
    } catch (error) {
      if (!isRefusedRow(error)) throw error;
      const number = String((item as { number?: unknown }).number ?? '');
      app.log.warn({ err: error, resource: r.name, number, clubAccountId: target.clubAccountId }, 'mirror document skipped');
      await logEventQuietly(app.db, app.log, {
        organisationId: target.organisationId,
        clubAccountId: target.clubAccountId,
        resource: 'accounting',
        activity: 'accounting.event.documentSkipped',
        params: { resource: r.name, number },
        error: encodeReason('accounting.documentNotStorable'),
        type: 'ERROR',
      });
    }
  }
  return written;
}

/** The program refuses the portal a resource: its licence or module is missing, or the connection's permission. */
const isRefusal = (error: unknown) => isAccountingError(error) && error.kind === 'licence_missing';

/** Dubbelkoll's resources as the event log names them. */
const REFUSABLE_NAMES: Record<string, MessageText> = {
  suppliers: { sv: 'leverantörer', en: 'suppliers' },
  supplierInvoices: { sv: 'leverantörsfakturor', en: 'supplier invoices' },
  orders: { sv: 'order', en: 'orders' },
  vouchers: { sv: 'verifikationer', en: 'vouchers' },
};

/** Notes a refused resource; its first refusal writes a WARNING line asking for a new connection. */
async function refused(app: FastifyInstance, target: MirrorTarget, resource: string): Promise<void> {
  app.log.warn({ resource, clubAccountId: target.clubAccountId }, 'accounting program refused a resource');
  if (!(await repo.markRefused(app.db, target.clubAccountId, resource))) return;
  await logEventQuietly(app.db, app.log, {
    organisationId: target.organisationId,
    clubAccountId: target.clubAccountId,
    resource: 'accounting',
    activity: 'accounting.event.resourceRefused',
    params: { resource: REFUSABLE_NAMES[resource] ?? resource },
    error: encodeReason('accounting.resourceRefused'),
    type: 'ERROR',
  });
}

/** After a run that wrote ANALYZE_AFTER_ROWS rows into a mirror table, PGlite's upkeep of it (db/maintenance.ts). */

async function vacuumIfNoAutovacuum(app: FastifyInstance, counts: Record<string, { upserted: number }>): Promise<void> {
  if (app.database.driver !== 'pglite') return;
  for (const r of RESOURCES) {
    const written = (counts[r.name]?.upserted ?? 0) + (r.rewrittenBy ? (counts[r.rewrittenBy]?.upserted ?? 0) : 0);
    if (written >= ANALYZE_AFTER_ROWS) await r.table.vacuumAnalyze(app.db);
  }
}

const CODE_LISTS: readonly repo.CodeListKind[] = [
  'units',
  'priceLists',
  'costCenters',
  'projects',
  'termsOfPayment',
  'termsOfDelivery',
];

/**
 * The 15-minute tick: one run per club account the portal can read from now: those with a
 * connected OAuth program (Fortnox, Visma eEkonomi) and those kept in Visma Administration whose
 * connector is online. Returns the club accounts queued.
 */
export async function queueScheduledRefreshes(app: FastifyInstance): Promise<MirrorTarget[]> {
  const targets = new Map<string, MirrorTarget>();
  for (const t of [...(await listConnectedClubAccounts(app.db)), ...(await onlineConnectorClubAccounts(app.db))]) {
    targets.set(t.clubAccountId, { organisationId: t.organisationId, clubAccountId: t.clubAccountId });
  }
  for (const target of targets.values()) await queueMirrorRefresh(app, target, 'scheduled');
  return [...targets.values()];
}

export interface MirrorRefreshOptions {
  /**
   * Articles, customers and contracts read whole this run (whole-reads.ts WHOLE_READS_PER_RUN);
   * tests opt in (each read costs a rate-limit slot).
   */
  fullReads?: number;
  /** At most this many invoices read whole this run (all that await one otherwise); tests opt in likewise. */
  invoiceReads?: number;
  /**
   * At most this many of Dubbelkoll's suppliers and documents read whole this run: all that await
   * one before the club account's first scan, else `fullReads`.
   */
  documentReads?: number;
}

type Counts = Record<string, { fetched: number; upserted: number }>;

/**
 * Where a refresh stands, stored as the run's checkpoint after every page: the steps it has
 * finished, and the resource it is reading (the page it read last, and what a full read needs to
 * know to prune and to move the cursor). A resumed attempt goes on from there.
 */
export interface RefreshCheckpoint {
  done: string[];
  reading?: { name: string; page: number; full: boolean; startedAt: string; newest: string | null };
  /**
   * The whole reads of invoices in this attempt: when they began and how many are done, for the
   * pace the figures' completion estimate is made from (modules/accounting/refresh/completeness.ts).
   */
  wholeReads?: { startedAt: string; done: number };
}

/**
 * One refresh: code lists, then each resource changed since its cursor (all of it on the first
 * run and once a day, when rows the program no longer has are removed), page by page, each page
 * written in its own statement and recorded in the run's checkpoint, so a run cut short (crash,
 * fault) resumes at the page after the last one written. Transient faults (429, 5xx, timeouts,
 * connector offline) are retried by the run engine with backoff; a connection that needs a
 * person (revoked consent, not connected) fails the run without retrying.
 */
async function refreshMirror(
  app: FastifyInstance,
  run: RunContext<typeof accountingSyncRuns>,
  options: MirrorRefreshOptions = {},
): Promise<RunResult> {
  const [row] = await app.db.select().from(accountingSyncRuns).where(eq(accountingSyncRuns.id, run.id));
  if (!row) throw new Error(`accounting_sync_runs ${run.id} is gone`);
  const target: MirrorTarget = { organisationId: run.organisationId, clubAccountId: run.clubAccountId };
  const checkpoint: RefreshCheckpoint = run.resumed
    ? ((row.checkpoint as RefreshCheckpoint | null) ?? { done: [] })
    : { done: [] };
  const counts: Counts = run.resumed ? { ...row.counts } : {};
  const provider = await accountingFor(app, { organisationId: target.organisationId }, target.clubAccountId);
  // Dubbelkoll's documents and scan: every organisation under BRAND=dubbelkoll (its tier), a golf
  // club whose package includes the module.
  const duplicates = await hasDuplicatesModule(app.db, { organisationId: target.organisationId });
  if (!checkpoint.done.includes('codeLists')) {
    await run.save({ currentResource: 'codeLists', checkpoint: { ...checkpoint } });
    for (const kind of CODE_LISTS) {
      const items = await provider.codeLists[kind]();
      await repo.replaceCodeList(app.db, target, kind, items);
    }
    checkpoint.done.push('codeLists');
  }
  const cursors = new Map((await repo.readCursors(app.db, target.clubAccountId)).map((c) => [c.resource, c]));
  for (const r of RESOURCES) {
    if (checkpoint.done.includes(r.name) || !reads(r, provider, duplicates)) continue;
    const cursor = cursors.get(r.name);
    const reading = checkpoint.reading?.name === r.name ? checkpoint.reading : undefined;
    const full =
      reading?.full ??
      (!cursor?.modifiedSince || !cursor.lastFullAt || Date.now() - cursor.lastFullAt.getTime() > FULL_REFRESH_EVERY_MS);
    // The next run asks for changes since this run began (less a minute of overlap for clock
    // skew; upserts make reading a document twice harmless). Providers that report when a
    // document changed can move the cursor further, never back.
    const startedAt = reading ? new Date(reading.startedAt) : new Date(Date.now() - 60_000);
    let newest: Date | null = reading?.newest ? new Date(reading.newest) : startedAt;
    const tally = reading ? (counts[r.name] ?? { fetched: 0, upserted: 0 }) : { fetched: 0, upserted: 0 };
    counts[r.name] = tally;
    // With the checkpoint: a turn passed before this resource's first page resumes here.
    await run.save({ currentResource: r.name, counts, checkpoint: { ...checkpoint } });
    try {
      for (let page = (reading?.page ?? 0) + 1; ; page++) {
        // Every page before this one is stored, and the checkpoint says so.
        await run.checkTurn();
        const changedOnly = !full && !!cursor?.modifiedSince;
        const result = await listPage(provider, r.name, {
          page,
          pageSize: PAGE_SIZE,
          ...(changedOnly && cursor?.modifiedSince ? { modifiedSince: cursor.modifiedSince.toISOString() } : {}),
        });
        tally.fetched += result.items.length;
        tally.upserted += await writePage(app, r, target, result.items, provider, changedOnly);
        for (const item of result.items) {
          const at = timestampOf(item.modifiedAt);
          if (at && newest && at > newest && at <= new Date()) newest = at;
        }
        checkpoint.reading = {
          name: r.name,
          page,
          full,
          startedAt: startedAt.toISOString(),
          newest: newest ? newest.toISOString() : null,
        };
        await run.save({ counts, checkpoint: { ...checkpoint } });
        if (page >= result.totalPages || result.items.length === 0) break;
      }
    } catch (error) {
      if (!(r.dubbelkoll && isRefusal(error))) throw error;
      // Dubbelkoll's resources only: the program refuses this one (no module, or the connection was
      // made without its permission). The rest of the refresh goes on; available-resources says
      // so and the event log asks for a new connection, once.
      await refused(app, target, r.name);
      checkpoint.done.push(r.name);
      checkpoint.reading = undefined;
      await run.save({ checkpoint: { ...checkpoint } });
      continue;
    }
    if (full && r.table.prune) await r.table.prune(app.db, target, startedAt);
    await repo.writeCursor(app.db, target.clubAccountId, r.name, {
      modifiedSince: newest,
      ...(full ? { lastFullAt: new Date() } : {}),
      refusedAt: null,
    });
    checkpoint.done.push(r.name);
    checkpoint.reading = undefined;
    await run.save({ checkpoint: { ...checkpoint } });
  }
  // A refresh after a write should show the write soon, so it leaves whole reads to the others.
  const fullReads = app.config.NODE_ENV === 'test' || row.trigger === 'after_write' ? 0 : WHOLE_READS_PER_RUN;
  const wholeTally = counts.wholeReads ?? { fetched: 0, upserted: 0 };
  counts.wholeReads = wholeTally;
  // Each whole read is written as it is made; a later turn reads what is still missing.
  const turn = () => run.checkTurn(() => run.save({ counts }));
  await readWholeAfterLists(app, provider, target, options.fullReads ?? fullReads, wholeTally, turn);
  if (duplicates) {
    const documentTally = counts.documentDetails ?? { fetched: 0, upserted: 0 };
    counts.documentDetails = documentTally;
    // Until a scan has gone through, the refresh reads every document whole, so the first full
    // scan (queued below) compares them as the program holds them, not as list items without
    // amounts or rows (docs/duplicates.md#mirror); later runs read at most their share.
    const firstScan = !(await lastSucceededScan(app.db, target));
    // Tests opt in (`documentReads`), as for the other whole reads.
    const all = firstScan && app.config.NODE_ENV !== 'test';
    const documentReads = options.documentReads ?? (all ? Number.POSITIVE_INFINITY : fullReads);
    await readDocumentsWhole(app, provider, target, documentReads, documentTally, turn);
  }
  const invoiceReads = app.config.NODE_ENV === 'test' ? 0 : Number.POSITIVE_INFINITY;
  await readInvoicesWhole(app, provider, target, run, { checkpoint, counts }, options.invoiceReads ?? invoiceReads);
  await refreshPaidDates(app.db, target);
  await vacuumIfNoAutovacuum(app, counts);
  await run.save({ counts, currentResource: null });
  // Dubbelkoll checks what the refresh brought: the first scan of a club account is a full one.
  if (duplicates) await queueDuplicateScan(app, target, { kind: 'auto', createdBy: null });
  const upserted = Object.values(counts).reduce((sum, c) => sum + c.upserted, 0);
  if (row.trigger === 'scheduled' && upserted === 0) return { event: null };
  return {
    event: {
      activity: 'accounting.event.refreshed',
      params: {
        customers: counts.customers?.upserted ?? 0,
        articles: counts.articles?.upserted ?? 0,
        contracts: counts.contracts?.upserted ?? 0,
        invoices: counts.invoices?.upserted ?? 0,
      },
      type: 'SUCCESS',
    },
  };
}

/** The mirror refresh as a run of the run engine (lib/runs). */
export const mirrorRefreshRuns: RunKind<typeof accountingSyncRuns, MirrorRefreshOptions> = {
  name: 'accounting.refresh',
  queue: MIRROR_REFRESH_QUEUE,
  store: { table: accountingSyncRuns },
  maxAttempts: 7,
  queueOptions: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 * 60 },
  workOptions: { concurrency: REFRESH_CONCURRENCY },
  eventResource: 'accounting',
  events: {
    retrying: 'runs.accountingRefresh.retrying',
    resumed: 'runs.accountingRefresh.resumed',
    failed: 'accounting.event.refreshFailed',
  },
  execute: refreshMirror,
  // A fault that is not the program's (the database, a bug) may pass too.
  retryable: (error) => (isAccountingError(error) ? error.transient : true),
  // A reason the club can read; the fault's own words (SQL, stack) go to the server log only.
  reasonOf: (_app, error) => encodeFailure(error),
};

/** One attempt at a refresh run, in this process (tests, and the in-process helpers). */
export function runMirrorRefresh(app: FastifyInstance, runId: string, options: MirrorRefreshOptions = {}) {
  return app.runs.attempt(mirrorRefreshRuns, runId, options);
}

/**
 * Every invoice the mirror holds only as a list summary is read whole, newest first: the programs'
 * invoice lists carry no rows and (Fortnox) no net or VAT, and the dashboard's and the statistics'
 * sums ex VAT and per article need them for every invoice; a figure whose invoices are not all read
 * is not shown (modules/accounting/refresh/completeness.ts). Each read waits for the program's rate limit
 * like any background request (people's requests go first), so the first refresh of a large
 * company takes minutes: the run saves its progress as it goes, which the figures turn into "ready
 * in about N minutes", and a resumed attempt reads only what is still missing.
 */
async function readInvoicesWhole(
  app: FastifyInstance,
  provider: AccountingProvider,
  target: MirrorTarget,
  run: RunContext<typeof accountingSyncRuns>,
  state: { checkpoint: RefreshCheckpoint; counts: Counts },
  limit: number,
): Promise<void> {
  const { checkpoint, counts } = state;
  const tally = counts.invoiceDetails ?? { fetched: 0, upserted: 0 };
  counts.invoiceDetails = tally;
  const progress = { startedAt: new Date().toISOString(), done: 0 };
  checkpoint.wholeReads = progress;
  let after: WholeReadPosition | null = null;
  let left = limit;
  let first = true;
  const save = () => run.save({ counts, checkpoint: { ...checkpoint } });
  while (left > 0) {
    const batch = await invoicesAwaitingWholeRead(app.db, target, Math.min(left, 100), after);
    if (batch.length === 0) break;
    if (first) {
      await run.save({ currentResource: 'invoiceDetails', counts, checkpoint: { ...checkpoint } });
      first = false;
    }
    for (const position of batch) {
      await run.checkTurn(save);
      after = position;
      left--;
      tally.fetched++;
      try {
        await mirrorInvoices(app.db, target, [await provider.invoices.get(position.number)], null, true);
        tally.upserted++;
      } catch (error) {
        // One the program no longer finds is skipped; other faults end the run as usual.
        if (!isAccountingError(error) || error.kind !== 'not_found') throw error;
      }
      progress.done++;
      if (progress.done % SAVE_EVERY_READS === 0) await save();
    }
  }
  checkpoint.wholeReads = undefined;
  await save();
}
