import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { GitAddress, GitMember } from '../../providers/git/git-gateway';
import { gitMemberRelations } from '../git/git.repository';
import { bumpListVersion, type GitMemberValues, type MemberTenant, upsertGitMembers } from './members.repository';
import { families, familyMembers, memberCategories, members, playerCategories } from './members.tables';

/**
 * One member register (docs/members.md): with GIT connected, the portal's members are GIT's
 * members, linked by golf ID. The GIT refresh hands every page of members it reads to
 * `registerGitMembers`, which writes the fields GIT owns (GIT_OWNED_MEMBER_FIELDS in
 * packages/shared) into `members` and leaves the portal's own (billing, fee rule, notes, status…)
 * alone; after the whole list `linkGitRelations` sets guardians and GIT's families, and after a
 * full read `retireMembersGoneFromGit` marks the members GIT no longer lists as resigned.
 */

function addressLine(a: GitAddress): string {
  return [a.careOf, a.street, `${a.postalCode} ${a.city}`.trim()].filter((part) => part && part.length > 0).join(', ');
}

/** GIT's record as the register's columns (only the fields GIT owns). */
export function memberValuesFromGit(
  m: GitMember,
  categoryId: (code: string) => string | null,
  playerCategoryId: (name: string | null) => string | null,
): GitMemberValues {
  return {
    firstname: m.firstName,
    lastname: m.lastName,
    golfId: m.golfId,
    email: m.email,
    birthDate: m.birthDate,
    sex: m.sex === 'unknown' ? null : m.sex,
    phoneMobile: m.phone,
    homeAddress: m.address?.street ?? null,
    zipCode: m.address?.postalCode ?? null,
    city: m.address?.city ?? null,
    country: m.address?.country ?? null,
    postalAddress: m.invoiceAddress ? addressLine(m.invoiceAddress) : null,
    homeClub: m.homeClub.name,
    memberCategoryId: categoryId(m.category.code),
    playerCategoryId: playerCategoryId(m.playerCategory),
    hcpTenths: m.handicap === null ? null : Math.round(m.handicap * 10),
    memberSince: m.memberSince,
    active: m.active,
    gitUpdatedAt: new Date(m.modifiedAt),
  };
}

/**
 * GIT's member categories by code, made in the portal when missing (with GIT's name; a category
 * the club already has keeps its name, description and default fee rule).
 */
async function memberCategoryIds(tx: Tx, t: MemberTenant, items: readonly GitMember[]): Promise<Map<string, string>> {
  const byCode = new Map(items.map((m) => [m.category.code, m.category.name]));
  if (byCode.size === 0) return new Map();
  await tx
    .insert(memberCategories)
    .values([...byCode].map(([code, name]) => ({ ...t, code, name })))
    .onConflictDoNothing({ target: [memberCategories.clubAccountId, memberCategories.code] });
  const rows = await tx
    .select({ id: memberCategories.id, code: memberCategories.code })
    .from(memberCategories)
    .where(and(eq(memberCategories.clubAccountId, t.clubAccountId), inArray(memberCategories.code, [...byCode.keys()])));
  return new Map(rows.map((r) => [r.code as string, r.id]));
}

/** GIT's player categories (a name, no code) by name, made in the portal when missing. */
async function playerCategoryIds(tx: Tx, t: MemberTenant, items: readonly GitMember[]): Promise<Map<string, string>> {
  const names = [...new Set(items.flatMap((m) => (m.playerCategory ? [m.playerCategory] : [])))];
  if (names.length === 0) return new Map();
  const find = () =>
    tx
      .select({ id: playerCategories.id, name: playerCategories.name })
      .from(playerCategories)
      .where(and(eq(playerCategories.clubAccountId, t.clubAccountId), inArray(playerCategories.name, names)));
  const found = new Map((await find()).map((r) => [r.name, r.id]));
  const missing = names.filter((n) => !found.has(n));
  if (missing.length === 0) return found;
  await tx.insert(playerCategories).values(missing.map((name) => ({ ...t, name })));
  return new Map((await find()).map((r) => [r.name, r.id]));
}

/**
 * Writes one page of GIT's members into the register by golf ID: a new golf ID becomes a member
 * (`source = 'git'`), a known one — made in the portal before, too — gets GIT's fields when GIT
 * changed it since, and every member of the page is stamped `git_synced_at = seenAt`, so a full
 * read can tell who GIT no longer lists.
 */
export async function registerGitMembers(db: Db, t: MemberTenant, items: readonly GitMember[], seenAt: Date): Promise<void> {
  const unique = [...new Map(items.map((m) => [m.golfId, m])).values()];
  if (unique.length === 0) return;
  await db.transaction(async (tx) => {
    const categories = await memberCategoryIds(tx, t, unique);
    const players = await playerCategoryIds(tx, t, unique);
    const rows = unique.map((m) =>
      memberValuesFromGit(
        m,
        (code) => categories.get(code) ?? null,
        (name) => (name ? (players.get(name) ?? null) : null),
      ),
    );
    await upsertGitMembers(tx, t, rows);
    await tx
      .update(members)
      .set({ gitSyncedAt: seenAt })
      .where(
        and(
          eq(members.organisationId, t.organisationId),
          eq(members.clubAccountId, t.clubAccountId),
          inArray(
            members.golfId,
            unique.map((m) => m.golfId),
          ),
        ),
      );
  });
}

