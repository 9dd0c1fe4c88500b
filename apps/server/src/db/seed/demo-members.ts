import { type FamilyRole, luhnCheckDigit, type MemberStatus, toE164 } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { FEMALE_FIRST_NAMES as FEMALE, SURNAMES as LAST, MALE_FIRST_NAMES as MALE } from '../../lib/swedish-names';
import { bumpListVersion, type MemberTenant } from '../../modules/members/members.repository';
import { families, familyMembers, memberCategories, members, playerCategories } from '../../modules/members/members.schema';
import type { Db, Tx } from '../client';

/**
 * The demo club's members (docs/members-and-fees.md#members): a few hundred with Swedish names, GIT's usual categories,
 * player categories, families with one payer, and juniors whose guardian is a member. The same
 * every time (a seeded generator, dates from a fixed day), so screenshots and tests can count on it.
 */
export const DEMO_MEMBER_COUNT = 320;
/** Ages and "member since" are reckoned from this day, not the clock. */
const SEED_DAY = '2026-01-15';

const STREETS = [
  'Klubbvägen',
  'Greenvägen',
  'Storgatan',
  'Kungsgatan',
  'Svartbäcksgatan',
  'Luthagsesplanaden',
  'Sysslomansgatan',
  'Vaksalagatan',
  'Dragarbrunnsgatan',
  'Sågargatan',
  'Gamla Uppsalagatan',
  'Börjegatan',
];
const TOWNS: [string, string][] = [
  ['752 67', 'Uppsala'],
  ['753 20', 'Uppsala'],
  ['754 40', 'Uppsala'],
  ['756 51', 'Uppsala'],
  ['741 31', 'Knivsta'],
  ['745 37', 'Enköping'],
  ['740 20', 'Vänge'],
  ['743 40', 'Storvreta'],
];

const CATEGORIES = [
  { code: 'FULL', name: 'Fullvärdig', description: 'Fullt spelrätt alla dagar', junior: false },
  { code: 'VARDAG', name: 'Vardagsmedlem', description: 'Spelrätt måndag–fredag', junior: false },
  { code: 'JUNIOR', name: 'Junior', description: 'Till och med det år medlemmen fyller 21', junior: true },
  { code: 'STUDENT', name: 'Student', description: '22–25 år med studieintyg', junior: false },
  { code: 'PASSIV', name: 'Passiv', description: 'Medlemskap utan spelrätt', junior: false },
  { code: 'GREENFEE', name: 'Greenfeemedlem', description: 'Betalar greenfee per runda', junior: false },
];
const PLAYER_CATEGORIES = [
  { code: 'TAVLING', name: 'Tävlingsspelare', description: 'Spelar seriespel och klubbtävlingar' },
  { code: 'MOTION', name: 'Motionär', description: null },
  { code: 'SENIOR', name: 'Seniorgolf', description: 'Seniorernas tisdagsgolf' },
];

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
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]/g, '');

function birthDateFor(rnd: ReturnType<typeof generator>, age: number): string {
  const year = Number(SEED_DAY.slice(0, 4)) - age - (rnd.chance(0.5) ? 1 : 0);
  return `${year}-${pad(rnd.int(1, 12))}-${pad(rnd.int(1, 28))}`;
}

/** A personal identity number with a right check digit (for about half the members). */
function personalNumberFor(birthDate: string, male: boolean, serial: number): string {
  const ten9 = `${birthDate.slice(2, 4)}${birthDate.slice(5, 7)}${birthDate.slice(8, 10)}${pad(serial % 100)}${(serial % 5) * 2 + (male ? 1 : 0)}`;
  return `${birthDate.slice(0, 4)}${ten9.slice(2, 6)}-${ten9.slice(6)}${luhnCheckDigit(ten9)}`;
}

interface Person {
  firstname: string;
  lastname: string;
  male: boolean;
  age: number;
  family: number | null;
  role: FamilyRole | null;
  guardianOf?: number;
}

