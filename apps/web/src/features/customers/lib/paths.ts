/** The customers pages ("acounting" is spelled so on purpose; docs/web-app.md#routes). */
export const CUSTOMER_PATHS = {
  list: '/dashboard/acounting/customers',
  create: '/dashboard/acounting/customers/create',
  edit: (id: string) => `/dashboard/acounting/customers/edit/${encodeURIComponent(id)}`,
} as const;