/**
 * Guardians and families as GIT keeps them (read from the GIT mirror, `gitMemberRelations` in
 * modules/git/git.repository.ts, where every member of the list is by now, so a guardian on a
 * later page than the junior is found too). A family GIT keeps
 * is the portal family with its `git_family_id` (made when new, named after the payer; its fee
 * rule and discount stay the portal's); a member GIT moves out of a GIT family leaves it, a
 * family made in the portal keeps its members unless GIT puts one in a family of its own.
 */
export async function linkGitRelations(db: Db, t: MemberTenant): Promise<void> {
  const club = t.clubAccountId;
  const gitRelations = gitMemberRelations(t);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update ${members} as m set guardian_id = g.id, updated_at = now()
      from (${gitRelations}) as gm
      left join ${members} as g on g.club_account_id = gm.club_account_id and g.golf_id = gm.guardian_golf_id
      where m.club_account_id = ${club} and m.source = 'git'
        and gm.club_account_id = ${club} and gm.golf_id = m.golf_id
        and m.guardian_id is distinct from g.id`);

    await tx.execute(sql`
      insert into ${families} (organisation_id, club_account_id, name, git_family_id)
      select ${t.organisationId}, ${club},
             'Familjen ' || coalesce(min(case when gm.family_role = 'payer' then gm.last_name end), min(gm.last_name)),
             gm.family_id
      from (${gitRelations}) as gm
      where gm.club_account_id = ${club} and gm.family_id is not null
      group by gm.family_id
      on conflict (club_account_id, git_family_id) do nothing`);

    const desired = sql`
      select m.id as member_id, f.id as family_id,
             -- GIT's 'adult' does not tell a partner from a grown child: 'other' in the portal's tree.
             case gm.family_role when 'payer' then 'payer' when 'child' then 'child' else 'other' end as role
      from (${gitRelations}) as gm
      join ${members} as m on m.club_account_id = gm.club_account_id and m.golf_id = gm.golf_id and m.source = 'git'
      join ${families} as f on f.club_account_id = gm.club_account_id and f.git_family_id = gm.family_id
      where gm.club_account_id = ${club} and gm.family_id is not null`;

    // Links that are not GIT's any more: in a GIT family but not as GIT has it, or elsewhere while GIT has another.
    await tx.execute(sql`
      with desired as (${desired})
      delete from ${familyMembers} as fm
      using ${members} as m
      where fm.club_account_id = ${club} and m.id = fm.member_id and m.source = 'git'
        and (
          exists (select 1 from ${families} as f where f.id = fm.family_id and f.git_family_id is not null)
          or exists (select 1 from desired as d where d.member_id = fm.member_id)
        )
        and not exists (
          select 1 from desired as d where d.member_id = fm.member_id and d.family_id = fm.family_id and d.role = fm.role
        )`);

    await tx.execute(sql`
      with desired as (${desired})
      insert into ${familyMembers} (member_id, family_id, organisation_id, club_account_id, role)
      select d.member_id, d.family_id, ${t.organisationId}, ${club}, d.role from desired as d
      where not exists (select 1 from ${familyMembers} as fm where fm.member_id = d.member_id)
      order by (d.role = 'payer') desc
      on conflict (member_id) do nothing`);

    // A GIT family nobody belongs to any more is gone from GIT.
    await tx.execute(sql`
      delete from ${families} as f
      where f.club_account_id = ${club} and f.git_family_id is not null
        and not exists (select 1 from ${familyMembers} as fm where fm.family_id = f.id)`);

    await bumpListVersion(tx, t);
  });
}

/**
 * After a full read of GIT's members: a member GIT listed before but not in this read (not stamped
 * since `since`) has left the club in GIT. The row stays — its invoices, notes and history are the
 * portal's — but the membership is ended: inactive and resigned. Answers how many.
 */
export async function retireMembersGoneFromGit(db: Db, t: MemberTenant, since: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const retired = await tx
      .update(members)
      .set({ active: false, status: 'resigned', updatedAt: new Date() })
      .where(
        and(
          eq(members.organisationId, t.organisationId),
          eq(members.clubAccountId, t.clubAccountId),
          eq(members.source, 'git'),
          or(isNull(members.gitSyncedAt), lt(members.gitSyncedAt, since)),
          or(ne(members.status, 'resigned'), eq(members.active, true)),
        ),
      )
      .returning({ id: members.id });
    if (retired.length > 0) await bumpListVersion(tx, t);
    return retired.length;
  });
}
