import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, type TestOrganisation } from '../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { memberSearchTerms, members } from '../modules/members/members.tables';
import { withTenant } from './tenant-context';
import { countMatches, matchesWords, searchWords } from './word-search';

/**
 * The search terms beside the member register (the invoices' are kept by the same kind of
 * triggers): written with the rows, rewritten when the words change, gone with the row, and
 * seen only by the organisation they belong to.
 */
let t: TestApp;
let a: TestOrganisation;
let b: TestOrganisation;

beforeAll(async () => {
  t = await createTestApp();
  a = await createOrganisation(t.app, { name: 'Alfa GK' });
  b = await createOrganisation(t.app, { name: 'Beta GK' });
});

afterAll(async () => {
  await t?.close();
});

const tenant = (o: TestOrganisation) => ({ organisationId: o.organisationId, clubAccountId: o.clubAccountId });

async function addMembers(o: TestOrganisation, rows: { firstname: string; lastname: string; golfId?: string }[]) {
  return withTenant(o.organisationId, () =>
    t.app.db
      .insert(members)
      .values(rows.map((r) => ({ ...tenant(o), ...r })))
      .returning({ id: members.id }),
  );
}

/** The names of `o`'s members found by `search`, as `o` itself sees them. */
function find(o: TestOrganisation, search: string, clubAccountId = o.clubAccountId) {
  return withTenant(o.organisationId, async () => {
    const condition = matchesWords(memberSearchTerms, members.id, clubAccountId, search);
    const rows = await t.app.db
      .select({ name: sql<string>`${members.firstname} || ' ' || ${members.lastname}` })
      .from(members)
      .where(and(eq(members.clubAccountId, clubAccountId), condition ?? undefined))
      .orderBy(members.lastname);
    return rows.map((r) => r.name);
  });
}

describe('search words', () => {
  it('keeps letters, digits and the characters of e-mail addresses and golf IDs, at most eight words', () => {
    expect(searchWords('Anna  850312-001')).toBe('anna 850312-001');
    expect(searchWords("anna.ek@example.se ':* | !")).toBe('anna.ek@example.se');
    expect(searchWords(' -- ')).toBeNull();
    expect(searchWords(undefined)).toBeNull();
    expect(searchWords('a b c d e f g h i j')).toBe('a b c d e f g h');
  });
});

describe('search terms', () => {
  it('finds members by every word typed as a prefix, in their own club account only', async () => {
    await addMembers(a, [
      { firstname: 'Anna', lastname: 'Lindqvist', golfId: '850312-001' },
      { firstname: 'Anna', lastname: 'Berg', golfId: '850312-002' },
      { firstname: 'Lina', lastname: 'Andersson', golfId: '900101-003' },
    ]);
    await addMembers(b, [{ firstname: 'Anna', lastname: 'Lindgren', golfId: '850312-009' }]);

    expect(await find(a, 'anna lind')).toEqual(['Anna Lindqvist']);
    expect(await find(a, 'AN')).toEqual(['Lina Andersson', 'Anna Berg', 'Anna Lindqvist']);
    expect(await find(a, '850312-00')).toEqual(['Anna Berg', 'Anna Lindqvist']);
    expect(await find(a, '850312002')).toEqual(['Anna Berg']);
    expect(await find(a, 'zz')).toEqual([]);
    expect(await find(b, 'anna')).toEqual(['Anna Lindgren']);
  });

  it('follows a change of name, and leaves the words alone when the name stays', async () => {
    const [row] = await addMembers(a, [{ firstname: 'Cecilia', lastname: 'Ek' }]);
    const id = row?.id as string;
    const termsOf = () =>
      withTenant(a.organisationId, () =>
        t.app.db.select({ term: memberSearchTerms.term }).from(memberSearchTerms).where(eq(memberSearchTerms.rowId, id)),
      );

    await withTenant(a.organisationId, () => t.app.db.update(members).set({ lastname: 'Ekström' }).where(eq(members.id, id)));
    expect(await find(a, 'cecilia ekst')).toEqual(['Cecilia Ekström']);
    expect((await termsOf()).map((r) => r.term).sort()).toEqual(['cecilia', 'ekström']);

    await withTenant(a.organisationId, () => t.app.db.update(members).set({ city: 'Ystad' }).where(eq(members.id, id)));
    expect((await termsOf()).map((r) => r.term).sort()).toEqual(['cecilia', 'ekström']);

    await withTenant(a.organisationId, () => t.app.db.delete(members).where(eq(members.id, id)));
    expect(await termsOf()).toEqual([]);
    expect(await find(a, 'cecilia')).toEqual([]);
  });

  it('finds and counts a member once when several of its words start with the one word typed', async () => {
    await addMembers(a, [
      { firstname: 'Holger', lastname: 'Holgersson', golfId: '770101-001' },
      { firstname: 'Åke', lastname: 'Holm' },
      { firstname: 'Åsa', lastname: 'Holgersdotter' },
    ]);
    const counted = (search: string) =>
      withTenant(a.organisationId, () => countMatches(t.app.db, memberSearchTerms, a.clubAccountId, search));

    expect(await find(a, 'holger')).toEqual(['Åsa Holgersdotter', 'Holger Holgersson']);
    expect(await counted('holger')).toBe(2);
    expect(await find(a, 'HOL')).toEqual(['Åsa Holgersdotter', 'Holger Holgersson', 'Åke Holm']);
    expect(await counted('hol')).toBe(3);
    expect(await find(a, 'Å')).toEqual(['Åsa Holgersdotter', 'Åke Holm']);
    expect(await find(a, '770101')).toEqual(['Holger Holgersson']);
    // Words the one-word form leaves to the general one: a golf ID with its dash, two words.
    expect(await find(a, '770101-001')).toEqual(['Holger Holgersson']);
    expect(await counted('holger holgersson')).toBe(1);
    expect(await find(a, 'holger holger')).toEqual(['Åsa Holgersdotter', 'Holger Holgersson']);
    expect(await find(a, 'holm å')).toEqual(['Åke Holm']);
    expect(await find(a, 'x'.repeat(3000))).toEqual([]);
  });

  it("never shows another organisation's words, even when asked for its club account", async () => {
    expect(await find(a, 'anna', b.clubAccountId)).toEqual([]);
    const seen = await withTenant(a.organisationId, () =>
      t.app.db
        .select({ term: memberSearchTerms.term })
        .from(memberSearchTerms)
        .where(eq(memberSearchTerms.clubAccountId, b.clubAccountId)),
    );
    expect(seen).toEqual([]);
  });
});
