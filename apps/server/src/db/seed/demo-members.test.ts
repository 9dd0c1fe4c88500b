import { isValidGolfId, isValidMemberPersonalNumber, type MemberDetail, type MemberListRow } from '@fairway/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { familyMembers, members } from '../../modules/members/members.tables';
import { DEMO_GIT_CLUB, seedDemoMembers } from './demo-members';

const club = DEMO_GIT_CLUB();
const DEMO_MEMBER_COUNT = club.members.length;

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  await seedDemoMembers(app.db, a);
  await seedDemoMembers(app.db, b);
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers: a.owner.headers });
const roster = (org: TestOrganisation) =>
  app.db
    .select({ firstname: members.firstname, lastname: members.lastname, golfId: members.golfId, birthDate: members.birthDate })
    .from(members)
    .where(eq(members.clubAccountId, org.clubAccountId))
    .orderBy(asc(members.memberNumber));

describe('demo members', () => {
  it('is the demo GIT’s people: the same golf IDs, names and families as GIT → Medlemmar', async () => {
    const first = await roster(a);
    expect(first.map((m) => m.golfId).sort()).toEqual(club.members.map((m) => m.golfId).sort());
    // The two the issue named: one golf ID in both registers, and GIT's Berggren family.
    const elias = (await get('/members?search=Elias%20Ali')).json().data as MemberListRow[];
    expect(elias.map((m) => m.golfId)).toEqual(
      club.members.filter((m) => m.firstName === 'Elias' && m.lastName === 'Ali').map((m) => m.golfId),
    );
    const hans = club.members.find((m) => m.firstName === 'Hans' && m.lastName === 'Berggren' && m.family?.role === 'payer');
    const kerstin = club.members.find(
      (m) => m.firstName === 'Kerstin' && m.lastName === 'Berggren' && m.family?.id === hans?.family?.id,
    );
    expect(hans && kerstin).toBeTruthy();
    const [row] = (await get(`/members?search=${kerstin?.golfId}`)).json().data as MemberListRow[];
    const detail = (await get(`/members/${row?.id}`)).json().data as MemberDetail;
    expect(detail.family?.name).toBe('Familjen Berggren');
    expect(detail.family?.members.find((m) => m.role === 'payer')).toMatchObject({ firstname: 'Hans', golfId: hans?.golfId });
  });

  it('seeds the same members every time, with valid golf IDs and personal numbers', async () => {
    const first = await roster(a);
    expect(first).toHaveLength(DEMO_MEMBER_COUNT);
    expect(await roster(b)).toEqual(first);
    expect(new Set(first.map((m) => m.golfId)).size).toBe(DEMO_MEMBER_COUNT);
    for (const m of first) expect(isValidGolfId(m.golfId ?? ''), m.golfId ?? '').toBe(true);
    const numbers = await app.db
      .select({ pn: members.personalNumber })
      .from(members)
      .where(eq(members.clubAccountId, a.clubAccountId));
    const given = numbers.flatMap((n) => (n.pn ? [n.pn] : []));
    expect(given.length).toBeGreaterThan(DEMO_MEMBER_COUNT / 4);
    for (const pn of given) expect(isValidMemberPersonalNumber(pn), pn).toBe(true);
  });

  it('has categories, families with exactly one payer, and juniors with a guardian', async () => {
    const categories = (await get('/membercategories')).json().data as { name: string; memberCount: number }[];
    expect(categories.map((c) => c.name)).toEqual(expect.arrayContaining(['Fullvärdig', 'Vardagsmedlem', 'Junior', 'Passiv']));
    expect(categories.reduce((sum, c) => sum + c.memberCount, 0)).toBe(DEMO_MEMBER_COUNT);

    const families = (await get('/family?pageSize=100')).json();
    expect(families.pagination.total).toBeGreaterThanOrEqual(10);
    for (const f of families.data) {
      const links = await app.db
        .select()
        .from(familyMembers)
        .where(and(eq(familyMembers.familyId, f.id)));
      expect(links.filter((l) => l.role === 'payer')).toHaveLength(1);
      expect(f.payer).not.toBeNull();
    }

    const juniors = (await get('/members?ageTo=17&inFamily=true&pageSize=5')).json().data as MemberListRow[];
    expect(juniors.length).toBeGreaterThan(0);
    for (const j of juniors) {
      const detail = (await get(`/members/${j.id}`)).json().data as MemberDetail;
      const git = club.members.find((m) => m.golfId === j.golfId);
      expect(detail.guardian?.golfId ?? null).toBe(git?.guardianGolfId ?? null);
      if (detail.guardian) expect(detail.guardian.id).toBe(detail.family?.members.find((m) => m.role === 'payer')?.id);
    }
  });
});
