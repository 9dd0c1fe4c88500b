/** The contracts pages (spec §2; "acounting" is spelled so in the spec). */
export const CONTRACT_PATHS = {
  list: '/dashboard/acounting/contracts',
  create: '/dashboard/acounting/contracts/create',
  edit: (id: string) => `/dashboard/acounting/contracts/edit/${encodeURIComponent(id)}`,
} as const;

/** The invoice made from a contract opens on the invoices feature's edit page. */
export const invoiceEditPath = (id: string) => `/dashboard/acounting/invoices/edit/${encodeURIComponent(id)}`;