/** Families first (a payer, often a partner, one to three children), then single members. */
function people(rnd: ReturnType<typeof generator>): Person[] {
  const out: Person[] = [];
  const FAMILIES = 18;
  for (let f = 0; f < FAMILIES && out.length < DEMO_MEMBER_COUNT; f++) {
    const lastname = rnd.pick(LAST);
    const payerMale = rnd.chance(0.5);
    const parentAge = rnd.int(34, 55);
    out.push({
      firstname: rnd.pick(payerMale ? MALE : FEMALE),
      lastname,
      male: payerMale,
      age: parentAge,
      family: f,
      role: 'payer',
    });
    if (rnd.chance(0.8)) {
      out.push({
        firstname: rnd.pick(payerMale ? FEMALE : MALE),
        lastname,
        male: !payerMale,
        age: parentAge + rnd.int(-4, 4),
        family: f,
        role: 'partner',
      });
    }
    const payerIndex = out.findIndex((p) => p.family === f && p.role === 'payer');
    for (let c = rnd.int(1, 3); c > 0; c--) {
      const male = rnd.chance(0.5);
      out.push({
        firstname: rnd.pick(male ? MALE : FEMALE),
        lastname,
        male,
        age: rnd.int(7, 19),
        family: f,
        role: 'child',
        guardianOf: payerIndex,
      });
    }
  }
  while (out.length < DEMO_MEMBER_COUNT) {
    const male = rnd.chance(0.55);
    // A golf club's age spread: many 50–75, juniors, few in their twenties.
    const age = rnd.chance(0.12) ? rnd.int(8, 20) : rnd.chance(0.1) ? rnd.int(21, 30) : rnd.int(31, 84);
    out.push({ firstname: rnd.pick(male ? MALE : FEMALE), lastname: rnd.pick(LAST), male, age, family: null, role: null });
  }
  return out;
}

