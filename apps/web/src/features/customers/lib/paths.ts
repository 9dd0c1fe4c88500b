/** The customers pages (spec §2; "acounting" is spelled so in the spec). */
export const CUSTOMER_PATHS = {
  list: '/dashboard/acounting/customers',
  create: '/dashboard/acounting/customers/create',
  edit: (id: string) => `/dashboard/acounting/customers/edit/${encodeURIComponent(id)}`,
} as const;
