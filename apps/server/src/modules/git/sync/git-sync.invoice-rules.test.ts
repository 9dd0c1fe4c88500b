import {
  CONFIGURATION_DEFAULTS,
  type ConfigurationValues,
  type EventLog,
  type GitArticleMapping,
  type GitInvoiceBasisRow,
  type GitInvoiceOccasionRow,
  type GitTransaction,
} from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedWorld } from '../../../../test/fixtures/accounting';
import type { TestOrganisation } from '../../../../test/fixtures/users';
import type { TestApp } from '../../../../test/test-app';
import type { App } from '../../../app';
import { t as text } from '../../../lib/i18n';
import { isSystemCaller, SYSTEM_SCOPES, SYSTEM_USER_ID, systemCaller } from '../../../plugins/auth';
import type { FortnoxSimulator } from '../../../providers/fortnox/simulator/index';
import { type GitSimulator, startGitSimulator } from '../../../providers/git/git.simulator';
import { saveConfiguration } from '../../configurations/configurations.service';
import { invoices } from '../../invoices/invoices.tables';
import { gitClientFor } from '../connection/git-connections.service';
import { runGitRefresh } from '../refresh/git-refresh.service';
import { type GitSyncRunOptions, gitSyncJobData, runGitSync } from './git-sync.service';
import { gitSyncItems } from './git-sync.tables';
import { basisInvoiceExternalRef } from './git-sync-ref';

/**
 * Every invoice change of the GIT sync (create, book, send, credit, cancel, update) goes through
 * modules/invoices/invoices.service.ts as the system (plugins/auth.ts `systemCaller`): the
 * invoice's state rules apply as they do to a person, and each change writes its event-log line,
 * naming the system.
 */

let t: TestApp;
let app: App;
let fx: FortnoxSimulator;
let git: GitSimulator;
let a: TestOrganisation;
let occasion: GitInvoiceOccasionRow;

type Who = { headers: Record<string, string> };
const api = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object, lang = 'en') =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'accept-language': lang },
    ...(payload === undefined ? {} : { payload }),
  });
async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object, status = 200, lang = 'en') {
  const res = await api(method, url, who, payload, lang);
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data as T;
}

const gitTarget = () => ({ organisationId: a.organisationId, clubAccountId: a.clubAccountId });
const programInvoice = (basisGitId: string) =>
  fx.store.findByExternalRef(
    fx.defaultTenantId,
    'invoices',
    basisInvoiceExternalRef(a.clubAccountId, a.clubAccountId, basisGitId),
  )[0] as
    | { DocumentNumber: string; Booked: boolean; Cancelled: boolean; CreditInvoiceReference?: string | number; Total: number }
    | undefined;

async function setConfig<G extends 'api' | 'invoice'>(group: G, values: Partial<ConfigurationValues[G]>) {
  await saveConfiguration(app.db, gitTarget(), { userId: a.owner.userId, reach: null }, group, {
    ...CONFIGURATION_DEFAULTS[group],
    ...values,
  } as ConfigurationValues[G]);
}

async function bases(query = '') {
  return ok<GitInvoiceBasisRow[]>('GET', `/git/invoice-occasions/${occasion.id}/invoice-bases?pageSize=100${query}`, a.owner);
}

/** POST git/sync as the owner, and its run here (tests run no workers). */
async function sync(body: { basisIds: string[]; book?: boolean }, options?: GitSyncRunOptions) {
  const run = await ok<GitTransaction>('POST', '/git/sync', a.owner, { occasionId: occasion.id, ...body }, 202);
  await runGitSync(app, await gitSyncJobData(app, run.id), options);
  return ok<GitTransaction>('GET', `/git/transactions/${run.id}`, a.owner);
}

async function refreshGit() {
  const run = await ok<GitTransaction>('POST', '/git/refresh', a.owner, undefined, 202);
  await runGitRefresh(app, run.id);
}

async function creditInGit(basis: GitInvoiceBasisRow) {
  const { client } = await gitClientFor(app, gitTarget());
  await client.credit(basis.gitId, { reason: 'Utträde', creditedAt: new Date() });
  await refreshGit();
}

