import type { GitMemberRow, GitTransaction, MemberDetail, MemberListRow } from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { type GitSimulator, startGitSimulator } from '../../providers/git/git.simulator';
import type { SimMember } from '../../providers/git/git.simulator-data';
import { gitSyncCursors } from '../git/git.tables';
import { runGitRefresh } from '../git/refresh/git-refresh.service';

/**
 * One member register (docs/members.md): after a GIT refresh the member list is GIT's members with
 * GIT's golf IDs, guardians and families, the portal's own fields kept beside them; a later
 * refresh follows what GIT changes and removes.
 */
let t: TestApp;
let app: App;
let sim: GitSimulator;
let a: TestOrganisation;

type Who = { headers: Record<string, string> };
const api = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object, lang = 'sv') =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'accept-language': lang },
    ...(payload === undefined ? {} : { payload }),
  });
async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200): Promise<T> {
  const res = await api(method, url, a.owner, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data as T;
}

/** Every row of a paged list (pages of 100). */
async function everything<T>(path: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const res = await api('GET', `${path}${path.includes('?') ? '&' : '?'}pageSize=100&page=${page}`, a.owner);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: T[]; pagination: { total: number } };
    out.push(...body.data);
    if (out.length >= body.pagination.total || body.data.length === 0) return out;
  }
}

async function refresh(): Promise<void> {
  const queued = await ok<GitTransaction>('POST', '/git/refresh', undefined, 202);
  expect(await runGitRefresh(app, queued.id)).toBe('succeeded');
}

const memberByGolfId = async (golfId: string) => {
  const [row] = (await ok<MemberListRow[]>('GET', `/members?search=${golfId}`)) ?? [];
  expect(row, golfId).toBeDefined();
  return ok<MemberDetail>('GET', `/members/${(row as MemberListRow).id}`);
};

beforeAll(async () => {
  sim = await startGitSimulator({ members: 90, seed: 'one-register' });
  t = await createTestApp({ GIT_ALLOWED_ORIGINS: [sim.url] });
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
}, 60_000);

afterAll(async () => {
  await sim?.close();
  await t?.close();
});

