import { type FamilyRole, luhnCheckDigit } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { memberValuesFromGit } from '../../modules/members/members.register';
import { bumpListVersion, type MemberTenant } from '../../modules/members/members.repository';
import { families, familyMembers, memberCategories, members, playerCategories } from '../../modules/members/members.tables';
import { type SimClubData, type SimMember, seedGitClub } from '../../providers/git/git.simulator-data';
import type { GitMember } from '../../providers/git/git-gateway';
import type { Db, Tx } from '../client';

/**
 * The demo club's members: the people of the demo club's GIT (the GIT simulator's default club,
 * providers/git/git.simulator-data.ts), written into the member register exactly as the GIT
 * refresh writes them (members.register.ts: golf IDs, names, categories, guardians, GIT's
 * families), so "Medlemmar" and GIT → "Medlemmar" show the same people before the first refresh
 * and the refresh finds nothing to change. Beside them the portal's own data: member numbers,
 * personal numbers for about half, fee rules (seedDemoFees), billing method and cycle, family
 * discounts. The same every time: the simulator's club is built from a fixed seed.
 */
export const DEMO_GIT_CLUB = (): SimClubData => seedGitClub();

/** Ages and "member since" of the portal's own data are reckoned from this day, not the clock. */
const SEED_DAY = '2026-01-15';

/** What the portal keeps about GIT's categories: description, junior (guardian pays) — GIT has only code and name. */
const CATEGORY_DETAILS: Record<string, { description: string; junior: boolean }> = {
  FULL: { description: 'Fullt spelrätt alla dagar', junior: false },
  VARDAG: { description: 'Spelrätt måndag–fredag', junior: false },
  JUNIOR: { description: 'Till och med det år medlemmen fyller 18', junior: true },
  STUDENT: { description: '19–25 år med studieintyg', junior: false },
  SENIOR: { description: 'Från 70 år', junior: false },
  PASSIV: { description: 'Medlemskap utan spelrätt', junior: false },
};

/** mulberry32: small, fast and the same on every machine. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, chance: (p: number) => next() < p };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A personal identity number with a right check digit. */
function personalNumberFor(birthDate: string, male: boolean, serial: number): string {
  const ten9 = `${birthDate.slice(2, 4)}${birthDate.slice(5, 7)}${birthDate.slice(8, 10)}${pad(serial % 100)}${(serial % 5) * 2 + (male ? 1 : 0)}`;
  return `${birthDate.slice(0, 4)}${ten9.slice(2, 6)}-${ten9.slice(6)}${luhnCheckDigit(ten9)}`;
}

/** The simulator's record as GIT's API answers it (members.register.ts reads that shape). */
function asGitMember(m: SimMember, club: SimClubData): GitMember {
  const { categoryCode, ...rest } = m;
  const name = club.categories.find((c) => c.code === categoryCode)?.name ?? categoryCode;
  return { ...rest, category: { code: categoryCode, name }, fees: [] };
}

const BATCH = 400;

export async function seedDemoMembers(db: Db | Tx, t: MemberTenant, club: SimClubData = DEMO_GIT_CLUB()): Promise<void> {
  const rnd = generator(20260115);
  const cats = await db
    .insert(memberCategories)
    .values(
      club.categories.map((c) => ({
        ...t,
        code: c.code,
        name: c.name,
        description: CATEGORY_DETAILS[c.code]?.description ?? null,
        junior: CATEGORY_DETAILS[c.code]?.junior ?? false,
      })),
    )
    .returning({ id: memberCategories.id, code: memberCategories.code });
  const categoryId = (code: string) => cats.find((c) => c.code === code)?.id ?? null;
  const playerNames = [...new Set(club.members.flatMap((m) => (m.playerCategory ? [m.playerCategory] : [])))];
  const players =
    playerNames.length === 0
      ? []
      : await db
          .insert(playerCategories)
          .values(playerNames.map((name) => ({ ...t, name })))
          .returning({ id: playerCategories.id, name: playerCategories.name });
  const playerId = (name: string | null) => players.find((p) => p.name === name)?.id ?? null;

  const syncedAt = new Date(`${SEED_DAY}T08:00:00Z`);
  const rows = club.members.map((m, i) => {
    const git = memberValuesFromGit(asGitMember(m, club), categoryId, playerId);
    const quarterly = rnd.chance(0.15);
    const withPersonalNumber = rnd.chance(0.5);
    return {
      ...git,
      organisationId: t.organisationId,
      clubAccountId: t.clubAccountId,
      // The portal's own data.
      memberNumber: String(1001 + i),
      personalNumber: withPersonalNumber ? personalNumberFor(m.birthDate, m.sex === 'male', i) : null,
      status: m.active ? ('active' as const) : ('pending' as const),
      accountingNumberActive: true,
      billingMethod: m.email ? ('email' as const) : ('letter' as const),
      billingCycle: quarterly ? ('quarterly' as const) : ('yearly' as const),
      receiptsEmail: m.email,
      source: 'git' as const,
      gitCreatedAt: new Date(`${m.memberSince}T08:00:00Z`),
      gitSyncedAt: syncedAt,
    };
  });
  const idOf = new Map<string, string>();
  for (let i = 0; i < rows.length; i += BATCH) {
    const inserted = await db
      .insert(members)
      .values(rows.slice(i, i + BATCH))
      .returning({ id: members.id, golfId: members.golfId });
    for (const r of inserted) idOf.set(r.golfId as string, r.id);
  }

  // Juniors' invoices go to their guardian (GIT's målsman).
  for (const m of club.members) {
    if (!m.guardianGolfId) continue;
    const guardian = club.members.find((g) => g.golfId === m.guardianGolfId);
    await db
      .update(members)
      .set({
        guardianId: idOf.get(m.guardianGolfId) ?? null,
        billingName: guardian ? `${guardian.firstName} ${guardian.lastName}` : null,
      })
      .where(eq(members.id, idOf.get(m.golfId) as string));
  }

  // GIT's families, named after the payer as the refresh names them; the discount is the portal's.
  const familyIds = new Map<string, string>();
  for (const [index, f] of club.families.entries()) {
    const payer = club.members.find((m) => m.golfId === f.payerGolfId);
    const [row] = await db
      .insert(families)
      .values({
        ...t,
        name: `Familjen ${payer?.lastName ?? ''}`.trim(),
        gitFamilyId: f.id,
        // 10 % or 15 % off each of the family's invoices. An amount off would be taken from every
        // invoice of every member (git-sync-documents.ts, invoiceRowsOf) and empty the small ones.
        discountType: 'percentage',
        discountValue: index % 2 === 0 ? 1000 : 1500,
      })
      .returning({ id: families.id });
    if (row) familyIds.set(f.id, row.id);
  }
  const links = club.members.flatMap((m) =>
    m.family && familyIds.has(m.family.id)
      ? [
          {
            ...t,
            familyId: familyIds.get(m.family.id) as string,
            memberId: idOf.get(m.golfId) as string,
            role: (m.family.role === 'payer' ? 'payer' : m.family.role === 'child' ? 'child' : 'other') as FamilyRole,
          },
        ]
      : [],
  );
  for (let i = 0; i < links.length; i += BATCH) await db.insert(familyMembers).values(links.slice(i, i + BATCH));
  await bumpListVersion(db, t);
}
