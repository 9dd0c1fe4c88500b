import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsRead } from '../../../test/fixtures/rows-read';
import { createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { matchesWords } from '../../db/word-search';
import { insertFeeRule } from '../fees/fees.repository';
import { familyDiscountsOfGolfId, insertFamily, replaceLinks } from './families.repository';
import {
  billingMethodsByGolfId,
  countMembers,
  findMember,
  insertMember,
  listMembers,
  listVersion,
  type MemberListFilter,
  updateMember,
  upsertGitMembers,
  yearsBefore,
} from './members.repository';
import { memberSearchTerms, members } from './members.tables';

let t: TestApp;
let app: App;
let a: TestOrganisation;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
});

afterAll(async () => {
  await t?.close();
});

describe('dates', () => {
  it('counts years back, 29 February falling back to the 28th', () => {
    expect(yearsBefore('2026-06-15', 16)).toBe('2010-06-15');
    expect(yearsBefore('2024-02-29', 1)).toBe('2023-02-28');
  });
});

describe('the GIT upsert by golf ID', () => {
  it('inserts new golf IDs, updates newer records only, and keeps what the portal set', async () => {
    const first = await app.db.transaction((tx) =>
      upsertGitMembers(tx, a, [
        {
          golfId: '850312-001',
          firstname: 'Anna',
          lastname: 'Ek',
          email: 'anna@example.se',
          gitUpdatedAt: new Date('2026-01-01T10:00:00Z'),
        },
        { golfId: '900101-002', firstname: 'Bo', lastname: 'Ek', gitUpdatedAt: new Date('2026-01-01T10:00:00Z') },
      ]),
    );
    expect(first.size).toBe(2);
    const annaId = first.get('850312-001') as string;
    await app.db.transaction((tx) => updateMember(tx, a, annaId, { billingName: 'Ek AB' }));
    const versionBefore = await listVersion(app.db, a);

    // An older page from GIT changes nothing; a newer one updates GIT's fields only.
    const stale = await app.db.transaction((tx) =>
      upsertGitMembers(tx, a, [
        { golfId: '850312-001', firstname: 'Gammal', lastname: 'Ek', gitUpdatedAt: new Date('2025-12-01T10:00:00Z') },
      ]),
    );
    expect(stale.get('850312-001')).toBe(annaId);
    expect((await findMember(app.db, a, annaId))?.member.firstname).toBe('Anna');
    await app.db.transaction((tx) =>
      upsertGitMembers(tx, a, [
        { golfId: '850312-001', firstname: 'Anna', lastname: 'Ekström', gitUpdatedAt: new Date('2026-02-01T10:00:00Z') },
      ]),
    );
    const anna = (await findMember(app.db, a, annaId))?.member;
    expect(anna).toMatchObject({ lastname: 'Ekström', email: 'anna@example.se', billingName: 'Ek AB', source: 'git' });
    expect(await listVersion(app.db, a)).toBeGreaterThan(versionBefore);
  });
});

describe('what the GIT sync reads of the register', () => {
  it('billing methods by golf ID, leaving out members who chose none', async () => {
    await app.db.transaction(async (tx) => {
      await insertMember(tx, a, { firstname: 'Cilla', lastname: 'Berg', golfId: '700101-003', billingMethod: 'letter' });
      await insertMember(tx, a, { firstname: 'Dan', lastname: 'Berg', golfId: '700101-004' });
    });
    expect(await billingMethodsByGolfId(app.db, a, ['700101-003', '700101-004', '700101-999'])).toEqual([
      { golfId: '700101-003', billingMethod: 'letter' },
    ]);
  });

  it("a member's family with its own discount and its fee rule's", async () => {
    const rule = await insertFeeRule(
      app.db,
      a,
      { name: 'Familjeregel', discountType: 'amount', discountValue: 5000 },
      a.owner.userId,
    );
    await app.db.transaction(async (tx) => {
      const eva = await insertMember(tx, a, { firstname: 'Eva', lastname: 'Lund', golfId: '700101-005' });
      const ulf = await insertMember(tx, a, { firstname: 'Ulf', lastname: 'Lund', golfId: '700101-006' });
      await insertMember(tx, a, { firstname: 'Vera', lastname: 'Lund', golfId: '700101-007' });
      const byRule = await insertFamily(tx, a, {
        name: 'Familjen Lund',
        feeRuleId: rule.id,
        discountType: null,
        discountValue: null,
      });
      await replaceLinks(tx, a, byRule, [{ memberId: eva, role: 'payer' }]);
      const own = await insertFamily(tx, a, {
        name: 'Familjen Ulf',
        feeRuleId: null,
        discountType: 'percentage',
        discountValue: 1000,
      });
      await replaceLinks(tx, a, own, [{ memberId: ulf, role: 'payer' }]);
    });
    expect(await familyDiscountsOfGolfId(app.db, a, '700101-005')).toEqual({
      name: 'Familjen Lund',
      discountType: null,
      discountValue: null,
      ruleType: 'amount',
      ruleValue: 5000,
    });
    expect(await familyDiscountsOfGolfId(app.db, a, '700101-006')).toEqual({
      name: 'Familjen Ulf',
      discountType: 'percentage',
      discountValue: 1000,
      ruleType: null,
      ruleValue: null,
    });
    // Not in a family.
    expect(await familyDiscountsOfGolfId(app.db, a, '700101-007')).toBeNull();
  });
});

