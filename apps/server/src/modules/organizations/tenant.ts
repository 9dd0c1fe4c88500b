/**
 * The organisation a request acts for (ARCHITECTURE §5 Tenancy). Every repository function that
 * reads or writes tenant rows takes it as its first argument, so a query without a tenant filter
 * cannot be written by accident.
 */
export interface Tenant {
  readonly organisationId: string;
}

export function tenantOf(auth: { organisationId: string }): Tenant {
  return { organisationId: auth.organisationId };
}
