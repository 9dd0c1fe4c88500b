import type { Brand, RoleName } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../lib/passwords';
import { connectToSimulator } from '../../modules/accounting/connection/connections.service';
import { DUBBELKOLL_PACKAGE_ID } from '../../modules/auth/auth.service';
import { connectDemoGit } from '../../modules/git/connection/git-connections.service';
import { queueGitRefresh } from '../../modules/git/refresh/git-refresh.service';
import { createOrganisationWithOwner } from '../../modules/organizations/organizations.service';
import { ensureSystemRoles } from '../../modules/permissions/permissions.repository';
import type { Db } from '../client';
import { clubAccounts, memberships, organisations, passwordHistory, userClubAccounts, users } from '../schema';
import { seedDemoFees } from './demo-fees';
import { DEMO_CLUB_ACCOUNTS, DEMO_DUBBELKOLL_COMPANY, DEMO_LOGINS, DEMO_ORGANISATION, type DemoLogin } from './demo-logins';
import { seedDemoMembers } from './demo-members';
import { seedReferenceData } from './reference-data';

/** Phone numbers from the range PTS keeps for fiction (070-174 06 05 – 070-174 06 99). */
const PHONES: Record<RoleName, string> = {
  Owner: '070-174 06 11',
  Manager: '070-174 06 12',
  Accountant: '070-174 06 13',
  Staff: '070-174 06 14',
  Other: '070-174 06 15',
};

/** Which of the two club accounts each role may reach: the operating company is for the office. */
const REACHES_OPERATING_COMPANY: Record<RoleName, boolean> = {
  Owner: true,
  Manager: true,
  Accountant: true,
  Staff: false,
  Other: false,
};

/**
 * The demo organisation "Fairway Demo GK" (Uppsala) with its two club accounts and one user per
 * role; under the Dubbelkoll brand the company "Dubbelkoll Demo AB" on the Business tier instead. main.ts runs it on an empty database; running it again changes nothing. Answers the
 * logins to print.
 */
