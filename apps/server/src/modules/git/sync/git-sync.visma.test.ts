import {
  CONFIGURATION_DEFAULTS,
  type ConfigurationValues,
  type GitArticleMapping,
  type GitInvoiceBasisRow,
  type GitInvoiceOccasionRow,
  type GitTransaction,
} from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQueuedRefreshes } from '../../../../test/fixtures/accounting';
import { addClubAccount, createOrganisation, type TestOrganisation } from '../../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import type { App } from '../../../app';
import { type GitSimulator, startGitSimulator } from '../../../providers/git/git.simulator';
import { startVismaSimulator, type VismaSimulator } from '../../../providers/visma-eekonomi/simulator/index';
import { connectToSimulator } from '../../accounting/connection/connections.service';
import { saveConfiguration } from '../../configurations/configurations.service';
import { invoices } from '../../invoices/invoices.tables';
import { clubAccounts } from '../../organizations/organizations.tables';
import { userClubAccounts } from '../../users/users.tables';
import { runGitRefresh } from '../refresh/git-refresh.service';
import { gitSyncJobData, runGitSync } from './git-sync.service';
import { gitPayerCustomers, gitSyncItems } from './git-sync.tables';
import { basisInvoiceExternalRef, payerCustomerRequestId } from './git-sync-ref';

/**
 * The sync into Visma eEkonomi: the GIT club account (the golf club) syncs into another club
 * account of the organisation (its operating company) whose program is Visma eEkonomi.
 */
let t: TestApp;
let app: App;
let visma: VismaSimulator;
let git: GitSimulator;
let a: TestOrganisation;
let companyId: string;

type Who = { headers: Record<string, string> };
async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object, status = 200): Promise<T> {
  const res = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload }),
  });
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data as T;
}

const company = () => ({ organisationId: a.organisationId, clubAccountId: companyId });
const mirroredInvoices = (basisGitId: string) =>
  app.db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.clubAccountId, companyId),
        eq(invoices.externalRef, basisInvoiceExternalRef(a.clubAccountId, companyId, basisGitId)),
      ),
    );

/**
 * The simulated club's history has most fees paid already, and the sync invoices only bases GIT
 * has no payment for. A new season: most bases lose their payments, every fourth keeps them.
 */
function freshSeason(sim: GitSimulator) {
  for (const [i, b] of sim.data.bases.entries()) if (b.creditedAt === null && i % 4 !== 0) b.payments = [];
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  visma = await startVismaSimulator({ seed: 'demo' });
  app.simulators.use('visma_eekonomi', {
    url: visma.url,
    close: () => visma.close(),
    demoTokens: () => ({ ...visma.grantConsent(), scope: null }),
  });
  git = await startGitSimulator({ members: 60, seed: 'git-sync-visma' });
  // The app's own GIT simulator, so its address is one the app may call.
  app.simulators.use('git', git);
  freshSeason(git);
  a = await createOrganisation(app, { name: 'Gamma GK' });
  companyId = await addClubAccount(app, a.organisationId, 'Gamma GK Drift AB');
  // The owner syncs into the operating company: they were given it.
  await app.db
    .insert(userClubAccounts)
    .values({ userId: a.owner.userId, clubAccountId: companyId, organisationId: a.organisationId });
  await app.db.update(clubAccounts).set({ accountingProgram: 'visma_eekonomi' }).where(eq(clubAccounts.id, companyId));
  await connectToSimulator(app, company(), 'visma_eekonomi', a.owner.userId);
  await runQueuedRefreshes(app, { clubAccountId: companyId });

  await ok('PUT', '/git/connection', a.owner, { clubId: git.clubId, apiKey: git.apiKey, baseUrl: git.apiBaseUrl });
  const [queued] = await ok<{ id: string }[]>('GET', '/git/transactions', a.owner);
  if (queued) await runGitRefresh(app, queued.id);
  const tenant = { organisationId: a.organisationId, clubAccountId: a.clubAccountId };
  await saveConfiguration(app.db, tenant, { userId: a.owner.userId, reach: null }, 'api', {
    ...CONFIGURATION_DEFAULTS.api,
    club_to_sync: companyId,
  } as ConfigurationValues['api']);
  await saveConfiguration(app.db, company(), { userId: a.owner.userId, reach: null }, 'invoice', {
    ...CONFIGURATION_DEFAULTS.invoice,
    sendMethod: 'print',
  } as ConfigurationValues['invoice']);
}, 180_000);

afterAll(async () => {
  await git?.close();
  await t?.close();
});