export async function seedDemoMembers(db: Db | Tx, t: MemberTenant): Promise<void> {
  const rnd = generator(20260115);
  const cats = await db
    .insert(memberCategories)
    .values(CATEGORIES.map((c) => ({ ...c, organisationId: t.organisationId, clubAccountId: t.clubAccountId })))
    .returning({ id: memberCategories.id, code: memberCategories.code });
  const catId = (code: string) => cats.find((c) => c.code === code)?.id ?? null;
  const players = await db
    .insert(playerCategories)
    .values(PLAYER_CATEGORIES.map((c) => ({ ...c, organisationId: t.organisationId, clubAccountId: t.clubAccountId })))
    .returning({ id: playerCategories.id, code: playerCategories.code });
  const playerId = (code: string) => players.find((c) => c.code === code)?.id ?? null;

  const list = people(rnd);
  const usedGolfIds = new Set<string>();
  const rows = list.map((p, i) => {
    const birthDate = birthDateFor(rnd, p.age);
    let golfId = '';
    for (let serial = rnd.int(1, 400); !golfId || usedGolfIds.has(golfId); serial++) {
      golfId = `${birthDate.slice(2, 4)}${birthDate.slice(5, 7)}${birthDate.slice(8, 10)}-${pad(serial % 1000, 3)}`;
    }
    usedGolfIds.add(golfId);
    const junior = p.age <= 21;
    const category = junior
      ? 'JUNIOR'
      : p.age <= 25 && rnd.chance(0.6)
        ? 'STUDENT'
        : rnd.pick(['FULL', 'FULL', 'FULL', 'FULL', 'VARDAG', 'VARDAG', 'PASSIV', 'GREENFEE']);
    const [zipCode, city] = rnd.pick(TOWNS);
    const memberYears = Math.min(p.age - 5, rnd.int(0, 30));
    const status: MemberStatus = i % 41 === 7 ? 'resigned' : i % 29 === 3 ? 'paused' : i % 53 === 11 ? 'pending' : 'active';
    const email = junior && p.age < 15 ? null : `${slug(p.firstname)}.${slug(p.lastname)}${i}@example.se`;
    const hcpTenths = category === 'PASSIV' ? null : Math.max(-30, Math.min(540, Math.round(rnd.next() ** 0.8 * 540) - 20));
    const mobile = rnd.chance(0.85) ? toE164(`070-174 06 ${pad(5 + ((i * 7) % 95))}`) : null;
    return {
      organisationId: t.organisationId,
      clubAccountId: t.clubAccountId,
      firstname: p.firstname,
      lastname: p.lastname,
      email,
      birthDate,
      active: status === 'active' || status === 'pending',
      sex: p.male ? ('male' as const) : ('female' as const),
      memberNumber: String(1001 + i),
      homeClub: 'Fairway Demo GK',
      golfId,
      personalNumber: rnd.chance(0.5) ? personalNumberFor(birthDate, p.male, i) : null,
      country: 'SE',
      hcpTenths,
      homeAddress: `${rnd.pick(STREETS)} ${rnd.int(1, 60)}`,
      postalAddress: null,
      zipCode,
      city,
      phoneMobile: mobile,
      memberCategoryId: catId(category),
      playerCategoryId:
        hcpTenths !== null && hcpTenths < 150 && rnd.chance(0.6)
          ? playerId('TAVLING')
          : p.age >= 65
            ? playerId('SENIOR')
            : rnd.chance(0.4)
              ? playerId('MOTION')
              : null,
      customerNumber: String(1001 + i),
      memberSince: `${Number(SEED_DAY.slice(0, 4)) - Math.max(0, memberYears)}-${pad(rnd.int(1, 12))}-01`,
      // A tenth of the club owes part of this year's fee.
      invoiceBalanceOre: rnd.chance(0.1) ? rnd.pick([150_000, 495_000, 720_000, 225_000]) : 0,
      status,
      accountingNumberActive: true,
      billingMethod: email ? ('email' as const) : ('letter' as const),
      billingCycle: rnd.chance(0.85) ? ('yearly' as const) : ('quarterly' as const),
      receiptsEmail: email,
      source: 'git' as const,
      gitCreatedAt: new Date(`${SEED_DAY}T08:00:00Z`),
      gitUpdatedAt: new Date(`${SEED_DAY}T08:00:00Z`),
      gitSyncedAt: new Date(`${SEED_DAY}T08:00:00Z`),
    };
  });
  const inserted = await db.insert(members).values(rows).returning({ id: members.id, golfId: members.golfId });
  const idOf = new Map(inserted.map((r) => [r.golfId, r.id]));
  const ids = rows.map((r) => idOf.get(r.golfId) as string);

  // Juniors' invoices go to their guardian: the family's payer.
  for (const [i, p] of list.entries()) {
    if (p.guardianOf === undefined) continue;
    const guardian = ids[p.guardianOf] as string;
    const row = rows[p.guardianOf];
    await db
      .update(members)
      .set({ guardianId: guardian, billingName: row ? `${row.firstname} ${row.lastname}` : null })
      .where(eqId(ids[i] as string));
  }

  const familyIds = new Map<number, string>();
  for (const p of list) {
    if (p.family === null || familyIds.has(p.family)) continue;
    const [row] = await db
      .insert(families)
      .values({
        organisationId: t.organisationId,
        clubAccountId: t.clubAccountId,
        name: `Familjen ${p.lastname}`,
        discountType: p.family % 3 === 0 ? 'amount' : 'percentage',
        // 500 kr off, or 10 % / 15 %.
        discountValue: p.family % 3 === 0 ? 50_000 : p.family % 2 === 0 ? 1000 : 1500,
      })
      .returning({ id: families.id });
    if (row) familyIds.set(p.family, row.id);
  }
  const links = list.flatMap((p, i) =>
    p.family === null || p.role === null
      ? []
      : [
          {
            familyId: familyIds.get(p.family) as string,
            memberId: ids[i] as string,
            role: p.role,
            organisationId: t.organisationId,
            clubAccountId: t.clubAccountId,
          },
        ],
  );
  if (links.length > 0) await db.insert(familyMembers).values(links);
  await bumpListVersion(db, t);
}

const eqId = (id: string) => eq(members.id, id);
