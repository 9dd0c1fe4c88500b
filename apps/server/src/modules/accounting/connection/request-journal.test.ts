import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, type TestOrganisation } from '../../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { withTenant } from '../../../db/tenant-context';
import { databaseRequestJournal, pruneCompletedRequests } from './request-journal.repository';
import { accountingRequests } from './request-journal.tables';

let t: TestApp;
let a: TestOrganisation;
let b: TestOrganisation;

beforeAll(async () => {
  t = await createTestApp();
  a = await createOrganisation(t.app);
  b = await createOrganisation(t.app);
});

afterAll(async () => {
  await t?.close();
});

const journalOf = (org: TestOrganisation, provider = 'fortnox') =>
  databaseRequestJournal(t.app.db, org, { clubAccountId: org.clubAccountId, provider });

describe('accounting_requests: the durable request journal', () => {
  it('has row-level security enabled, forced and the tenant policy', async () => {
    const { rows } = await t.app.database.executeSql(`
      select c.relrowsecurity as "enabled", c.relforcerowsecurity as "forced",
             exists (select 1 from pg_policies p where p.tablename = c.relname and p.policyname = 'tenant_isolation') as "policy"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where c.relname = 'accounting_requests'`);
    expect(rows).toEqual([{ enabled: true, forced: true, policy: true }]);
  });

  it('keeps the first ask, records the answer, and answers claims and look-ups by answer', async () => {
    const journal = journalOf(a);
    const at = new Date('2026-05-20T10:00:00Z');
    const first = await journal.begin('payment', 'pay-1', { invoice: '100', amountOre: 500, date: '2026-05-20', before: [] }, at);
    expect(first).toMatchObject({ operation: 'payment', key: 'pay-1', askedAt: at, answer: null });
    // A second ask of the same key keeps the first.
    expect((await journal.begin('payment', 'pay-1', { other: true }, new Date())).asked).toEqual(first.asked);
    await journal.complete('payment', 'pay-1', '42');
    expect(await journal.find('payment', 'pay-1')).toMatchObject({ answer: '42', asked: first.asked });
    // Only the ids asked about are looked up.
    expect(await journal.claimed('payment', ['41', '42', '43'])).toEqual(new Set(['42']));
    expect(await journal.claimed('payment', ['41'])).toEqual(new Set());
    expect(await journal.claimed('payment', [])).toEqual(new Set());
    expect(await journal.claimed('invoice', ['42'])).toEqual(new Set());
    expect((await journal.byAnswer('payment', '42'))?.key).toBe('pay-1');
    // Another program of the same club account, or another organisation, has its own record.
    expect(await journalOf(a, 'visma_eekonomi').find('payment', 'pay-1')).toBeNull();
    expect(await journalOf(b).find('payment', 'pay-1')).toBeNull();
    // The database keeps organisations apart even for a query that forgot its filter.
    const seen = await withTenant(b.organisationId, () => t.app.db.select().from(accountingRequests));
    expect(seen.filter((r) => r.organisationId === a.organisationId)).toEqual([]);
  });

  it("the daily prune deletes every club account's completed rows older than 30 days, though none asks anew; open asks stay", async () => {
    for (const org of [a, b]) {
      const journal = journalOf(org);
      await journal.begin('payment', 'old-done', null, new Date());
      await journal.complete('payment', 'old-done', '7');
      await journal.begin('payment', 'old-open', null, new Date());
      await journal.begin('payment', 'recent-done', null, new Date());
      await journal.complete('payment', 'recent-done', '8');
    }
    await t.app.db
      .update(accountingRequests)
      .set({
        createdAt: sql`now() - interval '40 days'`,
        completedAt: sql`case when completed_at is null then null else now() - interval '31 days' end`,
      })
      .where(sql`${accountingRequests.key} like 'old-%'`);
    expect(await pruneCompletedRequests(t.app.db)).toBe(2);
    for (const org of [a, b]) {
      const journal = journalOf(org);
      expect(await journal.find('payment', 'old-done')).toBeNull();
      expect(await journal.find('payment', 'old-open')).not.toBeNull();
      expect(await journal.find('payment', 'recent-done')).not.toBeNull();
    }
  });
});
