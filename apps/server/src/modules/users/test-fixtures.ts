import type { RoleName } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import { seedReferenceData } from '../../db/seed/reference-data';
import { startSession } from '../auth/sessions';
import { createOrganisationWithOwner } from '../organizations/organizations.service';
import { clubAccounts } from '../organizations/organizations.tables';
import { ensureSystemRoles } from '../permissions/permissions.service';
import { memberships, userClubAccounts, users } from './users.tables';

/** Helpers for the users, company, organisations and permissions tests (not loaded by the server). */

export interface TestMember {
  userId: string;
  email: string;
  name: string;
  role: RoleName;
  token: string;
  headers: { authorization: string };
}

export interface TestOrganisation {
  organisationId: string;
  clubAccountId: string;
  customerNumber: string;
  owner: TestMember;
}

let counter = 0;
const unique = () => `${process.pid}-${Date.now().toString(36)}-${++counter}`;

/** Not an Argon2 hash: these users never log in with a password, they get a session directly. */
const NO_PASSWORD_LOGIN = 'test-fixture-without-password';

export async function signIn(app: App, userId: string, organisationId: string): Promise<string> {
  const session = await startSession(app.db, app.config.JWT_SECRET, { userId, organisationId });
  return session.accessToken;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function createOrganisation(
  app: App,
  options: { name?: string; packageId?: string; organisationNumber?: string; ownerName?: string } = {},
): Promise<TestOrganisation> {
  await seedReferenceData(app.db);
  const email = `owner-${unique()}@example.se`;
  const name = options.ownerName ?? 'Anna Lindqvist';
  const created = await createOrganisationWithOwner(app.db, {
    organisation: {
      name: options.name ?? `Testklubbens GK ${unique()}`,
      packageId: options.packageId ?? 'enterprise',
      accountingProgram: 'fortnox',
      organisationNumber: options.organisationNumber ?? '802499-1237',
    },
    clubAccount: { name: options.name ?? 'Testklubbens GK' },
    owner: { email, name, passwordHash: NO_PASSWORD_LOGIN },
  });
  const token = await signIn(app, created.userId, created.organisationId);
  return {
    organisationId: created.organisationId,
    clubAccountId: created.clubAccountId,
    customerNumber: created.customerNumber,
    owner: { userId: created.userId, email, name, role: 'Owner', token, headers: bearer(token) },
  };
}

export async function addClubAccount(app: App, organisationId: string, name: string): Promise<string> {
  const [row] = await app.db
    .insert(clubAccounts)
    .values({ organisationId, name, accountingProgram: 'fortnox', organisationNumber: '559412-3456' })
    .returning({ id: clubAccounts.id });
  if (!row) throw new Error('no club account');
  return row.id;
}

export async function addMember(
  app: App,
  org: Pick<TestOrganisation, 'organisationId' | 'clubAccountId'>,
  role: RoleName,
  options: {
    name?: string;
    email?: string;
    status?: 'active' | 'invited';
    clubAccountIds?: string[];
    existingUserId?: string;
    /** One of the organisation's own roles, instead of the default role `role`. */
    roleId?: string;
  } = {},
): Promise<TestMember> {
  const roleIds = await ensureSystemRoles(app.db, org.organisationId);
  const email = options.email ?? `${role.toLowerCase()}-${unique()}@example.se`;
  const name = options.name ?? `${role} Testsson`;
  let userId = options.existingUserId;
  if (!userId) {
    const [user] = await app.db
      .insert(users)
      .values({
        email,
        name,
        passwordHash: NO_PASSWORD_LOGIN,
        currentOrganisationId: org.organisationId,
        currentClubAccountId: org.clubAccountId,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    userId = user.id;
  }
  await app.db.insert(memberships).values({
    organisationId: org.organisationId,
    userId,
    roleId: options.roleId ?? roleIds[role],
    status: options.status ?? 'active',
  });
  for (const clubAccountId of options.clubAccountIds ?? [org.clubAccountId]) {
    await app.db.insert(userClubAccounts).values({ userId, clubAccountId, organisationId: org.organisationId });
  }
  const token = options.status === 'invited' ? '' : await signIn(app, userId, org.organisationId);
  const [row] = await app.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  return { userId, email: row?.email ?? email, name: row?.name ?? name, role, token, headers: bearer(token) };
}
