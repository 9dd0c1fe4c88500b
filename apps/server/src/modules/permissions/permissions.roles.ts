import {
  canAssignRole,
  encodeMessage,
  grantableScopes,
  isReservedRoleName,
  type RoleBody,
  type RoleDefinition,
  type Scope,
} from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { BusinessError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { type Tenant, tenantOf } from '../organizations/tenant';
import { lockOrganisation } from '../users/users.repository';
import {
  countRoleUsers,
  deleteRole,
  findRole,
  insertRole,
  listRoles,
  moveRoleUsers,
  type RoleRef,
  roleNameTaken,
  updateRole,
} from './permissions.repository';
import { roleNameParam } from './permissions.service';

/** Who manages roles: `request.auth`. */
export type RoleActor = Pick<AuthContext, 'userId' | 'organisationId' | 'role' | 'scopes'>;

const nameTaken = () => new ValidationError({ name: [encodeMessage('role_name_taken')] });

function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined);
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}

/**
 * A role may only grant what its maker holds (an Owner holds everything): otherwise anyone with
 * roles.manage could write themself a role with the Owner's powers.
 */
function assertGrantable(actor: RoleActor, scopes: readonly Scope[]): void {
  const grantable = new Set<string>(grantableScopes(actor));
  const refused = scopes.find((s) => !grantable.has(s));
  if (refused) throw new ForbiddenError('permissions.scopeNotGrantable', { scope: refused });
}

async function roleOf(conn: Db | Tx, tenant: Tenant, id: string): Promise<RoleRef> {
  const role = await findRole(conn, tenant, id);
  if (!role) throw new NotFoundError('permissions.roleNotFound');
  return role;
}

function assertEditable(role: RoleRef): void {
  if (role.system) throw new BusinessError(400, 'permissions.systemRoleReadOnly', { role: roleNameParam(role) });
}

async function definitionOf(conn: Db | Tx, tenant: Tenant, id: string): Promise<RoleDefinition> {
  const role = (await listRoles(conn, tenant)).find((r) => r.id === id);
  if (!role) throw new NotFoundError('permissions.roleNotFound');
  return role;
}

async function write(
  db: Db,
  actor: RoleActor,
  body: RoleBody,
  run: (tx: Tx, tenant: Tenant, values: { name: string; scopes: Scope[]; rules: RoleBody['rules'] }) => Promise<string>,
  exceptId?: string,
): Promise<RoleDefinition> {
  const tenant = tenantOf(actor);
  const scopes = [...new Set(body.scopes)];
  assertGrantable(actor, scopes);
  if (isReservedRoleName(body.name)) throw nameTaken();
  try {
    const id = await db.transaction(async (tx) => {
      await lockOrganisation(tx, tenant);
      if (await roleNameTaken(tx, tenant, body.name, exceptId)) throw nameTaken();
      return run(tx, tenant, { name: body.name, scopes, rules: body.rules });
    });
    return definitionOf(db, tenant, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** POST permissions/roles: a role of the organisation's own (docs/permissions.md#roles). */
export function createRole(db: Db, actor: RoleActor, body: RoleBody): Promise<RoleDefinition> {
  return write(db, actor, body, (tx, tenant, values) => insertRole(tx, tenant, values));
}

/**
 * PUT permissions/roles/{id}. Default roles follow the product and cannot be changed; the change
 * reaches the role's users on their next call, since every call loads the role afresh.
 */
export async function changeRole(db: Db, actor: RoleActor, id: string, body: RoleBody): Promise<RoleDefinition> {
  assertEditable(await roleOf(db, tenantOf(actor), id));
  return write(
    db,
    actor,
    body,
    async (tx, tenant, values) => {
      assertEditable(await roleOf(tx, tenant, id));
      await updateRole(tx, tenant, id, values);
      return id;
    },
    id,
  );
}

/**
 * DELETE permissions/roles/{id}. A role somebody has is refused with the number of its users,
 * unless `reassignTo` names the role they move to (one the remover may give).
 */
export async function removeRole(db: Db, actor: RoleActor, id: string, reassignTo?: string): Promise<void> {
  const tenant = tenantOf(actor);
  await db.transaction(async (tx) => {
    await lockOrganisation(tx, tenant);
    const role = await roleOf(tx, tenant, id);
    assertEditable(role);
    // A role named to move users to is checked whether or not anybody has to move.
    const target = reassignTo === undefined ? undefined : reassignTo === id ? null : await findRole(tx, tenant, reassignTo);
    if (target === null) throw new ValidationError({ reassignTo: [encodeMessage('invalid_value')] });
    const users = await countRoleUsers(tx, tenant, id);
    if (users > 0) {
      if (!target) {
        throw new BusinessError(400, users === 1 ? 'permissions.roleInUseOne' : 'permissions.roleInUse', {
          role: roleNameParam(role),
          count: users,
        });
      }
      if (!canAssignRole(actor, target)) {
        throw target.name === 'Owner' && target.system
          ? new ForbiddenError('users.onlyOwnerAssignsOwner')
          : new ForbiddenError('users.roleNotAssignable', { role: roleNameParam(target) });
      }
      await moveRoleUsers(tx, tenant, id, target.id);
    }
    await deleteRole(tx, tenant, id);
  });
}
