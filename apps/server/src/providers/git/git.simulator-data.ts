import { createPrng } from '../../lib/prng';
import { FEMALE_FIRST_NAMES as FEMALE, SURNAMES as LAST, MALE_FIRST_NAMES as MALE } from '../../lib/swedish-names';
import type { GitAddress, GitArticle, GitClub, GitFamilyRole, GitInvoiceRow, GitMemberCategory, GitPayment } from './git-gateway';

/**
 * The GIT simulator's club: a deterministic Swedish golf club built from a seeded PRNG, so every
 * start (and every test) sees the same members, families, fees and invoice bases.
 *
 * `club` (default): about 1,500 members in the usual categories, ~150 families of 2–5 (one payer),
 * juniors with a guardian, and four invoice occasions whose bases follow the members' categories;
 * most are paid, some partly paid, some credited. `one-occasion` (benchmarks): every member has one
 * unpaid basis in "Årsavgifter 2026" — 10,000 members are built in well under a second.
 */

// ---------------------------------------------------------------------------------------------
// The simulator's records (plain JSON, so the state file can hold them as they are)
// ---------------------------------------------------------------------------------------------

export interface SimMember {
  golfId: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  sex: 'female' | 'male';
  email: string | null;
  phone: string | null;
  address: GitAddress | null;
  invoiceAddress: GitAddress | null;
  homeClub: { id: string; name: string };
  categoryCode: string;
  playerCategory: string | null;
  handicap: number | null;
  memberSince: string;
  active: boolean;
  guardianGolfId: string | null;
  family: { id: string; role: GitFamilyRole } | null;
  modifiedAt: string;
}

export interface SimFamily {
  id: string;
  payerGolfId: string;
  /** The family's bases go to the payer. */
  invoiceTogether: boolean;
}

export interface SimOccasion {
  id: string;
  name: string;
  createdAt: string;
  invoiceDate: string;
  dueDate: string;
  modifiedAt: string;
}

export interface SimBasis {
  id: string;
  occasionId: string;
  number: number;
  memberGolfId: string;
  payerGolfId: string;
  payerReason: 'self' | 'guardian' | 'family';
  familyId: string | null;
  rows: GitInvoiceRow[];
  dueDate: string;
  payments: GitPayment[];
  paidAt: string | null;
  creditedAt: string | null;
  creditReason: string | null;
  createdAt: string;
  modifiedAt: string;
}

export interface SimClubData {
  club: GitClub;
  categories: GitMemberCategory[];
  articles: GitArticle[];
  members: SimMember[];
  families: SimFamily[];
  occasions: SimOccasion[];
  bases: SimBasis[];
  nextBasisNumber: number;
}

export interface SeedOptions {
  /** PRNG seed; the same seed gives the same club. */
  seed?: string;
  /** How many members (default 1,500). */
  members?: number;
  /** `club` (four occasions, mixed states) or `one-occasion` (one occasion, every basis unpaid). */
  shape?: 'club' | 'one-occasion';
  /** The GIT club id (`X-Club-Id`). */
  clubId?: string;
}

// ---------------------------------------------------------------------------------------------
// Fixed data of the club
// ---------------------------------------------------------------------------------------------

export const DEFAULT_GIT_CLUB_ID = '0470';

export const MEMBER_CATEGORIES: GitMemberCategory[] = [
  { code: 'FULL', name: 'Fullvärdig' },
  { code: 'VARDAG', name: 'Vardagsmedlem' },
  { code: 'JUNIOR', name: 'Junior' },
  { code: 'STUDENT', name: 'Studerande' },
  { code: 'SENIOR', name: 'Senior' },
  { code: 'PASSIV', name: 'Passiv' },
];

const PLAYER_CATEGORY: Record<string, string | null> = {
  FULL: 'Fullt spelberättigad',
  VARDAG: 'Vardagsspel',
  JUNIOR: 'Junior',
  STUDENT: 'Fullt spelberättigad',
  SENIOR: 'Fullt spelberättigad',
  PASSIV: 'Ej spelberättigad',
};

const ARTICLES_MODIFIED = '2025-11-20T09:00:00.000Z';

function article(
  id: string,
  code: string,
  name: string,
  kronor: number,
  vatRate: number,
  account: string,
  memberCategoryCode: string | null = null,
): GitArticle {
  return { id, code, name, amountOre: kronor * 100, vatRate, account, memberCategoryCode, modifiedAt: ARTICLES_MODIFIED };
}

