import { z } from 'zod';
import { requiredString } from '../validation/rules';
import {
  ALL_SCOPES,
  NON_OWNER_ASSIGNABLE_ROLES,
  ROLE_RULES,
  ROLES,
  type RoleRule,
  SCOPE_CATEGORIES,
  type Scope,
  scopeSchema,
} from './scopes';

export const ROLE_NAME_MAX = 60;

const ruleFlags = Object.fromEntries(ROLE_RULES.map((r) => [r, z.boolean()])) as Record<RoleRule, z.ZodBoolean>;

/** The four rule toggles (docs/permissions.md#team-rules), all present. */
export const roleRulesSchema = z.object(ruleFlags);
export type RoleRules = z.infer<typeof roleRulesSchema>;

export const NO_RULES: RoleRules = {
  onlyTeamDocuments: false,
  onlyTeamContracts: false,
  onlyTeamOffers: false,
  onlyTeamCustomers: false,
};

/** GET permissions/roles: one role of the organisation. */
export const roleDefinitionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** A default role (docs/permissions.md#roles): its scopes follow the product and it cannot be changed or removed. */
  system: z.boolean(),
  scopes: z.array(scopeSchema),
  rules: roleRulesSchema,
  /** Members of the organisation (active or invited) who have the role. */
  userCount: z.number().int(),
});
export type RoleDefinition = z.infer<typeof roleDefinitionSchema>;

export const scopeViewSchema = z.object({ name: scopeSchema, category: z.enum(SCOPE_CATEGORIES) });
export const scopeCategoryViewSchema = z.object({ id: z.enum(SCOPE_CATEGORIES), scopes: z.array(scopeSchema) });

/** POST permissions/roles and PUT permissions/roles/{id}: the whole role. */
export const roleBodySchema = z
  .object({
    name: requiredString(ROLE_NAME_MAX),
    scopes: z.array(scopeSchema).min(1).max(ALL_SCOPES.length),
    rules: z
      .object(
        Object.fromEntries(ROLE_RULES.map((r) => [r, z.boolean().default(false)])) as Record<
          RoleRule,
          z.ZodDefault<z.ZodBoolean>
        >,
      )
      .strict()
      .default(NO_RULES),
  })
  .strict();
export type RoleBody = z.infer<typeof roleBodySchema>;
export type RoleBodyInput = z.input<typeof roleBodySchema>;

/** DELETE permissions/roles/{id}: `reassignTo` moves the role's users to another role first. */
export const deleteRoleQuerySchema = z.object({ reassignTo: z.uuid().optional() }).strict();

/** Who is choosing: the signed-in user's role name and scopes (`users/me`, `request.auth`). */
export interface RoleChooser {
  role: string;
  scopes: readonly string[];
}

const isOwner = (chooser: RoleChooser) => chooser.role === 'Owner';

/**
 * Whether `chooser` may give `role` to a user (docs/permissions.md#inviting): an Owner any role; others Staff,
 * Accountant and Other, and an organisation's own role only when it grants nothing the chooser
 * lacks — otherwise giving it would be a way round the Owner-only roles.
 */
export function canAssignRole(chooser: RoleChooser, role: Pick<RoleDefinition, 'name' | 'system' | 'scopes'>): boolean {
  if (isOwner(chooser)) return true;
  if (role.system) return (NON_OWNER_ASSIGNABLE_ROLES as readonly string[]).includes(role.name);
  return role.scopes.every((scope) => chooser.scopes.includes(scope));
}

/** The scopes `chooser` may put into a role: an Owner any, others only those they hold themselves. */
export function grantableScopes(chooser: RoleChooser): Scope[] {
  return isOwner(chooser) ? [...ALL_SCOPES] : ALL_SCOPES.filter((s) => chooser.scopes.includes(s));
}

/** Names taken by the default roles, compared without regard to case. */
export function isReservedRoleName(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return ROLES.some((r) => r.toLowerCase() === lower);
}
