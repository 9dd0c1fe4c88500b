import { ACCOUNTING_PROGRAMS, type AccountingProgram, type RoleName } from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { asSystem } from '../../db/tenant-context';
import { NotFoundError } from '../../lib/errors';
import { addPasswordHistory } from '../auth/auth.repository';
import { ensureSystemRoles } from '../permissions/permissions.repository';
import { startSubscription } from '../subscriptions/subscriptions.service';
import { insertMembership, insertUser, replaceClubAccess } from '../users/users.repository';
import * as repo from './organizations.repository';
import type { Tenant } from './tenant';

/** A further organisation starts on the free package; upgrading is the subscription's business. */
export const NEW_ORGANISATION_PACKAGE_ID = 'free';

/** A new person becoming the owner, or an existing user founding a further organisation. */
export type OwnerInput =
  | { existingUserId: string }
  | { email: string; name: string; phone?: string | null; passwordHash: string };

export interface CreateOrganisationWithOwnerInput {
  organisation: {
    name: string;
    packageId: string;
    accountingProgram: AccountingProgram;
    golfClubId?: string | null;
    organisationNumber?: string | null;
    /** An existing customer's number; omitted, the next number of the sequence is used. */
    customerNumber?: string;
    /** A Dubbelkoll customer's tier (docs/subscriptions.md#tiers); a golf club has none. */
    duplicateTierId?: string | null;
  };
  /** The first club account, e.g. the golf club itself. */
  clubAccount: { name: string; organisationNumber?: string | null };
  owner: OwnerInput;
  /** The "golf club admin" flag (docs/permissions.md#tenancy) on the owner's membership. */
  golfclubAdmin?: boolean;
}

export interface CreatedOrganisation {
  organisationId: string;
  customerNumber: string;
  clubAccountId: string;
  userId: string;
  roleIds: Record<RoleName, string>;
}

/**
 * Creates an organisation with its first club account, its system roles and its Owner (docs/permissions.md#roles)
 * in the caller's transaction, so a failure leaves nothing half-made. A new owner also gets the
 * password's first history entry and lands in the new organisation and club account.
 */
export async function createOrganisationWithOwner(
  tx: Db | Tx,
  input: CreateOrganisationWithOwnerInput,
): Promise<CreatedOrganisation> {
  const customerNumber = input.organisation.customerNumber ?? (await nextFreeCustomerNumber(tx));
  const organisation = await repo.insertOrganisation(tx, {
    name: input.organisation.name,
    packageId: input.organisation.packageId,
    accountingProgram: input.organisation.accountingProgram,
    golfClubId: input.organisation.golfClubId ?? null,
    organisationNumber: input.organisation.organisationNumber ?? null,
    customerNumber,
  });
  const tenant: Tenant = { organisationId: organisation.id };
  const clubAccountId = await repo.insertClubAccount(tx, tenant, {
    name: input.clubAccount.name,
    organisationNumber: input.clubAccount.organisationNumber ?? null,
    accountingProgram: input.organisation.accountingProgram,
  });

  const roleIds = await ensureSystemRoles(tx, tenant);

  let userId: string;
  if ('existingUserId' in input.owner) {
    userId = input.owner.existingUserId;
  } else {
    userId = await insertUser(tx, {
      email: input.owner.email.trim().toLowerCase(),
      name: input.owner.name,
      phone: input.owner.phone || null,
      passwordHash: input.owner.passwordHash,
      currentOrganisationId: organisation.id,
      currentClubAccountId: clubAccountId,
    });
    await addPasswordHistory(tx, userId, input.owner.passwordHash);
  }

  await insertMembership(tx, tenant, {
    userId,
    roleId: roleIds.Owner,
    golfclubAdmin: input.golfclubAdmin ?? true,
    status: 'active',
  });
  await replaceClubAccess(tx, tenant, userId, [clubAccountId]);
  await startSubscription(tx, organisation.id, { duplicateTierId: input.organisation.duplicateTierId ?? null });

  return {
    organisationId: organisation.id,
    customerNumber: organisation.customerNumber,
    clubAccountId,
    userId,
    roleIds,
  };
}

/**
 * A signed-in user founds a further organisation, which keeps the accounting program of the one
 * they work in. The new organisation's rows belong to no organisation the request works for yet,
 * so they are written as system work, in a transaction of their own.
 */
export async function createFurtherOrganisation(
  db: Db,
  tenant: Tenant,
  input: { ownerUserId: string; name: string; organisationNumber: string | null },
): Promise<CreatedOrganisation> {
  const settings = await repo.findOrganisationSettings(db, tenant);
  if (!settings) throw new NotFoundError();
  const accountingProgram = (ACCOUNTING_PROGRAMS as readonly string[]).includes(settings.accountingProgram)
    ? (settings.accountingProgram as AccountingProgram)
    : 'fortnox';
  return asSystem(() =>
    db.transaction((tx) =>
      createOrganisationWithOwner(tx, {
        organisation: {
          name: input.name,
          packageId: NEW_ORGANISATION_PACKAGE_ID,
          accountingProgram,
          organisationNumber: input.organisationNumber,
        },
        clubAccount: { name: input.name, organisationNumber: input.organisationNumber },
        owner: { existingUserId: input.ownerUserId },
      }),
    ),
  );
}

/**
 * The next customer number of the sequence that no organisation holds yet: existing customers
 * bring numbers of their own, which the sequence may later reach.
 */
async function nextFreeCustomerNumber(tx: Db | Tx): Promise<string> {
  for (let tries = 0; tries < 1000; tries++) {
    const n = await repo.nextCustomerNumber(tx);
    if (!n) break;
    if (!(await repo.customerNumberInUse(tx, n))) return n;
  }
  throw new Error('no free customer number');
}