describe('GIT → Visma eEkonomi', () => {
  it('creates the articles, customers and sent invoices in Visma once, also after a run killed mid-way', async () => {
    const mappings = await ok<GitArticleMapping[]>('GET', '/git/article-mappings', a.owner);
    const saved = await ok<GitArticleMapping[]>('PUT', '/git/article-mappings', a.owner, {
      mappings: mappings.map((m) => ({ gitArticleCode: m.gitArticleCode, create: true })),
    });
    expect(saved.every((m) => m.articleNumber)).toBe(true);

    const [occasion] = (await ok<GitInvoiceOccasionRow[]>('GET', '/git/invoice-occasions', a.owner)) as GitInvoiceOccasionRow[];
    const rows = await ok<GitInvoiceBasisRow[]>(
      'GET',
      `/git/invoice-occasions/${occasion?.id}/invoice-bases?pageSize=100&status=unpaid`,
      a.owner,
    );
    const chosen = rows.filter((r) => r.status === 'unpaid').slice(0, 4);
    const body = { occasionId: occasion?.id as string, basisIds: chosen.map((c) => c.id) };
    const before = visma.store.invoices.size;

    // Killed right after Visma made the second invoice, before the portal recorded it.
    const run = await ok<GitTransaction>('POST', '/git/sync', a.owner, body, 202);
    expect(run.targetClubAccountId).toBe(companyId);
    const data = await gitSyncJobData(app, run.id, { ...body, trigger: 'manual', caller: null, lang: 'en' });
    let created = 0;
    const killed = await runGitSync(app, data, {
      hooks: {
        step(step) {
          if (step === 'invoice.after' && ++created === 2) throw new Error('killed');
        },
      },
    });
    expect(killed).toBe('retry');
    const [interrupted] = await app.db
      .select()
      .from(gitSyncItems)
      .where(eq(gitSyncItems.basisGitId, chosen[1]?.gitId as string));
    expect(interrupted?.state).toBe('creating');

    await runGitSync(app, data);
    const done = await ok<GitTransaction>('GET', `/git/transactions/${run.id}`, a.owner);
    expect(done).toMatchObject({ status: 'succeeded', processed: chosen.length, failed: 0 });
    expect(visma.store.invoices.size).toBe(before + chosen.length);
    for (const basis of chosen) {
      const mirrored = await mirroredInvoices(basis.gitId);
      expect(mirrored).toHaveLength(1);
      expect(mirrored[0]?.sent).toBe(true);
    }
    const shown = await ok<GitInvoiceBasisRow[]>(
      'GET',
      `/git/invoice-occasions/${occasion?.id}/invoice-bases?pageSize=100&sync=sent`,
      a.owner,
    );
    expect(shown.map((r) => r.id).sort()).toEqual(chosen.map((c) => c.id).sort());
  }, 120_000);

  it('makes a payer’s customer again when it was deleted in Visma, and the next invoice for the new one', async () => {
    const customersOf = (golfId: string) =>
      [...visma.store.customers.values()].filter((c) => c.Note?.includes(`fw-${payerCustomerRequestId(companyId, golfId)}`));
    // A member paying for themself, without a customer yet, with open bases in two occasions.
    const openBases = git.data.bases.filter((x) => x.payerReason === 'self' && x.creditedAt === null && x.payments.length === 0);
    const byMember = new Map<string, typeof openBases>();
    for (const x of openBases) byMember.set(x.memberGolfId, [...(byMember.get(x.memberGolfId) ?? []), x]);
    const [golfId, list] = [...byMember].find(
      ([id, l]) => new Set(l.map((x) => x.occasionId)).size >= 2 && customersOf(id).length === 0,
    ) as [string, typeof openBases];
    const pair = [list[0], list.find((x) => x.occasionId !== list[0]?.occasionId)];
    const allOccasions = await ok<GitInvoiceOccasionRow[]>('GET', '/git/invoice-occasions?pageSize=50', a.owner);
    const syncOne = async (gitBasis: (typeof openBases)[number] | undefined) => {
      const occasion = allOccasions.find((o) => o.gitId === gitBasis?.occasionId) as GitInvoiceOccasionRow;
      const rows = await ok<GitInvoiceBasisRow[]>(
        'GET',
        `/git/invoice-occasions/${occasion.id}/invoice-bases?pageSize=100&status=unpaid`,
        a.owner,
      );
      const row = rows.find((r) => r.gitId === gitBasis?.id) as GitInvoiceBasisRow;
      const body = { occasionId: occasion.id, basisIds: [row.id] };
      const run = await ok<GitTransaction>('POST', '/git/sync', a.owner, body, 202);
      await runGitSync(app, await gitSyncJobData(app, run.id, { ...body, trigger: 'manual', caller: null, lang: 'en' }));
      return ok<GitTransaction>('GET', `/git/transactions/${run.id}`, a.owner);
    };

    expect(await syncOne(pair[0])).toMatchObject({ status: 'succeeded', failed: 0 });
    const [old] = customersOf(golfId);
    expect(old).toBeDefined();
    visma.store.customers.delete(old?.Id as string);

    const run = await syncOne(pair[1]);
    expect(run).toMatchObject({ status: 'succeeded', failed: 0 });
    const now = customersOf(golfId);
    expect(now).toHaveLength(1);
    expect(now[0]?.CustomerNumber).not.toBe(old?.CustomerNumber);
    const [link] = await app.db
      .select()
      .from(gitPayerCustomers)
      .where(and(eq(gitPayerCustomers.clubAccountId, companyId), eq(gitPayerCustomers.payerGolfId, golfId)));
    expect(link).toMatchObject({ state: 'ready', customerNumber: now[0]?.CustomerNumber });
    const mirrored = await mirroredInvoices(pair[1]?.id as string);
    expect(mirrored).toHaveLength(1);
    expect(mirrored[0]?.customerNumber).toBe(now[0]?.CustomerNumber);
  }, 120_000);
});
