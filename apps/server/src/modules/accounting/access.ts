import type { RoleRule } from '@fairway/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { BusinessError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { memberships } from '../users/users.tables';
import type { MirrorTarget } from './mirror/mirror';

export type AccountingCaller = Pick<AuthContext, 'userId' | 'organisationId' | 'clubAccountId' | 'roleId' | 'rules'>;

/** The club account in use, as the mirror target every accounting route works on. */
export function targetOf(caller: AccountingCaller): MirrorTarget {
  if (!caller.clubAccountId) throw new BusinessError(400, 'configurations.noClubAccount');
  return { organisationId: caller.organisationId, clubAccountId: caller.clubAccountId };
}

/**
 * The rule toggles of a role (docs/permissions.md#team-rules; "see/edit only team-created documents, contracts, offers,
 * customers"): with the rule on, a caller reaches only rows created in the portal by a member of
 * their team, i.e. a user of the organisation with the same role. Answers the condition to add
 * to the query, or undefined when the rule is off.
 */
export function teamCondition(caller: AccountingCaller, rule: RoleRule, createdBy: PgColumn): SQL | undefined {
  if (!caller.rules[rule]) return undefined;
  return inArray(
    createdBy,
    sql`(select ${memberships.userId} from ${memberships} where ${and(
      eq(memberships.organisationId, caller.organisationId),
      eq(memberships.roleId, caller.roleId),
    )})`,
  );
}
