/** The invoices pages (spec §2; "acounting" is spelled so in the spec). */
export const INVOICE_PATHS = {
  list: '/dashboard/acounting/invoices',
  create: '/dashboard/acounting/invoices/create',
  edit: (id: string) => `/dashboard/acounting/invoices/edit/${encodeURIComponent(id)}`,
} as const;

/** Where the invoice quota is raised: the Subscription tab of settings and subscription. */
export const UPGRADE_PATH = '/dashboard/configuration/settings?tab=subscription';