describe('one member register with GIT', () => {
  let linked: SimMember;
  let linkedId: string;
  let portalOnlyId: string;

  it('links members by golf ID: GIT’s golf IDs, names, guardians and families, the portal’s own fields kept', async () => {
    // Before GIT is connected the club typed in two members: one GIT also has (another spelling,
    // billing and a note of the portal's), one GIT does not know.
    linked = sim.data.members.find((m) => !m.family && !m.guardianGolfId) as SimMember;
    const typed = await ok<MemberDetail>(
      'POST',
      '/members',
      { firstname: 'Felstavat', lastname: 'Namn', golfId: linked.golfId, billingReference: 'Ref 42', memberNumber: '9001' },
      201,
    );
    linkedId = typed.id;
    await ok('POST', `/members/${linkedId}/notes`, { text: 'Vill ha faktura per post' }, 201);
    portalOnlyId = (await ok<MemberDetail>('POST', '/members', { firstname: 'Endast', lastname: 'Portalen' }, 201)).id;

    await ok('PUT', '/git/connection', { clubId: sim.clubId, apiKey: sim.apiKey, baseUrl: sim.apiBaseUrl });
    await refresh();

    // The same people with the same golf IDs in GIT → Medlemmar and in Medlemmar.
    const register = await everything<MemberListRow>('/members');
    const gitView = await everything<GitMemberRow>('/git/list_members/');
    const gitGolfIds = sim.data.members.map((m) => m.golfId).sort();
    expect(gitView.map((m) => m.golfId).sort()).toEqual(gitGolfIds);
    expect(
      register
        .filter((m) => m.id !== portalOnlyId)
        .map((m) => m.golfId)
        .sort(),
    ).toEqual(gitGolfIds);
    for (const m of sim.data.members) {
      const row = register.find((r) => r.golfId === m.golfId) as MemberListRow;
      expect(`${row.firstname} ${row.lastname}`).toBe(`${m.firstName} ${m.lastName}`);
    }

    // Each row of the GIT view leads to the same person in the register.
    for (const m of gitView) expect(m.memberId, m.golfId).toBe(register.find((r) => r.golfId === m.golfId)?.id);
    expect(gitView.find((m) => m.golfId === linked.golfId)?.memberId).toBe(linkedId);

    // The member typed in before is GIT's now (one row, not two), and keeps the portal's data.
    const detail = await ok<MemberDetail>('GET', `/members/${linkedId}`);
    expect(detail).toMatchObject({
      source: 'git',
      firstname: linked.firstName,
      lastname: linked.lastName,
      email: linked.email,
      birthDate: linked.birthDate,
      billingReference: 'Ref 42',
      memberNumber: '9001',
    });
    expect(detail.memberCategory?.code).toBe(linked.categoryCode);
    expect(detail.notes.map((n) => n.text)).toEqual(['Vill ha faktura per post']);
    expect((await ok<MemberDetail>('GET', `/members/${portalOnlyId}`)).source).toBe('portal');

    // GIT's families, payer first, and a junior's guardian.
    const family = sim.data.families.find((f) => sim.data.members.filter((m) => m.family?.id === f.id).length >= 3);
    expect(family).toBeDefined();
    const people = sim.data.members.filter((m) => m.family?.id === family?.id);
    const payer = people.find((m) => m.family?.role === 'payer') as SimMember;
    const other = people.find((m) => m.family?.role !== 'payer') as SimMember;
    const tree = (await memberByGolfId(other.golfId)).family;
    expect(tree?.name).toBe(`Familjen ${payer.lastName}`);
    expect(tree?.members.map((m) => m.golfId).sort()).toEqual(people.map((m) => m.golfId).sort());
    expect(tree?.members.find((m) => m.role === 'payer')?.golfId).toBe(payer.golfId);
    const junior = people.find((m) => m.guardianGolfId) ?? sim.data.members.find((m) => m.guardianGolfId);
    expect(junior).toBeDefined();
    expect((await memberByGolfId((junior as SimMember).golfId)).guardian?.golfId).toBe(junior?.guardianGolfId);
  });

  it('refuses to change what GIT owns, with a localised field message, and saves the portal’s fields', async () => {
    const res = await api('PUT', `/members/${linkedId}`, a.owner, { lastname: 'Annat', memberNumber: '9002' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ lastname: ['Uppgiften kommer från GIT och ändras i GIT'] });
    expect((await ok<MemberDetail>('GET', `/members/${linkedId}`)).memberNumber).toBe('9001');
    // The form sends its whole section: GIT's values repeated are fine.
    const saved = await ok<MemberDetail>('PUT', `/members/${linkedId}`, {
      firstname: linked.firstName,
      lastname: linked.lastName,
      memberNumber: '9002',
    });
    expect(saved.memberNumber).toBe('9002');
    // Nor through the list's bulk actions; the portal's own (the fee rule) still work.
    const bulk = await api('POST', '/members/bulk', a.owner, { action: 'deactivate', ids: [linkedId, portalOnlyId] });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().error).toBe('1 av de valda medlemmarna kommer från GIT, där aktiv och medlemskategori ändras');
    expect((await ok<MemberDetail>('GET', `/members/${linkedId}`)).active).toBe(linked.active);
    expect(
      (await api('POST', '/members/bulk', a.owner, { action: 'setFeeRule', ids: [linkedId], feeRuleId: null })).statusCode,
    ).toBe(200);
  });

  it('follows GIT on the next refresh: a change is written, a member GIT removes is resigned', async () => {
    linked.lastName = 'Bytt-Efternamn';
    linked.modifiedAt = new Date().toISOString();
    const gone = sim.data.members.find((m) => !m.family && !m.guardianGolfId && m !== linked) as SimMember;
    sim.data.members.splice(sim.data.members.indexOf(gone), 1);
    // The daily full read (the one that can see a member is gone).
    await app.db
      .update(gitSyncCursors)
      .set({ lastFullAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(and(eq(gitSyncCursors.clubAccountId, a.clubAccountId), eq(gitSyncCursors.resource, 'members')));
    await refresh();

    const detail = await ok<MemberDetail>('GET', `/members/${linkedId}`);
    expect(detail).toMatchObject({ lastname: 'Bytt-Efternamn', billingReference: 'Ref 42', memberNumber: '9002' });
    const left = await memberByGolfId(gone.golfId);
    expect(left).toMatchObject({ active: false, status: 'resigned' });
    const gitView = await everything<GitMemberRow>('/git/list_members/');
    expect(gitView.map((m) => m.golfId)).not.toContain(gone.golfId);
    expect(gitView.find((m) => m.golfId === linked.golfId)?.lastName).toBe('Bytt-Efternamn');
  });
});
