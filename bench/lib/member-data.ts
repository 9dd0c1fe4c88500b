import { FIRST_NAMES, type Random, SURNAMES } from './invoice-data';

/** GIT's member categories with a realistic club's shares (the GIT simulator has the same mix). */
export const MEMBER_CATEGORIES = [
  { name: 'Fullvärdig', code: 'FULL', share: 0.5, junior: false },
  { name: 'Junior', code: 'JUN', share: 0.17, junior: true },
  { name: 'Senior', code: 'SEN', share: 0.1, junior: false },
  { name: 'Vardagsmedlem', code: 'VARD', share: 0.11, junior: false },
  { name: 'Passiv', code: 'PASS', share: 0.09, junior: false },
  { name: 'Studerande', code: 'STUD', share: 0.03, junior: false },
] as const;

const TOWNS = ['Uppsala', 'Stockholm', 'Göteborg', 'Malmö', 'Västerås', 'Örebro', 'Linköping', 'Enköping', 'Sigtuna', 'Knivsta'];

export interface BenchMember {
  firstname: string;
  lastname: string;
  golfId: string;
  memberNumber: string;
  email: string;
  birthDate: string;
  sex: 'male' | 'female';
  active: boolean;
  city: string;
  hcpTenths: number;
  memberSince: string;
  /** Index into MEMBER_CATEGORIES. */
  category: number;
}

function pickCategory(r: Random): number {
  let x = r.next();
  for (let i = 0; i < MEMBER_CATEGORIES.length; i++) {
    x -= MEMBER_CATEGORIES[i]?.share ?? 0;
    if (x < 0) return i;
  }
  return 0;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** `count` members with unique golf IDs (YYMMDD-NNN) and member numbers, deterministic for `r`. */
export function makeMembers(r: Random, count: number, thisYear: number): BenchMember[] {
  const used = new Set<string>();
  const out: BenchMember[] = [];
  for (let i = 0; i < count; i++) {
    const category = pickCategory(r);
    const junior = MEMBER_CATEGORIES[category]?.junior ?? false;
    const year = junior ? thisYear - r.int(7, 18) : thisYear - r.int(19, 88);
    const birthDate = `${year}-${pad(r.int(1, 12), 2)}-${pad(r.int(1, 28), 2)}`;
    let golfId: string;
    do golfId = `${birthDate.slice(2, 4)}${birthDate.slice(5, 7)}${birthDate.slice(8, 10)}-${pad(r.int(1, 999), 3)}`;
    while (used.has(golfId));
    used.add(golfId);
    const firstname = r.pick(FIRST_NAMES);
    const lastname = r.pick(SURNAMES);
    out.push({
      firstname,
      lastname,
      golfId,
      memberNumber: String(10_000 + i),
      email: `${firstname}.${lastname}.${i}@example.se`.toLowerCase(),
      birthDate,
      sex: r.chance(0.62) ? 'male' : 'female',
      active: r.chance(0.93),
      city: r.pick(TOWNS),
      hcpTenths: r.int(-20, 540),
      memberSince: `${r.int(Math.max(year + 7, 1980), thisYear)}-${pad(r.int(1, 12), 2)}-01`,
      category,
    });
  }
  return out;
}
