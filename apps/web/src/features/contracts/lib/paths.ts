/** The contracts pages ("acounting" is spelled so on purpose; docs/web-app.md#routes). */
export const CONTRACT_PATHS = {
  list: '/dashboard/acounting/contracts',
  create: '/dashboard/acounting/contracts/create',
  edit: (id: string) => `/dashboard/acounting/contracts/edit/${encodeURIComponent(id)}`,
} as const;

/** The invoice made from a contract opens on the invoices feature's edit page. */
export const invoiceEditPath = (id: string) => `/dashboard/acounting/invoices/edit/${encodeURIComponent(id)}`;
