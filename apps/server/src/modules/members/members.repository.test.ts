import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { insertFeeRule } from '../fees/fees.repository';
import { familyDiscountsOfGolfId, insertFamily, replaceLinks } from './families.repository';
import {
  billingMethodsByGolfId,
  findMember,
  insertMember,
  listVersion,
  updateMember,
  upsertGitMembers,
  yearsBefore,
} from './members.repository';

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