/** The club's fees for 2026: annual fees per category (no VAT: a non-profit's membership) and extras. */
export const ARTICLES: GitArticle[] = [
  article('A-1001', 'ARS-FULL', 'Årsavgift Fullvärdig 2026', 6_900, 0, '3011', 'FULL'),
  article('A-1002', 'ARS-VARDAG', 'Årsavgift Vardagsmedlem 2026', 4_900, 0, '3011', 'VARDAG'),
  article('A-1003', 'ARS-JUNIOR', 'Årsavgift Junior 2026', 1_500, 0, '3012', 'JUNIOR'),
  article('A-1004', 'ARS-STUDENT', 'Årsavgift Studerande 2026', 2_900, 0, '3011', 'STUDENT'),
  article('A-1005', 'ARS-SENIOR', 'Årsavgift Senior 2026', 5_900, 0, '3011', 'SENIOR'),
  article('A-1006', 'ARS-PASSIV', 'Årsavgift Passiv 2026', 900, 0, '3013', 'PASSIV'),
  article('A-2001', 'SGF', 'Förbunds- och distriktsavgift 2026', 250, 0, '3014'),
  article('A-2002', 'TRANING-JUN', 'Träningsavgift junior 2026', 800, 0, '3015'),
  article('A-3001', 'SPELRATT', 'Spelrättsavgift 2026', 2_400, 6, '3020'),
  article('A-4001', 'SKAP', 'Skåphyra 2026', 600, 25, '3040'),
  article('A-4002', 'BAGFORV', 'Bagförvaring 2026', 450, 25, '3040'),
  article('A-4003', 'BILGARAGE', 'Golfbilsgarage 2026', 1_800, 25, '3041'),
  article('A-4004', 'ARBETSPLIKT', 'Ej fullgjord arbetsplikt 2025', 1_000, 0, '3090'),
];

const STREETS = [
  'Storgatan',
  'Kungsgatan',
  'Svartbäcksgatan',
  'Luthagsesplanaden',
  'Sysslomansgatan',
  'Vaksalagatan',
  'Dag Hammarskjölds väg',
  'Kyrkogårdsgatan',
  'Björkvägen',
  'Granvägen',
  'Tallbacken',
  'Ekebyvägen',
  'Gamla Uppsalagatan',
  'Rackarbergsgatan',
  'Norbyvägen',
  'Sävjavägen',
  'Husbyborg',
  'Fyrisvallsgatan',
  'Golfvägen',
  'Linnégatan',
  'Övre Slottsgatan',
  'Prästgatan',
  'Stationsvägen',
  'Ängsvägen',
];
const PLACES: { postal: number; city: string }[] = [
  { postal: 75_310, city: 'Uppsala' },
  { postal: 75_236, city: 'Uppsala' },
  { postal: 75_429, city: 'Uppsala' },
  { postal: 75_646, city: 'Uppsala' },
  { postal: 75_754, city: 'Uppsala' },
  { postal: 74_350, city: 'Storvreta' },
  { postal: 74_341, city: 'Björklinge' },
  { postal: 74_140, city: 'Knivsta' },
  { postal: 74_031, city: 'Björklinge' },
  { postal: 75_591, city: 'Uppsala' },
];
const OTHER_CLUBS = [
  { id: '0471', name: 'Upsala Golfklubb' },
  { id: '0472', name: 'Sigtunabygdens Golfklubb' },
  { id: '0473', name: 'Knivsta Golfklubb' },
];
const DOMAINS = ['example.com', 'example.se', 'example.org', 'example.net'];

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const DAY = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoAt = (ms: number) => new Date(ms).toISOString();
const utc = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h);

/** The VAT part of an amount including VAT, rounded to whole öre. */
export function vatPart(amountOre: number, vatRate: number): number {
  return Math.round((amountOre * vatRate) / (100 + vatRate));
}

export function invoiceRow(id: string, art: GitArticle, quantity = 1): GitInvoiceRow {
  const amountOre = art.amountOre * quantity;
  return {
    id,
    articleId: art.id,
    articleCode: art.code,
    description: art.name,
    quantity,
    unitAmountOre: art.amountOre,
    amountOre,
    vatRate: art.vatRate,
    vatOre: vatPart(amountOre, art.vatRate),
  };
}

function ascii(text: string): string {
  return text
    .toLowerCase()
    .replace(/å|ä/g, 'a')
    .replace(/ö/g, 'o')
    .replace(/é/g, 'e')
    .replace(/[^a-z]/g, '');
}

// ---------------------------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------------------------

