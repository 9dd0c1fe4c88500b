/** The invoices pages ("acounting" is spelled so on purpose; docs/web-app.md#routes). */
export const INVOICE_PATHS = {
  list: '/dashboard/acounting/invoices',
  create: '/dashboard/acounting/invoices/create',
  edit: (id: string) => `/dashboard/acounting/invoices/edit/${encodeURIComponent(id)}`,
} as const;

/** Where the invoice quota is raised: the Subscription tab of settings and subscription. */
export const UPGRADE_PATH = '/dashboard/configuration/settings?tab=subscription';
