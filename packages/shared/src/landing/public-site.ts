import { z } from 'zod';
import { DUPLICATE_RESOURCES } from '../duplicates/duplicates.schemas';

/**
 * The public pages a search engine may list (docs/web-app.md#routes), in the order the sitemap
 * gives them. Login, registration and the one-time-link pages are left out on purpose: they carry
 * nothing to find, and the provider pages only complete a connection.
 */
export const PUBLIC_PAGE_PATHS = ['/', '/functions', '/price', '/faq', '/blog', '/contact-us'] as const;
export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

export const duplicateTierSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Documents read and compared per month. */
  documentsPerMonth: z.number().int(),
  /** What the tier compares. */
  resources: z.array(z.enum(DUPLICATE_RESOURCES)),
  maxUsers: z.number().int(),
  /** Accounting-program companies that may be connected. */
  maxCompanies: z.number().int(),
  /** Months of history read at the first check. */
  historyMonths: z.number().int(),
  /** Öre per month, excluding VAT. */
  monthlyPriceOre: z.number().int(),
});
export type DuplicateTier = z.infer<typeof duplicateTierSchema>;

/**
 * The duplicate detector's tiers (`landing_page/tiers` and `tiers`, docs/subscriptions.md#tiers),
 * cheapest first. Product reference data like the golf packages, but fixed in code: a Dubbelkoll
 * subscription names its tier by id, and the limits are read from here
 * (apps/server/src/modules/subscriptions/duplicate-allowance.ts).
 */
export const DUPLICATE_TIERS: readonly DuplicateTier[] = [
  {
    id: 'start',
    name: 'Start',
    documentsPerMonth: 500,
    resources: ['invoice', 'supplier_invoice'],
    maxUsers: 2,
    maxCompanies: 1,
    historyMonths: 12,
    monthlyPriceOre: 29_500,
  },
  {
    id: 'business',
    name: 'Business',
    documentsPerMonth: 3_000,
    resources: ['invoice', 'supplier_invoice', 'order', 'voucher'],
    maxUsers: 5,
    maxCompanies: 2,
    historyMonths: 24,
    monthlyPriceOre: 69_500,
  },
  {
    id: 'pro',
    name: 'Pro',
    documentsPerMonth: 15_000,
    resources: ['invoice', 'supplier_invoice', 'order', 'voucher'],
    maxUsers: 20,
    maxCompanies: 5,
    historyMonths: 36,
    monthlyPriceOre: 149_500,
  },
];

/** The tier with this id, if there is one. */
export function findDuplicateTier(id: string | null | undefined): DuplicateTier | null {
  return DUPLICATE_TIERS.find((t) => t.id === id) ?? null;
}
