/** The members pages (docs/members-and-fees.md#members). */
export const MEMBER_PATHS = {
  list: '/dashboard/golfrelated/members',
  create: '/dashboard/golfrelated/create-member',
  categories: '/dashboard/golfrelated/member-categories',
  detail: (id: string, tab?: string) =>
    `/dashboard/golfrelated/members/detail/${encodeURIComponent(id)}${tab ? `?tab=${encodeURIComponent(tab)}` : ''}`,
} as const;

/** The member detail tabs (docs/members-and-fees.md#members), in their order; the first is the default. */
export const MEMBER_TABS = ['profile', 'billing', 'membership', 'sport', 'notes', 'support', 'family'] as const;
export type MemberTab = (typeof MEMBER_TABS)[number];

/**
 * An invoice's page in the invoices feature (features/invoices/lib/paths.ts, INVOICE_PATHS.edit):
 * the billing tab links each invoice there; features do not import each other.
 */
export const INVOICE_PAGE = (id: string) => `/dashboard/acounting/invoices/edit/${encodeURIComponent(id)}`;