export async function seedDemo(app: { db: Db }, brand: Brand = 'fairway'): Promise<DemoLogin[]> {
  const { db } = app;
  const dubbelkoll = brand === 'dubbelkoll';
  const logins = DEMO_LOGINS.map((l) => ({ ...l }));
  const owner = DEMO_LOGINS[0] as DemoLogin;
  const [already] = await db.select({ id: users.id }).from(users).where(eq(users.email, owner.email)).limit(1);
  if (already) return logins;

  await seedReferenceData(db);
  const hashes = await Promise.all(DEMO_LOGINS.map((l) => hashPassword(l.password)));

  await db.transaction(async (tx) => {
    const [club, operating] = DEMO_CLUB_ACCOUNTS;
    // Dubbelkoll's demo is one company on the Business tier; the golf demo a club with its operating company.
    const facts = dubbelkoll ? DEMO_DUBBELKOLL_COMPANY : DEMO_ORGANISATION;
    const created = await createOrganisationWithOwner(tx, {
      organisation: dubbelkoll
        ? {
            name: DEMO_DUBBELKOLL_COMPANY.name,
            packageId: DUBBELKOLL_PACKAGE_ID,
            accountingProgram: DEMO_DUBBELKOLL_COMPANY.accountingProgram,
            organisationNumber: DEMO_DUBBELKOLL_COMPANY.organisationNumber,
            duplicateTierId: DEMO_DUBBELKOLL_COMPANY.tierId,
          }
        : {
            name: DEMO_ORGANISATION.name,
            packageId: DEMO_ORGANISATION.packageId,
            accountingProgram: DEMO_ORGANISATION.accountingProgram,
            organisationNumber: DEMO_ORGANISATION.organisationNumber,
          },
      clubAccount: dubbelkoll
        ? { name: DEMO_DUBBELKOLL_COMPANY.name, organisationNumber: DEMO_DUBBELKOLL_COMPANY.organisationNumber }
        : { name: club.name, organisationNumber: club.organisationNumber },
      owner: { email: owner.email, name: owner.name, phone: PHONES.Owner, passwordHash: hashes[0] as string },
      golfclubAdmin: !dubbelkoll,
    });
    const organisationId = created.organisationId;
    await tx
      .update(organisations)
      .set({
        invoiceAddress: facts.invoiceAddress,
        zipCode: facts.zipCode,
        city: facts.city,
        country: facts.country,
        billingEmail: facts.billingEmail,
      })
      .where(eq(organisations.id, organisationId));
    let drift: { id: string } | undefined;
    if (!dubbelkoll) {
      [drift] = await tx
        .insert(clubAccounts)
        .values({
          organisationId,
          name: operating.name,
          organisationNumber: operating.organisationNumber,
          accountingProgram: operating.accountingProgram,
        })
        .returning({ id: clubAccounts.id });
      if (!drift) throw new Error('club_accounts insert returned no row');
      await tx.insert(userClubAccounts).values({ userId: created.userId, clubAccountId: drift.id, organisationId });
    }
    const roleIds = await ensureSystemRoles(tx, { organisationId });

    for (const [index, login] of DEMO_LOGINS.entries()) {
      if (login.role === 'Owner') continue;
      const passwordHash = hashes[index] as string;
      const [user] = await tx
        .insert(users)
        .values({
          email: login.email,
          name: login.name,
          displayName: login.name.split(' ')[0] ?? null,
          phone: PHONES[login.role],
          passwordHash,
          currentOrganisationId: organisationId,
          currentClubAccountId: created.clubAccountId,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('users insert returned no row');
      await tx.insert(passwordHistory).values({ userId: user.id, passwordHash });
      await tx.insert(memberships).values({
        organisationId,
        userId: user.id,
        roleId: roleIds[login.role],
        golfclubAdmin: !dubbelkoll && login.role === 'Manager',
        status: 'active',
      });
      const reach = drift && REACHES_OPERATING_COMPANY[login.role] ? [created.clubAccountId, drift.id] : [created.clubAccountId];
      await tx
        .insert(userClubAccounts)
        .values(reach.map((clubAccountId) => ({ userId: user.id, clubAccountId, organisationId })));
    }
    if (!dubbelkoll) {
      await seedDemoMembers(tx, { organisationId, clubAccountId: created.clubAccountId });
      await seedDemoFees(tx, { organisationId, clubAccountId: created.clubAccountId });
    }
  });
  return logins;
}

/**
 * Links the demo club to the Fortnox simulator and its operating company to the Visma eEkonomi
 * simulator, and the demo club to the GIT simulator (docs/decisions/simulators.md), so every accounting and
 * GIT page has data to show. Only for a freshly seeded demo.
 */
export async function connectDemoAccounts(app: FastifyInstance): Promise<void> {
  const [owner] = await app.db
    .select({ id: users.id, organisationId: users.currentOrganisationId })
    .from(users)
    .where(eq(users.email, (DEMO_LOGINS[0] as DemoLogin).email));
  if (!owner?.organisationId) return;
  const accounts = await app.db
    .select({ id: clubAccounts.id, accountingProgram: clubAccounts.accountingProgram })
    .from(clubAccounts)
    .where(eq(clubAccounts.organisationId, owner.organisationId));
  for (const account of accounts) {
    if (account.accountingProgram !== 'fortnox' && account.accountingProgram !== 'visma_eekonomi') continue;
    await connectToSimulator(
      app,
      { organisationId: owner.organisationId, clubAccountId: account.id },
      account.accountingProgram,
      owner.id,
    );
    // The golf club's GIT is the GIT simulator (docs/git.md#protocol); Dubbelkoll's company has no GIT.
    if (account.accountingProgram === 'fortnox' && app.config.BRAND !== 'dubbelkoll') {
      const target = { organisationId: owner.organisationId, clubAccountId: account.id };
      await connectDemoGit(app, target, owner.id);
      await queueGitRefresh(app, target, 'initial');
    }
  }
}