export function seedGitClub(options: SeedOptions = {}): SimClubData {
  const prng = createPrng(options.seed ?? 'fairway-git');
  const total = Math.max(1, Math.floor(options.members ?? 1_500));
  const shape = options.shape ?? 'club';
  const clubId = options.clubId ?? DEFAULT_GIT_CLUB_ID;
  const club: GitClub = {
    id: clubId,
    name: 'Fairway Demo GK',
    organisationNumber: '802499-1237',
    district: 'Upplands Golfförbund',
  };
  const homeClub = { id: club.id, name: club.name };
  const usedIds = new Set<string>();
  const emails = new Map<string, number>();
  const members: SimMember[] = [];
  const families: SimFamily[] = [];
  const articleByCategory = new Map(ARTICLES.filter((a) => a.memberCategoryCode).map((a) => [a.memberCategoryCode, a]));
  const byCode = new Map(ARTICLES.map((a) => [a.code, a]));
  const art = (code: string) => byCode.get(code) as GitArticle;

  const address = (): GitAddress => {
    const place = prng.pick(PLACES);
    const postal = String(place.postal + prng.int(0, 9));
    return {
      careOf: null,
      street: `${prng.pick(STREETS)} ${prng.int(1, 120)}`,
      postalCode: `${postal.slice(0, 3)} ${postal.slice(3)}`,
      city: place.city,
      country: 'SE',
    };
  };

  const golfId = (birth: number): string => {
    const d = new Date(birth);
    const stem = `${pad(d.getUTCFullYear() % 100)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
    for (;;) {
      const id = `${stem}-${pad(prng.int(1, 999), 3)}`;
      if (!usedIds.has(id)) {
        usedIds.add(id);
        return id;
      }
    }
  };

  /** Age on 2026-01-01 → a birth moment. */
  const bornAt = (age: number) => utc(2026 - age - 1, 1, 1) + prng.int(0, 364) * DAY;

  const categoryFor = (age: number): string => {
    if (age <= 18) return 'JUNIOR';
    if (age <= 25) return prng.chance(0.55) ? 'STUDENT' : 'FULL';
    if (age >= 70) return prng.chance(0.75) ? 'SENIOR' : prng.chance(0.5) ? 'FULL' : 'PASSIV';
    const r = prng.next();
    return r < 0.7 ? 'FULL' : r < 0.88 ? 'VARDAG' : 'PASSIV';
  };

  const person = (
    age: number,
    lastName: string,
    home: GitAddress,
    extra: Partial<Pick<SimMember, 'guardianGolfId' | 'family'>> = {},
  ): SimMember => {
    const sex = prng.chance(0.38) ? 'female' : 'male';
    const firstName = prng.pick(sex === 'female' ? FEMALE : MALE);
    const birth = bornAt(age);
    const categoryCode = categoryFor(age);
    const base = `${ascii(firstName)}.${ascii(lastName)}`;
    const seen = emails.get(base) ?? 0;
    emails.set(base, seen + 1);
    const junior = categoryCode === 'JUNIOR';
    const email = junior && age < 13 ? null : `${base}${seen ? seen + 1 : ''}@${prng.pick(DOMAINS)}`;
    const phone = junior && age < 12 ? null : `+467${prng.pick(['0', '2', '3', '6', '9'])}${pad(prng.int(0, 9_999_999), 7)}`;
    const sinceYear = Math.max(new Date(birth).getUTCFullYear() + 6, 2026 - prng.int(0, Math.min(40, age)));
    const plays = categoryCode !== 'PASSIV';
    const handicap = plays
      ? Math.round(
          (junior ? 10 + prng.next() * 44 : Math.max(-2.5, Math.min(54, 4 + prng.next() * 32 + prng.next() * 10))) * 10,
        ) / 10
      : prng.chance(0.5)
        ? Math.round((15 + prng.next() * 30) * 10) / 10
        : null;
    const member: SimMember = {
      golfId: golfId(birth),
      firstName,
      lastName,
      birthDate: isoDay(birth),
      sex,
      email,
      phone,
      address: home,
      invoiceAddress: null,
      homeClub: prng.chance(0.03) ? prng.pick(OTHER_CLUBS) : homeClub,
      categoryCode,
      playerCategory: PLAYER_CATEGORY[categoryCode] ?? null,
      handicap,
      memberSince: `${Math.min(2025, sinceYear)}-${pad(prng.int(1, 12))}-01`,
      active: false,
      guardianGolfId: extra.guardianGolfId ?? null,
      family: extra.family ?? null,
      modifiedAt: isoAt(utc(2025, 1, 1, 8) + prng.int(0, 340) * DAY + prng.int(0, 36_000) * 1000),
    };
    if (!junior && prng.chance(0.04)) {
      member.invoiceAddress = { ...address(), careOf: `c/o ${prng.pick(LAST)}` };
    }
    members.push(member);
    return member;
  };

  // Families: a payer, often a partner, then children (juniors) or young adults.
  const familyCount = shape === 'club' ? Math.round(total / 10) : Math.round(total / 12);
  for (let f = 0; f < familyCount && members.length < total - 1; f++) {
    const id = `F-${pad(f + 1, 4)}`;
    const size = Math.min(prng.int(2, 5), total - members.length);
    const lastName = prng.pick(LAST);
    const home = address();
    const payerAge = prng.int(34, 62);
    const payer = person(payerAge, lastName, home, { family: { id, role: 'payer' } });
    // Parents pay full: a payer never sits in the junior / student categories.
    if (payer.categoryCode === 'STUDENT' || payer.categoryCode === 'PASSIV') payer.categoryCode = 'FULL';
    payer.playerCategory = PLAYER_CATEGORY[payer.categoryCode] ?? null;
    let rest = size - 1;
    if (rest > 0 && prng.chance(0.75)) {
      person(payerAge + prng.int(-4, 4), lastName, home, { family: { id, role: 'adult' } });
      rest--;
    }
    for (; rest > 0; rest--) {
      const age = prng.chance(0.8) ? prng.int(7, 18) : prng.int(19, 24);
      const child = person(age, lastName, home, { family: { id, role: age <= 18 ? 'child' : 'adult' } });
      if (child.categoryCode === 'JUNIOR') child.guardianGolfId = payer.golfId;
    }
    families.push({ id, payerGolfId: payer.golfId, invoiceTogether: prng.chance(0.85) });
  }

  // Everyone else: single adults, and juniors whose guardian is another member.
  const adults: SimMember[] = [];
  while (members.length < total) {
    if (adults.length > 0 && prng.chance(0.06)) {
      const guardian = prng.pick(adults);
      person(prng.int(7, 18), guardian.lastName, guardian.address as GitAddress, { guardianGolfId: guardian.golfId });
      continue;
    }
    const r = prng.next();
    const age = r < 0.06 ? prng.int(19, 25) : r < 0.78 ? prng.int(26, 69) : prng.int(70, 88);
    adults.push(person(age, prng.pick(LAST), address()));
  }

  const familyById = new Map(families.map((f) => [f.id, f]));
  const payerOf = (m: SimMember): { golfId: string; reason: SimBasis['payerReason']; familyId: string | null } => {
    const family = m.family ? familyById.get(m.family.id) : undefined;
    if (family?.invoiceTogether)
      return { golfId: family.payerGolfId, reason: family.payerGolfId === m.golfId ? 'self' : 'family', familyId: family.id };
    if (m.guardianGolfId) return { golfId: m.guardianGolfId, reason: 'guardian', familyId: null };
    return { golfId: m.golfId, reason: 'self', familyId: null };
  };

  const occasions: SimOccasion[] = [];
  const bases: SimBasis[] = [];
  let number = 26_000;

  const occasion = (id: string, name: string, created: number, due: number): SimOccasion => {
    const o: SimOccasion = {
      id,
      name,
      createdAt: isoAt(created),
      invoiceDate: isoDay(created),
      dueDate: isoDay(due),
      modifiedAt: isoAt(created),
    };
    occasions.push(o);
    return o;
  };

  /** A basis and, by chance, its payments or credit (`settle`: share paid, partly paid, credited). */
  const basis = (o: SimOccasion, m: SimMember, rows: GitArticle[], settle: [number, number, number]) => {
    const payer = payerOf(m);
    const id = `FU-${++number}`;
    const b: SimBasis = {
      id,
      occasionId: o.id,
      number,
      memberGolfId: m.golfId,
      payerGolfId: payer.golfId,
      payerReason: payer.reason,
      familyId: payer.familyId,
      rows: rows.map((a, i) => invoiceRow(`${id}-${i + 1}`, a, 1)),
      dueDate: o.dueDate,
      payments: [],
      paidAt: null,
      creditedAt: null,
      creditReason: null,
      createdAt: o.createdAt,
      modifiedAt: o.createdAt,
    };
    const total = b.rows.reduce((s, r) => s + r.amountOre, 0);
    const r = prng.next();
    const created = Date.parse(o.createdAt);
    const due = Date.parse(`${o.dueDate}T00:00:00Z`);
    const at = () => isoAt(created + prng.int(1, Math.max(2, (due - created) / DAY + 20)) * DAY + prng.int(8, 17) * 3_600_000);
    if (r < settle[0]) {
      const paidAt = at();
      b.payments.push({ reference: `BG-${b.number}`, amountOre: total, paidAt });
      b.paidAt = paidAt;
      b.modifiedAt = paidAt;
    } else if (r < settle[0] + settle[1]) {
      const paidAt = at();
      b.payments.push({ reference: `BG-${b.number}-1`, amountOre: Math.round(total / 200) * 100, paidAt });
      b.paidAt = paidAt;
      b.modifiedAt = paidAt;
    } else if (r < settle[0] + settle[1] + settle[2]) {
      b.creditedAt = at();
      b.creditReason = prng.pick([
        'Utträde före årsskiftet',
        'Fel medlemskategori',
        'Dubbelfakturering',
        'Flyttat till annan klubb',
      ]);
      b.modifiedAt = b.creditedAt;
    }
    bases.push(b);
    return b;
  };

  const annual = (m: SimMember) => articleByCategory.get(m.categoryCode) as GitArticle;

  if (shape === 'one-occasion') {
    const o = occasion('IO-2026-01', 'Årsavgifter 2026', utc(2025, 12, 1, 8), utc(2026, 1, 31));
    for (const m of members) basis(o, m, [annual(m)], [0, 0, 0]);
  } else {
    const yearly = occasion('IO-2026-01', 'Årsavgifter 2026', utc(2025, 12, 1, 8), utc(2026, 1, 31));
    const juniors = occasion('IO-2026-02', 'Juniorer 2026', utc(2025, 12, 2, 8), utc(2026, 2, 28));
    const playing = occasion('IO-2026-03', 'Spelrätter 2026', utc(2026, 1, 12, 8), utc(2026, 2, 28));
    const extras = occasion('IO-2026-04', 'Tilläggsavgifter vår 2026', utc(2026, 3, 2, 8), utc(2026, 3, 31));
    for (const m of members) {
      if (m.categoryCode === 'JUNIOR') {
        const rows = [annual(m), art('SGF')];
        if (prng.chance(0.6)) rows.push(art('TRANING-JUN'));
        basis(juniors, m, rows, [0.78, 0.04, 0.02]);
      } else {
        basis(yearly, m, [annual(m), art('SGF')], [0.74, 0.05, 0.03]);
      }
    }
    for (const m of members) {
      if ((m.categoryCode === 'FULL' || m.categoryCode === 'SENIOR') && prng.chance(0.35))
        basis(playing, m, [art('SPELRATT')], [0.7, 0.06, 0.02]);
    }
    for (const m of members) {
      if (m.categoryCode === 'JUNIOR' || m.categoryCode === 'PASSIV' || !prng.chance(0.18)) continue;
      const pool = ['SKAP', 'BAGFORV', 'BILGARAGE', 'ARBETSPLIKT'];
      const first = prng.pick(pool);
      const rows = [art(first)];
      if (prng.chance(0.3)) {
        const second = prng.pick(pool.filter((c) => c !== first));
        rows.push(art(second));
      }
      basis(extras, m, rows, [0.5, 0.05, 0.03]);
    }
    for (const o of occasions) {
      const last = bases
        .filter((b) => b.occasionId === o.id)
        .reduce((max, b) => (b.modifiedAt > max ? b.modifiedAt : max), o.createdAt);
      o.modifiedAt = last;
    }
  }

  // A membership is active once one of the member's bases is fully paid.
  const paidMembers = new Set<string>();
  for (const b of bases) if (isFullyPaid(b)) paidMembers.add(b.memberGolfId);
  for (const m of members) m.active = paidMembers.has(m.golfId);

  return {
    club,
    categories: MEMBER_CATEGORIES,
    articles: ARTICLES,
    members,
    families,
    occasions,
    bases,
    nextBasisNumber: number + 1,
  };
}

export function basisTotal(b: SimBasis): number {
  let total = 0;
  for (const r of b.rows) total += r.amountOre;
  return total;
}

export function basisPaid(b: SimBasis): number {
  let paid = 0;
  for (const p of b.payments) paid += p.amountOre;
  return paid;
}

export function isFullyPaid(b: SimBasis): boolean {
  return b.creditedAt === null && b.payments.length > 0 && basisPaid(b) >= basisTotal(b);
}
