import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../lib/i18n';
import { createGitClient, type GitClientOptions } from './git.client';
import { type GitSimulator, startGitSimulator } from './git.simulator';
import { GitError } from './git-errors';
import type { GitInvoiceBasis, GitInvoiceOccasion } from './git-gateway';

/**
 * The GIT client against the GIT simulator over real HTTP (no fetch mocks): paging, modifiedSince,
 * the seeded club's payers, mark-paid / credit and their idempotency, and the client's retries and
 * error mapping under the simulator's faults.
 */

let sim: GitSimulator;

beforeAll(async () => {
  sim = await startGitSimulator();
});
afterAll(async () => {
  await sim.close();
});

function client(options: Partial<GitClientOptions> = {}) {
  return createGitClient({
    baseUrl: sim.apiBaseUrl,
    apiKey: sim.apiKey,
    clubId: sim.clubId,
    retryBaseMs: 5,
    timeoutMs: 2_000,
    ...options,
  });
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

async function occasionNamed(name: string): Promise<GitInvoiceOccasion> {
  const occasions = await collect(client().invoiceOccasions());
  const found = occasions.find((o) => o.name === name);
  if (!found) throw new Error(`no occasion ${name}`);
  return found;
}

async function expectGitError(promise: Promise<unknown>): Promise<GitError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GitError);
  return error as GitError;
}

/** An unpaid basis of a member whose membership is not active and who has no other basis. */
async function unpaidBasisOfInactiveMember(occasionName: string, skip = 0): Promise<GitInvoiceBasis> {
  const occasion = await occasionNamed(occasionName);
  const bases = await collect(client().invoiceBases(occasion.id));
  const perMember = new Map<string, number>();
  for (const b of sim.data.bases) perMember.set(b.memberGolfId, (perMember.get(b.memberGolfId) ?? 0) + 1);
  const candidates = bases.filter(
    (b) =>
      b.status === 'unpaid' &&
      perMember.get(b.memberGolfId) === 1 &&
      !sim.data.members.find((m) => m.golfId === b.memberGolfId)?.active,
  );
  const found = candidates[skip];
  if (!found) throw new Error('no unpaid basis left');
  return found;
}

