/** The GIT pages (docs/git.md#pages). */
export const GIT_PATHS = {
  page: '/dashboard/golfrelated/git',
  tab: (tab: string) => `/dashboard/golfrelated/git?tab=${tab}`,
  occasion: (id: string) => `/dashboard/golfrelated/git/invoice-occasions/${id}`,
  /** The accounting invoice list searched for one invoice number (the invoice page takes the portal's id). */
  accountingInvoice: (number: string) => `/dashboard/acounting/invoices?search=${encodeURIComponent(number)}`,
  /** The configurations page's API tab, where the sync switches and the club to sync to are set. */
  apiConfiguration: '/dashboard/settings?tab=api',
  integrations: '/dashboard/configuration/integrations',
} as const;

export const GIT_TABS = [
  'members',
  'articles',
  'invoiceOccasions',
  'paidInvoices',
  'creditedInvoices',
  'settings',
  'transactionLog',
] as const;
export type GitTab = (typeof GIT_TABS)[number];
