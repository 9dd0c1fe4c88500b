import { z } from 'zod';

/** Scope categories (docs/permissions.md#scopes). */
export const SCOPE_CATEGORIES = ['accounting_data', 'golf_related', 'configuration'] as const;
export type ScopeCategory = (typeof SCOPE_CATEGORIES)[number];

/** Every scope a route can require, by category. `read` sees, `write` changes. */
export const SCOPES = {
  accounting_data: [
    'articles.read',
    'articles.write',
    'customers.read',
    'customers.write',
    'contracts.read',
    'contracts.write',
    'invoices.read',
    'invoices.write',
    'statistics.read',
    'suppliers.read',
    'duplicates.read',
    'duplicates.write',
  ],
  golf_related: [
    'members.read',
    'members.write',
    'git.read',
    'git.write',
    'fees.read',
    'fees.write',
    'receipts.read',
    'receipts.write',
    'exports.read',
    'membercare.read',
    'membercare.write',
  ],
  configuration: [
    'users.read',
    'users.manage',
    'roles.manage',
    'company.read',
    'company.write',
    'subscription.manage',
    'billing.read',
    'integrations.manage',
    'settings.manage',
    'eventlog.read',
  ],
} as const satisfies Record<ScopeCategory, readonly string[]>;

export type Scope = (typeof SCOPES)[ScopeCategory][number];
export const ALL_SCOPES: readonly Scope[] = Object.values(SCOPES).flat() as Scope[];
export const scopeSchema = z.enum(ALL_SCOPES as [Scope, ...Scope[]]);

export function scopeCategory(scope: Scope): ScopeCategory {
  return SCOPE_CATEGORIES.find((c) => (SCOPES[c] as readonly string[]).includes(scope)) as ScopeCategory;
}

/** User roles (docs/permissions.md#roles; Manager is also a default role in the roles tab). */
export const ROLES = ['Owner', 'Manager', 'Accountant', 'Staff', 'Other'] as const;
export type RoleName = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** Roles a non-owner may give when inviting (docs/permissions.md#inviting). */
export const NON_OWNER_ASSIGNABLE_ROLES: readonly RoleName[] = ['Staff', 'Accountant', 'Other'];

const read = (s: string) => s.endsWith('.read');
const accounting = SCOPES.accounting_data as readonly Scope[];
const golf = SCOPES.golf_related as readonly Scope[];

/**
 * The scopes of each built-in role. An organisation's own roles (`POST permissions/roles`,
 * apps/server/src/modules/permissions) carry the scopes they were created with instead.
 */
export const DEFAULT_ROLE_SCOPES: Record<RoleName, readonly Scope[]> = {
  Owner: ALL_SCOPES,
  Manager: ALL_SCOPES.filter((s) => s !== 'subscription.manage' && s !== 'roles.manage'),
  Accountant: [
    ...accounting,
    'members.read',
    'fees.read',
    'receipts.read',
    'exports.read',
    'company.read',
    'billing.read',
    'eventlog.read',
    'users.read',
  ],
  Staff: [...accounting.filter(read), ...golf, 'users.read', 'company.read', 'eventlog.read'],
  Other: [...accounting.filter(read), ...golf.filter(read), 'company.read'],
};

/** Rule toggles (docs/permissions.md#team-rules). */
export const ROLE_RULES = ['onlyTeamDocuments', 'onlyTeamContracts', 'onlyTeamOffers', 'onlyTeamCustomers'] as const;
export type RoleRule = (typeof ROLE_RULES)[number];