describe('members', () => {
  it('pages through all 1,500 members, each once, and the iterator yields the same', async () => {
    const git = client();
    const first = await git.listMembers({ page: 1, pageSize: 200 });
    expect(first.totalItems).toBe(1_500);
    expect(first.totalPages).toBe(8);
    expect(first.items).toHaveLength(200);
    const seen = new Set(first.items.map((m) => m.golfId));
    for (let page = 2; page <= first.totalPages; page++) {
      const next = await git.listMembers({ page, pageSize: 200 });
      for (const m of next.items) seen.add(m.golfId);
    }
    expect(seen.size).toBe(1_500);
    const all = await collect(git.members());
    expect(all.map((m) => m.golfId).sort()).toEqual([...seen].sort());
    expect(all.every((m) => /^\d{6}-\d{3}$/.test(m.golfId))).toBe(true);
    expect(new Set(all.map((m) => m.category.name))).toEqual(
      new Set(['Fullvärdig', 'Vardagsmedlem', 'Junior', 'Studerande', 'Senior', 'Passiv']),
    );
    expect(all.filter((m) => m.phone).every((m) => /^\+46\d{9}$/.test(m.phone as string))).toBe(true);
  });

  it('refuses a page size above 500 (client and GIT alike)', async () => {
    await expect(client().listMembers({ pageSize: 501 })).rejects.toThrow(RangeError);
    const response = await fetch(`${sim.apiBaseUrl}/members?pageSize=501`, {
      headers: { authorization: `Bearer ${sim.apiKey}`, 'x-club-id': sim.clubId },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
  });

  it('answers a missing member as not_found with the golf ID in the message', async () => {
    const error = await expectGitError(client().getMember('000101-999'));
    expect(error.kind).toBe('not_found');
    expect(error.toBody('sv').error).toBe('Medlemmen 000101-999 finns inte i GIT.');
  });
});

describe('invoice occasions and bases', () => {
  it('lists the club’s occasions with counts that match their bases and rows', async () => {
    const occasions = await collect(client().invoiceOccasions());
    expect(occasions.map((o) => o.name)).toEqual([
      'Årsavgifter 2026',
      'Juniorer 2026',
      'Spelrätter 2026',
      'Tilläggsavgifter vår 2026',
    ]);
    const yearly = occasions[0] as GitInvoiceOccasion;
    const bases = await collect(client().invoiceBases(yearly.id, { pageSize: 250 }));
    expect(bases).toHaveLength(yearly.basisCount);
    expect(bases.reduce((s, b) => s + b.totalOre, 0)).toBe(yearly.totalOre);
    expect(bases.filter((b) => b.status === 'paid')).toHaveLength(yearly.paidCount);
    for (const status of ['unpaid', 'partially_paid', 'paid', 'credited'] as const)
      expect(bases.some((b) => b.status === status)).toBe(true);
    for (const b of bases) expect(b.totalOre).toBe(b.rows.reduce((s, r) => s + r.amountOre, 0));

    // The annual fee follows the member's category: a Fullvärdig member pays 6 900 kr + 250 kr.
    const full = bases.find((b) => b.rows[0]?.articleCode === 'ARS-FULL') as GitInvoiceBasis;
    const member = await client().getMember(full.memberGolfId);
    expect(member.category.code).toBe('FULL');
    expect(full.rows.map((r) => [r.description, r.amountOre, r.vatRate])).toEqual([
      ['Årsavgift Fullvärdig 2026', 690_000, 0],
      ['Förbunds- och distriktsavgift 2026', 25_000, 0],
    ]);
    const partly = bases.find((b) => b.status === 'partially_paid') as GitInvoiceBasis;
    expect(partly.paidOre).toBeGreaterThan(0);
    expect(partly.paidOre).toBeLessThan(partly.totalOre);
  });

  it('sends a junior’s invoice to the guardian', async () => {
    const juniors = await collect(client().invoiceBases((await occasionNamed('Juniorer 2026')).id));
    const basis = juniors.find((b) => b.payer.reason === 'guardian') as GitInvoiceBasis;
    expect(basis).toBeDefined();
    const junior = await client().getMember(basis.memberGolfId);
    expect(junior.category.code).toBe('JUNIOR');
    expect(junior.guardianGolfId).not.toBeNull();
    expect(basis.payer.golfId).toBe(junior.guardianGolfId);
    expect(basis.payer.golfId).not.toBe(junior.golfId);
    const guardian = await client().getMember(basis.payer.golfId);
    expect(`${basis.payer.firstName} ${basis.payer.lastName}`).toBe(`${guardian.firstName} ${guardian.lastName}`);
  });

  it('sends the bases of a family invoiced together to the family’s payer', async () => {
    const bases = await collect(client().invoiceBases((await occasionNamed('Årsavgifter 2026')).id, { pageSize: 500 }));
    const basis = bases.find((b) => b.payer.reason === 'family') as GitInvoiceBasis;
    const member = await client().getMember(basis.memberGolfId);
    expect(member.family?.id).toBe(basis.familyId);
    expect(member.family?.role).not.toBe('payer');
    const payer = await client().getMember(basis.payer.golfId);
    expect(payer.family).toEqual({ id: basis.familyId, role: 'payer' });
    const family = bases.filter((b) => b.familyId === basis.familyId);
    expect(new Set(family.map((b) => b.payer.golfId))).toEqual(new Set([payer.golfId]));
  });
});

describe('mark paid and credit', () => {
  it('marking a basis paid activates its fees and the membership; the same payment again is a no-op', async () => {
    const git = client();
    const basis = await unpaidBasisOfInactiveMember('Årsavgifter 2026');
    const before = await git.getMember(basis.memberGolfId);
    expect(before.active).toBe(false);
    expect(before.fees.every((f) => f.status === 'assigned')).toBe(true);

    const since = new Date();
    const paidAt = new Date('2026-03-20T10:00:00Z');
    const paid = await git.markPaid(basis.id, { paidAt, amountOre: basis.totalOre, reference: 'pay-1' });
    expect(paid.status).toBe('paid');
    expect(paid.paidOre).toBe(basis.totalOre);
    expect(paid.paidAt).toBe(paidAt.toISOString());

    const after = await git.getMember(basis.memberGolfId);
    expect(after.active).toBe(true);
    expect(after.fees.filter((f) => f.invoiceBasisId === basis.id).map((f) => f.status)).toEqual(basis.rows.map(() => 'active'));

    const again = await git.markPaid(basis.id, { paidAt, amountOre: basis.totalOre, reference: 'pay-1' });
    expect(again.payments).toHaveLength(1);
    expect(again.modifiedAt).toBe(paid.modifiedAt);

    const other = await expectGitError(git.markPaid(basis.id, { paidAt, amountOre: 100, reference: 'pay-2' }));
    expect(other.kind).toBe('conflict');
    expect(other.toBody('en').error).toBe('The invoice basis is already paid in GIT.');

    // modifiedSince finds exactly what changed: the member, the basis, its occasion.
    const changedMembers = await collect(git.members({ modifiedSince: since }));
    expect(changedMembers.map((m) => m.golfId)).toEqual([basis.memberGolfId]);
    const changedBases = await collect(git.invoiceBases(basis.occasionId, { modifiedSince: since }));
    expect(changedBases.map((b) => b.id)).toEqual([basis.id]);
    const changedOccasions = await collect(git.invoiceOccasions({ modifiedSince: since }));
    expect(changedOccasions.map((o) => o.id)).toEqual([basis.occasionId]);
    expect(await collect(git.members({ modifiedSince: new Date() }))).toEqual([]);
  });

  it('a part payment leaves the basis partly paid and the membership inactive until the rest arrives', async () => {
    const git = client();
    const basis = await unpaidBasisOfInactiveMember('Årsavgifter 2026', 1);
    const paidAt = new Date('2026-03-21T10:00:00Z');
    const half = Math.floor(basis.totalOre / 2);
    const partly = await git.markPaid(basis.id, { paidAt, amountOre: half, reference: 'part-1' });
    expect(partly.status).toBe('partially_paid');
    expect((await git.getMember(basis.memberGolfId)).active).toBe(false);
    const tooMuch = await expectGitError(git.markPaid(basis.id, { paidAt, amountOre: basis.totalOre, reference: 'part-x' }));
    expect(tooMuch.kind).toBe('invalid');
    const full = await git.markPaid(basis.id, { paidAt, amountOre: basis.totalOre - half, reference: 'part-2' });
    expect(full.status).toBe('paid');
    expect(full.payments.map((p) => p.reference)).toEqual(['part-1', 'part-2']);
    expect((await git.getMember(basis.memberGolfId)).active).toBe(true);
  });

  it('credits a basis once; crediting again is a no-op and a credited basis cannot be paid', async () => {
    const git = client();
    const basis = await unpaidBasisOfInactiveMember('Årsavgifter 2026', 2);
    const creditedAt = new Date('2026-03-22T09:00:00Z');
    const credited = await git.credit(basis.id, { reason: 'Fel avgift', creditedAt });
    expect(credited.status).toBe('credited');
    expect(credited.creditReason).toBe('Fel avgift');
    expect(credited.creditedAt).toBe(creditedAt.toISOString());
    const member = await git.getMember(basis.memberGolfId);
    expect(member.fees.filter((f) => f.invoiceBasisId === basis.id).every((f) => f.status === 'credited')).toBe(true);
    expect(member.active).toBe(false);

    const again = await git.credit(basis.id, { reason: 'Ett annat skäl', creditedAt: new Date() });
    expect(again.creditReason).toBe('Fel avgift');
    expect(again.modifiedAt).toBe(credited.modifiedAt);

    const error = await expectGitError(git.markPaid(basis.id, { paidAt: new Date(), amountOre: 100, reference: 'late' }));
    expect(error.kind).toBe('conflict');
    expect(error.toBody('sv').error).toBe('Fakturaunderlaget är krediterat i GIT och kan inte markeras som betalt.');
  });

  it('answers an unknown basis as not_found', async () => {
    const error = await expectGitError(client().markPaid('FU-0', { paidAt: new Date(), amountOre: 1, reference: 'x' }));
    expect(error.kind).toBe('not_found');
    expect(error.messageKey).toBe('gitGateway.basisMissing');
  });
});

describe('retries and errors', () => {
  const attemptsOf = (path: string, from: number) => sim.requestLog.slice(from).filter((e) => e.path.startsWith(path));

  it('retries a 429 after Retry-After and then succeeds', async () => {
    const from = sim.requestLog.length;
    sim.faults.failNext(1, 429, { path: '/club', retryAfterSeconds: 1 });
    sim.faults.failNext(2, 429, { path: '/club', retryAfterSeconds: 0 });
    const git = client();
    const started = Date.now();
    const club = await git.getClub();
    expect(club.name).toBe('Fairway Demo GK');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(attemptsOf('/api/v1/club', from).map((e) => e.status)).toEqual([429, 429, 429, 200]);
    expect(git.attempts).toBe(4);
  });

  it('gives up on 429 after its retries as rate_limited, with the localised message', async () => {
    sim.faults.failNext(3, 429, { path: '/club', retryAfterSeconds: 0 });
    const git = client({ maxRetries: 2 });
    const error = await expectGitError(git.getClub());
    expect(git.attempts).toBe(3);
    expect(error.kind).toBe('rate_limited');
    expect(error.transient).toBe(true);
    expect(error.toBody('sv').error).toBe(t('gitGateway.rateLimited', 'sv'));
    sim.faults.reset();
  });

  it('does not wait for a Retry-After longer than it allows: rate_limited with the wait', async () => {
    sim.faults.failNext(1, 429, { path: '/club', retryAfterSeconds: 120 });
    const git = client({ maxRetryAfterMs: 5_000 });
    const error = await expectGitError(git.getClub());
    expect(git.attempts).toBe(1);
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterMs).toBe(120_000);
    expect(error.headers['retry-after']).toBe('120');
  });

  it('takes a turn from the shared limiter, under the club’s key, for every attempt', async () => {
    const keys: string[] = [];
    sim.faults.failNext(1, 502, { path: '/club' });
    const git = client({
      limiter: {
        acquire: async (key) => {
          keys.push(key);
          return 0;
        },
      },
    });
    await git.getClub();
    expect(keys).toEqual([`git:${sim.clubId}`, `git:${sim.clubId}`]);
  });

  it('keeps within GIT’s own rate limit by waiting when GIT answers 429', async () => {
    const small = await startGitSimulator({ members: 20, rateLimit: { limit: 3, windowMs: 1_000 } });
    try {
      const git = createGitClient({ baseUrl: small.apiBaseUrl, apiKey: small.apiKey, clubId: small.clubId, retryBaseMs: 5 });
      const clubs = await Promise.all(Array.from({ length: 6 }, () => git.getClub()));
      expect(clubs).toHaveLength(6);
      const statuses = small.requestLog.map((e) => e.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(6);
      expect(statuses).toContain(429);
    } finally {
      await small.close();
    }
  });

  it('retries 5xx and then succeeds; gives up as unavailable', async () => {
    const from = sim.requestLog.length;
    sim.faults.failNext(2, 503, { path: '/articles' });
    const articles = await collect(client().articles());
    expect(articles.find((a) => a.code === 'ARS-FULL')?.amountOre).toBe(690_000);
    expect(attemptsOf('/api/v1/articles', from).map((e) => e.status)).toEqual([503, 503, 200]);

    sim.faults.failNext(5, 500, { path: '/articles' });
    const git = client({ maxRetries: 4 });
    const error = await expectGitError(git.listArticles());
    expect(git.attempts).toBe(5);
    expect(error.kind).toBe('unavailable');
    expect(error.toBody('en').error).toBe('GIT is not answering right now. Try again shortly.');
  });

  it('refuses a bad key as unauthorized, without retrying, in Swedish and English', async () => {
    const git = client({ apiKey: 'wrong' });
    const error = await expectGitError(git.getClub());
    expect(git.attempts).toBe(1);
    expect(error.kind).toBe('unauthorized');
    expect(error.transient).toBe(false);
    expect(error.toBody('sv')).toMatchObject({
      message: 'GIT godkände inte API-nyckeln. Kontrollera nyckeln och GIT-klubb-id under API-konfiguration.',
      eng_message: 'GIT did not accept the API key. Check the key and the GIT club ID under API configuration.',
      code: 'git.unauthorized',
    });
    expect((await expectGitError(client({ clubId: '9999' }).getClub())).kind).toBe('unauthorized');
  });

  it('a revoked key stops working until it is restored', async () => {
    sim.faults.revokeKey();
    try {
      const error = await expectGitError(client().getClub());
      expect(error.kind).toBe('unauthorized');
      expect(error.gitCode).toBe('key_revoked');
    } finally {
      sim.faults.restoreKey();
    }
    expect((await client().getClub()).id).toBe(sim.clubId);
  });

  it('retries after a timeout, and reports a timeout when GIT never answers', async () => {
    sim.faults.hangNext(1, { path: '/member-categories' });
    const git = client({ timeoutMs: 200 });
    const categories = await git.listMemberCategories();
    expect(categories.items.map((c) => c.name)).toContain('Vardagsmedlem');
    expect(git.attempts).toBe(2);

    sim.faults.slowNext(1, 600, { path: '/member-categories' });
    sim.faults.hangNext(1, { path: '/member-categories' });
    const patient = client({ timeoutMs: 200, maxRetries: 1 });
    const started = Date.now();
    const error = await expectGitError(patient.listMemberCategories());
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(patient.attempts).toBe(2);
    expect(error.kind).toBe('unavailable');
    expect(error.messageKey).toBe('gitGateway.timeout');
    expect(error.toBody('sv').error).toBe('GIT svarade inte i tid. Försök igen om en stund.');
    sim.faults.reset();
  });
});
