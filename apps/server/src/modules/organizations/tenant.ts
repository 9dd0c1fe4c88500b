import { NotFoundError } from '../../lib/errors';

/**
 * The organisation a request acts for (docs/permissions.md#tenancy). Every repository function that
 * reads or writes tenant rows takes it as its first argument, so a query without a tenant filter
 * cannot be written by accident.
 */
export interface Tenant {
  readonly organisationId: string;
}

export function tenantOf(auth: { organisationId: string }): Tenant {
  return { organisationId: auth.organisationId };
}

/** What `reachableClubAccount` needs of `request.auth`: the organisation and the accounts given. */
export interface ClubAccountReach {
  readonly organisationId: string;
  readonly clubAccounts: readonly { readonly id: string }[];
}

/** Whether the caller was given the club account (membership of the organisation alone is not enough). */
export function reaches(auth: ClubAccountReach, clubAccountId: string): boolean {
  return auth.clubAccounts.some((c) => c.id === clubAccountId);
}

/**
 * The one gate for any input that names a club account (path, query, body or a configuration
 * that points at one): a club account of the organisation the caller was not given answers 404,
 * exactly like another organisation's id, so the answer does not tell the two apart.
 */
export function reachableClubAccount(
  auth: ClubAccountReach,
  clubAccountId: string,
): { organisationId: string; clubAccountId: string } {
  if (!reaches(auth, clubAccountId)) throw new NotFoundError('errors.clubAccountNotFound');
  return { organisationId: auth.organisationId, clubAccountId };
}