/** The event log's lines about an invoice, oldest first, in a language. */
async function linesOf(number: string, lang: 'sv' | 'en' = 'en') {
  const rows = await ok<EventLog[]>('GET', '/eventlogs?resource=invoices&pageSize=100', a.owner, undefined, 200, lang);
  return rows
    .filter((r) => r.invoice === number)
    .map((r) => r.activity)
    .reverse();
}

async function mirrored(number: string) {
  const [row] = await app.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.clubAccountId, a.clubAccountId), eq(invoices.number, number)));
  if (!row) throw new Error(`invoice ${number} is not mirrored`);
  return row;
}

/** A basis not synced yet (unpaid, not credited in GIT). */
let taken = 0;
async function openBasis(): Promise<GitInvoiceBasisRow> {
  const open = (await bases('&sync=not_synced')).filter((b) => b.status === 'unpaid');
  const basis = open[taken++];
  if (!basis) throw new Error('no open basis left');
  return basis;
}

beforeAll(async () => {
  ({ t, app, sim: fx, a } = await connectedWorld());
  git = await startGitSimulator({ members: 60, seed: 'git-sync-invoice-rules' });
  app.simulators.use('git', git);
  // A new season: the bases have no payments yet.
  for (const b of git.data.bases) if (b.creditedAt === null) b.payments = [];
  await ok('PUT', '/git/connection', a.owner, { clubId: git.clubId, apiKey: git.apiKey, baseUrl: git.apiBaseUrl });
  const [queued] = await ok<{ id: string }[]>('GET', '/git/transactions', a.owner);
  if (queued) await runGitRefresh(app, queued.id);
  [occasion] = (await ok<GitInvoiceOccasionRow[]>('GET', '/git/invoice-occasions?pageSize=50', a.owner)) as [
    GitInvoiceOccasionRow,
  ];
  await setConfig('api', {
    club_to_sync: a.clubAccountId,
    auto_credit_invoice_in_accounting: true,
    auto_update_invoice_with_git: true,
  });
  await setConfig('invoice', { sendMethod: 'print' });
  const mappings = await ok<GitArticleMapping[]>('GET', '/git/article-mappings', a.owner);
  await ok('PUT', '/git/article-mappings', a.owner, {
    mappings: mappings.map((m) => ({ gitArticleCode: m.gitArticleCode, create: true })),
  });
}, 180_000);

afterAll(async () => {
  await git?.close();
  await t?.close();
});

describe('the system caller', () => {
  it('is clearly the system: no user, no team rules, only the scopes its jobs use, named Fairway in either language', () => {
    const caller = systemCaller(a.organisationId, a.clubAccountId, { onBehalfOf: a.owner.userId });
    expect(isSystemCaller(caller)).toBe(true);
    expect(caller.userId).toBe(SYSTEM_USER_ID);
    expect(caller.onBehalfOf).toBe(a.owner.userId);
    expect(Object.values(caller.rules).every((on) => !on)).toBe(true);
    expect(caller.scopes).toEqual([...SYSTEM_SCOPES]);
    for (const scope of ['users.read', 'company.write', 'git.write', 'exports.read'] as const) {
      expect(caller.scopes).not.toContain(scope);
    }
    expect(text('eventlogs.system', 'sv')).toBe('Fairway (systemet)');
    expect(text('eventlogs.system', 'en')).toBe('Fairway (system)');
  });
});

