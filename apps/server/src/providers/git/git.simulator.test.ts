import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatorHost } from '../accounting/simulator-host';
import { createGitClient } from './git.client';
import { demoGitClient, demoGitConnection } from './git.demo';
import { type GitSimulator, type GitSimulatorOptions, startGitSimulator } from './git.simulator';
import { DEFAULT_GIT_CLUB_ID, seedGitClub } from './git.simulator-data';

const running: GitSimulator[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(options: GitSimulatorOptions = {}) {
  const sim = await startGitSimulator(options);
  running.push(sim);
  return sim;
}

const clientOf = (sim: GitSimulator) =>
  createGitClient({ baseUrl: sim.apiBaseUrl, apiKey: sim.apiKey, clubId: sim.clubId, retryBaseMs: 5, maxRetries: 0 });

describe('the seeded club', () => {
  it('is the same on every start and looks like a Swedish golf club', () => {
    const club = seedGitClub();
    expect(JSON.stringify(seedGitClub())).toBe(JSON.stringify(club));
    expect(JSON.stringify(seedGitClub({ seed: 'other' }))).not.toBe(JSON.stringify(club));
    expect(club.members).toHaveLength(1_500);
    expect(new Set(club.members.map((m) => m.golfId)).size).toBe(1_500);

    const byGolfId = new Map(club.members.map((m) => [m.golfId, m]));
    // Families of 2–5 with exactly one payer.
    expect(club.families.length).toBeGreaterThanOrEqual(140);
    for (const family of club.families) {
      const members = club.members.filter((m) => m.family?.id === family.id);
      expect(members.length).toBeGreaterThanOrEqual(2);
      expect(members.length).toBeLessThanOrEqual(5);
      expect(members.filter((m) => m.family?.role === 'payer').map((m) => m.golfId)).toEqual([family.payerGolfId]);
    }
    // Every junior has a guardian who is an adult member; the golf ID follows the birth date.
    const juniors = club.members.filter((m) => m.categoryCode === 'JUNIOR');
    expect(juniors.length).toBeGreaterThan(150);
    for (const junior of juniors) {
      const guardian = byGolfId.get(junior.guardianGolfId ?? '');
      expect(guardian?.categoryCode).not.toBe('JUNIOR');
      expect(junior.golfId.slice(0, 6)).toBe(junior.birthDate.slice(2).replaceAll('-', ''));
    }
    // Every member is invoiced the annual fee of their category, in the occasion for their age group.
    const annual = club.bases.filter((b) => b.occasionId === 'IO-2026-01' || b.occasionId === 'IO-2026-02');
    expect(annual).toHaveLength(1_500);
    for (const b of annual) {
      const member = byGolfId.get(b.memberGolfId);
      expect(b.rows[0]?.articleCode).toBe(`ARS-${member?.categoryCode}`);
    }
  });

  it('builds a 10,000-member club with one 10,000-basis occasion in under 2 s', async () => {
    const started = performance.now();
    const sim = await start({ members: 10_000, shape: 'one-occasion' });
    expect(performance.now() - started).toBeLessThan(2_000);
    const git = clientOf(sim);
    const occasions = await git.listInvoiceOccasions();
    expect(occasions.items).toHaveLength(1);
    expect(occasions.items[0]).toMatchObject({ name: 'Årsavgifter 2026', basisCount: 10_000, paidCount: 0 });
    const page = await git.listInvoiceBases('IO-2026-01', { page: 20, pageSize: 500 });
    expect(page).toMatchObject({ totalItems: 10_000, totalPages: 20 });
    expect(page.items).toHaveLength(500);
    expect(page.items.every((b) => b.status === 'unpaid')).toBe(true);
  });
});

describe('the simulator', () => {
  it('keeps payments and credits across a restart with its state file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'git-sim-'));
    dirs.push(dir);
    const persistFile = path.join(dir, 'git.json');
    const first = await start({ members: 50, persistFile });
    const basis = first.data.bases.find((b) => b.payments.length === 0 && b.creditedAt === null);
    if (!basis) throw new Error('no unpaid basis');
    const total = basis.rows.reduce((s, r) => s + r.amountOre, 0);
    await clientOf(first).markPaid(basis.id, { paidAt: new Date('2026-02-01T12:00:00Z'), amountOre: total, reference: 'r-1' });
    first.faults.revokeKey();
    running.splice(running.indexOf(first), 1);
    await first.close();

    const second = await start({ members: 50, persistFile, seed: 'ignored when a state exists' });
    expect(
      (
        await fetch(`${second.apiBaseUrl}/club`, {
          headers: { authorization: `Bearer ${second.apiKey}`, 'x-club-id': second.clubId },
        })
      ).status,
    ).toBe(401);
    second.faults.restoreKey();
    const git = clientOf(second);
    const again = await git.getInvoiceBasis(basis.id);
    expect(again.status).toBe('paid');
    expect(again.payments.map((p) => p.reference)).toEqual(['r-1']);
    expect((await git.getMember(basis.memberGolfId)).active).toBe(true);
  });

  it('arms faults and revokes the key through its own HTTP controls', async () => {
    const sim = await start({ members: 10 });
    const git = clientOf(sim);
    const armed = await fetch(`${sim.url}/simulator/faults`, {
      method: 'POST',
      body: JSON.stringify({ times: 1, status: 502, path: '/club' }),
    });
    expect(armed.status).toBe(204);
    await expect(git.getClub()).rejects.toMatchObject({ kind: 'unavailable' });
    expect((await git.getClub()).id).toBe(sim.clubId);

    const refused = await fetch(`${sim.url}/simulator/faults`, { method: 'POST', body: JSON.stringify({ times: 1 }) });
    expect(refused.status).toBe(400);

    expect((await fetch(`${sim.url}/simulator/revoke-key`, { method: 'POST' })).status).toBe(204);
    await expect(git.getClub()).rejects.toMatchObject({ kind: 'unauthorized', gitCode: 'key_revoked' });
    expect((await fetch(`${sim.url}/simulator/restore-key`, { method: 'POST' })).status).toBe(204);
    expect((await git.getClub()).id).toBe(sim.clubId);
  });

  it('answers errors in GIT’s shape', async () => {
    const sim = await start({ members: 10 });
    const headers = { authorization: `Bearer ${sim.apiKey}`, 'x-club-id': sim.clubId };
    const missing = await fetch(`${sim.apiBaseUrl}/invoice-occasions/nope/invoice-bases`, { headers });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } });
    const badDate = await fetch(`${sim.apiBaseUrl}/members?modifiedSince=yesterday`, { headers });
    expect(badDate.status).toBe(400);
    expect(await badDate.json()).toMatchObject({ error: { code: 'invalid_request' } });
    const badBody = await fetch(`${sim.apiBaseUrl}/invoice-bases/${sim.data.bases[0]?.id}/mark-paid`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ amountOre: -5 }),
    });
    expect(badBody.status).toBe(400);
    // Categories carry no change time: modifiedSince keeps them all.
    const categories = await fetch(`${sim.apiBaseUrl}/member-categories?modifiedSince=${new Date().toISOString()}`, { headers });
    expect(((await categories.json()) as { totalItems: number }).totalItems).toBe(6);
    const noClub = await fetch(`${sim.apiBaseUrl}/club`, { headers: { authorization: `Bearer ${sim.apiKey}` } });
    expect(noClub.status).toBe(403);
  });
});

describe('demo mode', () => {
  it('starts through the server’s simulator host and keeps its data under DATA_DIR/simulators', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'git-demo-'));
    dirs.push(dir);
    const host = new SimulatorHost(dir);
    try {
      const git = await demoGitClient(host, { maxRetries: 0 });
      expect((await git.getClub()).name).toBe('Fairway Demo GK');
      expect((await git.listMembers({ pageSize: 1 })).totalItems).toBe(1_500);
      expect(await demoGitConnection(host)).toMatchObject({ clubId: DEFAULT_GIT_CLUB_ID });
    } finally {
      await host.close();
    }
    const saved = JSON.parse(readFileSync(path.join(dir, 'simulators', 'git.json'), 'utf8')) as { simulator: string };
    expect(saved.simulator).toBe('git');
  });
});
