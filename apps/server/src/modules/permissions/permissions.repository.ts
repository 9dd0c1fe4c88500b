import { ROLES, type Scope } from '@fairway/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Tenant } from '../organizations/tenant';
import { roles } from './permissions.schema';
import { type RoleRules, roleRules, roleScopes } from './permissions.service';

export interface RoleView {
  id: string;
  name: string;
  system: boolean;
  scopes: Scope[];
  rules: RoleRules;
}

/** The tenant's roles: the default roles in spec §6 order, then its own roles by name. */
export async function listRoles(conn: Db | Tx, tenant: Tenant): Promise<RoleView[]> {
  const rows = await conn.select().from(roles).where(eq(roles.organisationId, tenant.organisationId)).orderBy(asc(roles.name));
  const rank = (r: { name: string; system: boolean }) => {
    const i = (ROLES as readonly string[]).indexOf(r.name);
    return r.system && i >= 0 ? i : ROLES.length;
  };
  return rows
    .sort((a, b) => rank(a) - rank(b))
    .map((r) => ({ id: r.id, name: r.name, system: r.system, scopes: roleScopes(r), rules: roleRules(r) }));
}