/**
 * A search's page chosen in the terms (db/word-search.ts pageOfMatches) is the page the rows
 * themselves give: the matches sorted by the members' own columns.
 */
describe('a search page of the member list', () => {
  const TODAY = '2026-11-29';
  const byName = () => [asc(members.lastname), asc(members.firstname), asc(members.id)];

  /** The ids of every member matching `search` (and `extra`), sorted by the rows: the old path. */
  async function expected(search: string, order: SQL[], extra?: SQL) {
    const rows = await app.db
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.organisationId, a.organisationId),
          eq(members.clubAccountId, a.clubAccountId),
          matchesWords(memberSearchTerms, members.id, a.clubAccountId, search) ?? undefined,
          extra,
        ),
      )
      .orderBy(...order);
    return rows.map((r) => r.id);
  }

  async function pages(f: Partial<MemberListFilter>, pageSize: number) {
    const filter = { sort: 'name', order: 'asc', ...f } as MemberListFilter;
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const rows = await listMembers(app.db, a, filter, { page, pageSize }, TODAY);
      ids.push(...rows.map((r) => r.id));
      if (rows.length < pageSize) return ids;
    }
  }

  it('is the page the rows give, ties on the names broken by the id, after names change too', async () => {
    const people = [
      ...Array.from({ length: 6 }, () => ({ firstname: 'Anna', lastname: 'Lind' })),
      { firstname: 'Bo', lastname: 'Lind' },
      { firstname: 'anna', lastname: 'Lind' },
      { firstname: 'Cecilia', lastname: 'lindgren' },
      { firstname: 'Dan', lastname: 'Lindqvist', memberNumber: '17' },
      { firstname: 'Eva', lastname: 'Lindberg', memberNumber: '4', active: false },
      { firstname: 'Frida', lastname: 'Ahlin', email: 'lind.frida@example.se' },
      { firstname: 'Gun', lastname: 'Öberg-Lind', active: false },
      { firstname: 'Hans', lastname: 'Lundin' },
    ];
    const inserted = await app.db
      .insert(members)
      .values(people.map((p) => ({ organisationId: a.organisationId, clubAccountId: a.clubAccountId, ...p })))
      .returning({ id: members.id, lastname: members.lastname });
    const want = await expected('lind', byName());
    expect(want).toHaveLength(13);
    for (const size of [4, 7, 25]) expect(await pages({ search: 'lind' }, size)).toEqual(want);
    expect(await pages({ search: 'lind', order: 'desc' }, 5)).toEqual(
      await expected('lind', [desc(members.lastname), desc(members.firstname), desc(members.id)]),
    );

    // Written with a capital, the name keeps its words; its terms follow, and so does the page.
    const renamed = inserted.find((r) => r.lastname === 'lindgren')?.id as string;
    await app.db.transaction((tx) => updateMember(tx, a, renamed, { lastname: 'Lindgren' }));
    const terms = await app.db
      .selectDistinct({ lastname: memberSearchTerms.lastname })
      .from(memberSearchTerms)
      .where(eq(memberSearchTerms.rowId, renamed));
    expect(terms).toEqual([{ lastname: 'Lindgren' }]);
    // A new first name moves a member among the Linds.
    const moved = inserted.find((r) => r.lastname === 'Lindqvist')?.id as string;
    await app.db.transaction((tx) => updateMember(tx, a, moved, { lastname: 'Lind', firstname: 'Aaron' }));
    const after = await expected('lind', byName());
    expect(after[1]).toBe(moved);
    for (const size of [3, 25]) expect(await pages({ search: 'lind' }, size)).toEqual(after);
  });

  it('reads only the page of a search alone, every match of a search with a filter', async () => {
    const read = (f: Partial<MemberListFilter>) =>
      rowsRead(app, a.organisationId, 'members', () =>
        listMembers(app.db, a, { sort: 'name', order: 'asc', ...f } as MemberListFilter, { page: 1, pageSize: 4 }, TODAY),
      );
    // 13 matches (the test above); in name order only the page's 4 are read.
    expect(await read({ search: 'lind' })).toBe(4);
    expect(await read({ search: 'lind', active: true })).toBeGreaterThanOrEqual(11);
  });

  it('matches every word, and keeps its filters and other sorts', async () => {
    const annas = await expected('anna lind', byName());
    expect(annas).toHaveLength(7);
    expect(await pages({ search: 'lind anna' }, 2)).toEqual(annas);

    const active = await expected('lind', byName(), eq(members.active, true));
    expect(active).toHaveLength(11);
    expect(await pages({ search: 'lind', active: true }, 4)).toEqual(active);
    expect(await countMembers(app.db, a, { sort: 'name', order: 'asc', search: 'lind' } as MemberListFilter, TODAY)).toBe(13);

    const byNumber = await expected('lind', [desc(members.memberNumber), desc(members.id)]);
    expect(await pages({ search: 'lind', sort: 'memberNumber', order: 'desc' }, 4)).toEqual(byNumber);
  });
});