describe('a GIT sync changes invoices as the system, through the invoice service', () => {
  it('creates, books, sends and then credits a booked invoice, each with its event-log line naming Fairway', async () => {
    const basis = await openBasis();
    const made = await sync({ basisIds: [basis.id], book: true });
    expect(made.failures, JSON.stringify(made.failures)).toEqual([]);
    const [shown] = (await bases()).filter((b) => b.id === basis.id);
    const number = shown?.sync.invoiceNumber as string;
    expect(programInvoice(basis.gitId)?.Booked).toBe(true);
    // The user who asked for the run is still the invoice's creator (team rules see it as theirs).
    expect((await mirrored(number)).createdBy).toBe(a.owner.userId);

    await creditInGit(basis);
    const credited = await sync({ basisIds: [basis.id] });
    expect(credited.counts.credited?.created).toBe(1);
    expect(programInvoice(basis.gitId)?.CreditInvoiceReference).toBeTruthy();
    const creditNote = String(programInvoice(basis.gitId)?.CreditInvoiceReference);

    const lines = await linesOf(number);
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^Fairway \\(system\\) created invoice ${number} for `)),
      `Fairway (system) booked invoice ${number}`,
      expect.stringMatching(new RegExp(`^Fairway \\(system\\) sent invoice ${number} `)),
      `Fairway (system) credited invoice ${number} with credit note ${creditNote}`,
    ]);
    expect((await linesOf(number, 'sv')).at(-1)).toBe(
      `Fairway (systemet) krediterade faktura ${number} med kreditfaktura ${creditNote}`,
    );
  });

  it('cancels an unbooked invoice of a basis GIT credited, and brings a GIT change to an unbooked one, each logged', async () => {
    const [changed, toCancel] = [await openBasis(), await openBasis()];
    await sync({ basisIds: [changed.id, toCancel.id], book: false });
    const numberOf = async (b: GitInvoiceBasisRow) => (await bases()).find((x) => x.id === b.id)?.sync.invoiceNumber as string;

    const sim = git.data.bases.find((x) => x.id === changed.gitId);
    const row = sim?.rows[0];
    if (!sim || !row) throw new Error('basis not in the simulator');
    row.unitAmountOre += 10_000;
    row.amountOre += 10_000 * row.quantity;
    row.vatOre = Math.round((row.amountOre * row.vatRate) / (100 + row.vatRate));
    sim.modifiedAt = new Date().toISOString();
    await creditInGit(toCancel);

    const run = await sync({ basisIds: [changed.id, toCancel.id] });
    expect(run.failures, JSON.stringify(run.failures)).toEqual([]);
    expect(run.counts.invoices?.updated).toBe(1);
    expect(programInvoice(toCancel.gitId)?.Cancelled).toBe(true);
    expect((await linesOf(await numberOf(changed))).at(-1)).toBe(`Fairway (system) changed invoice ${await numberOf(changed)}`);
    expect((await linesOf(await numberOf(toCancel))).at(-1)).toBe(
      `Fairway (system) cancelled invoice ${await numberOf(toCancel)}`,
    );
  });

  it('refuses to cancel an invoice booked meanwhile with the state rule’s message, and credits it on the next run', async () => {
    const basis = await openBasis();
    await sync({ basisIds: [basis.id], book: false });
    const number = (await bases()).find((b) => b.id === basis.id)?.sync.invoiceNumber as string;
    await creditInGit(basis);

    // The run has decided to cancel the unbooked invoice; right then, someone books it.
    const run = await sync(
      { basisIds: [basis.id] },
      {
        hooks: {
          async step(step) {
            if (step !== 'credit.before') return;
            const invoice = await mirrored(number);
            await ok('PUT', `/invoices/${invoice.id}/bookkeep`, a.owner, {});
          },
        },
      },
    );
    expect(run.failed).toBe(1);
    expect(run.failures[0]?.message).toBe(text('invoices.refused.booked', 'en', { number }));
    expect(programInvoice(basis.gitId)).toMatchObject({ Booked: true, Cancelled: false });
    const [item] = await app.db.select().from(gitSyncItems).where(eq(gitSyncItems.basisGitId, basis.gitId));
    expect(item?.state).toBe('sent');
    expect(await linesOf(number)).not.toContain(`Fairway (system) cancelled invoice ${number}`);

    // The next run sees it booked, and credits it instead.
    const next = await sync({ basisIds: [basis.id] });
    expect(next.failures).toEqual([]);
    expect(next.counts.credited?.created).toBe(1);
    expect(programInvoice(basis.gitId)?.CreditInvoiceReference).toBeTruthy();
  });
});
