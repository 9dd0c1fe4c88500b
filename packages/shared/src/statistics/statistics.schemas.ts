import { z } from 'zod';

/**
 * Statistics (docs/accounting-data.md#statistics: `statistics/contracts/{x}`,
 * `statistics/customers/{x}` and the other tabs, `GET dashboard/stats`) and the dashboard home. Every figure is read from the
 * club account's mirror of its accounting program. Amounts are öre, SEK only (invoices in another
 * currency are left out of sums: the mirror has no exchange rate), cancelled invoices never count,
 * and credit notes count with their own (negative) amounts.
 */

export const STATISTICS_TABS = ['general', 'contracts', 'customers', 'invoices', 'products'] as const;
export type StatisticsTab = (typeof STATISTICS_TABS)[number];

/** The `{x}` of the statistics routes: the last 12 months (to this month), or a calendar year. */
export const LAST_12_MONTHS = 'last-12-months';
export const statisticsPeriodSchema = z
  .string()
  .max(14)
  .regex(/^(last-12-months|\d{4})$/)
  .refine((v) => v === LAST_12_MONTHS || (Number(v) >= 2000 && Number(v) <= 2100));
export type StatisticsPeriod = z.infer<typeof statisticsPeriodSchema>;

export const statisticsParamsSchema = z.object({ period: statisticsPeriodSchema }).strict();
export const statisticsQuerySchema = z.object({}).strict();

const month = z.string().regex(/^\d{4}-\d{2}$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ore = z.number().int();
const count = z.number().int().min(0);

/**
 * Amounts ex VAT are known for invoices the mirror has read in full: the programs' invoice lists
 * carry the total but not net and VAT, so the refresh reads every invoice whole. `withNet` of
 * `invoices` are read so far.
 */
export const netCoverageSchema = z.object({ invoices: count, withNet: count });
export type NetCoverage = z.infer<typeof netCoverageSchema>;

/**
 * Whether an answer's figures are computed from complete data. Until the refresh has read every
 * document they need (the first read of each list, and every invoice of the dates they cover
 * read whole), the figures that need what is missing are null, never a sum of part of the data,
 * and this says what is missing and when it should be there.
 */
export const completionSchema = z.object({
  complete: z.boolean(),
  /** Invoices of the answer's dates still to be read whole. */
  pendingInvoices: count,
  /** A refresh is under way (queued or running) that reads what is missing. */
  refreshing: z.boolean(),
  /**
   * When the missing invoices should be read, from the refresh's pace; null when no refresh is
   * under way, or while it is still reading the lists (how many there are is not known yet).
   */
  expectedAt: z.string().nullable(),
});
export type Completion = z.infer<typeof completionSchema>;

/**
 * The window a statistics answer covers: `from`–`to` (inclusive) and, for the comparison series,
 * the same months a year earlier. `months` are the 12 months of the window in order.
 */
const windowFields = {
  period: statisticsPeriodSchema,
  from: isoDate,
  to: isoDate,
  previousFrom: isoDate,
  previousTo: isoDate,
  /** When the mirror was last refreshed from the accounting program (null: never). */
  syncedAt: z.string().nullable(),
  completion: completionSchema,
};

export const generalStatisticsSchema = z.object({
  ...windowFields,
  totals: z.object({
    billedTotalOre: ore,
    previousBilledTotalOre: ore,
    /** Null until every invoice of the window is read whole (see completionSchema). */
    billedNetOre: ore.nullable(),
    netCoverage: netCoverageSchema,
    paidOre: ore,
    previousPaidOre: ore,
    invoiceCount: count,
    creditNoteCount: count,
    /** Now, not for the window. */
    unpaidBalanceOre: ore,
    overdueBalanceOre: ore,
    activeCustomers: count,
    activeContracts: count,
  }),
  months: z
    .array(z.object({ month, billedTotalOre: ore, previousBilledTotalOre: ore, paidOre: ore, previousPaidOre: ore }))
    .max(12),
});
export type GeneralStatistics = z.infer<typeof generalStatisticsSchema>;

export const INVOICE_STATUSES = ['unbooked', 'unpaid', 'overdue', 'paid', 'credit', 'cancelled'] as const;
export type InvoiceStatisticsStatus = (typeof INVOICE_STATUSES)[number];

export const invoiceStatisticsSchema = z.object({
  ...windowFields,
  totals: z.object({
    count: count,
    previousCount: count,
    creditNoteCount: count,
    cancelledCount: count,
    /** Null until every invoice of the window is read whole (see completionSchema). */
    billedNetOre: ore.nullable(),
    billedVatOre: ore.nullable(),
    netCoverage: netCoverageSchema,
    billedTotalOre: ore,
    previousBilledTotalOre: ore,
    /** Credit notes of the window (negative). */
    creditedTotalOre: ore,
    paidOre: ore,
    /** Mean days from invoice date to the date it became fully paid; null without paid invoices. */
    averageDaysToPay: z.number().nullable(),
  }),
  /** Invoices dated in the window, by what they are now. */
  byStatus: z.array(z.object({ status: z.enum(INVOICE_STATUSES), count: count, totalOre: ore })).max(6),
  months: z
    .array(
      z.object({
        month,
        count: count,
        previousCount: count,
        billedTotalOre: ore,
        previousBilledTotalOre: ore,
        creditedTotalOre: ore,
        paidOre: ore,
      }),
    )
    .max(12),
});
export type InvoiceStatistics = z.infer<typeof invoiceStatisticsSchema>;

export const TOP_CUSTOMERS = 10;
export const customerStatisticsSchema = z.object({
  ...windowFields,
  totals: z.object({
    customers: count,
    active: count,
    companies: count,
    private: count,
    /** Customers with at least one invoice in the window. */
    billedCustomers: count,
    previousBilledCustomers: count,
  }),
  months: z.array(z.object({ month, billedCustomers: count, previousBilledCustomers: count })).max(12),
  top: z
    .array(
      z.object({
        customerNumber: z.string().max(50),
        customerName: z.string().max(1024),
        /** The mirror row, for a link to the customer; null when the customer is not mirrored. */
        customerId: z.string().uuid().nullable(),
        invoiceCount: count,
        billedTotalOre: ore,
      }),
    )
    .max(TOP_CUSTOMERS),
});
export type CustomerStatistics = z.infer<typeof customerStatisticsSchema>;

export const CONTRACT_STATISTICS_STATUSES = ['active', 'upcoming', 'inactive', 'finished', 'terminated'] as const;
export type ContractStatisticsStatus = (typeof CONTRACT_STATISTICS_STATUSES)[number];

export const contractStatisticsSchema = z.object({
  ...windowFields,
  totals: z.object({
    contracts: count,
    /** Active contracts' invoice totals spread over their interval: what they bring in a month, incl. VAT. */
    monthlyValueOre: ore,
    invoicedTotalOre: ore,
    previousInvoicedTotalOre: ore,
    started: count,
    previousStarted: count,
  }),
  byStatus: z.array(z.object({ status: z.enum(CONTRACT_STATISTICS_STATUSES), count: count })).max(5),
  byInterval: z.array(z.object({ months: z.number().int(), count: count })).max(12),
  months: z
    .array(z.object({ month, started: count, previousStarted: count, invoicedTotalOre: ore, previousInvoicedTotalOre: ore }))
    .max(12),
});
export type ContractStatistics = z.infer<typeof contractStatisticsSchema>;

export const TOP_PRODUCTS = 15;
export const productStatisticsSchema = z.object({
  ...windowFields,
  /**
   * Invoice rows reach the mirror only when an invoice is read in full (lists carry no rows):
   * `invoicesWithRows` of the window's `invoices` are read so far. Until the window and the year
   * before are read (see completionSchema), totals are null and months and articles empty.
   */
  coverage: z.object({ invoices: count, invoicesWithRows: count }),
  totals: z.object({ netOre: ore.nullable(), previousNetOre: ore.nullable(), articles: count.nullable() }),
  months: z.array(z.object({ month, netOre: ore, previousNetOre: ore })).max(12),
  /** Revenue ex VAT per article, largest first; rows without an article are one entry with a null number. */
  articles: z
    .array(
      z.object({
        articleNumber: z.string().max(50).nullable(),
        description: z.string().max(1024),
        quantityHundredths: z.number().int(),
        netOre: ore,
        previousNetOre: ore,
        invoiceCount: count,
      }),
    )
    .max(TOP_PRODUCTS),
});
export type ProductStatistics = z.infer<typeof productStatisticsSchema>;

export const DASHBOARD_UNPAID_ROWS = 10;
export const dashboardStatsSchema = z.object({
  /** Today in Sweden, and this month. */
  today: isoDate,
  month,
  syncedAt: z.string().nullable(),
  /** Covers the figures from 1 January last year (see completionSchema). */
  completion: completionSchema,
  /** netOre: null until every invoice of the month is read whole. */
  billedThisMonth: z.object({ totalOre: ore, netOre: ore.nullable(), count: count }),
  unpaid: z.object({ count: count, balanceOre: ore, overdueCount: count, overdueBalanceOre: ore }),
  /** Members of the register whose membership began this month; null for a caller without members.read. */
  newMembersThisMonth: count.nullable(),
  /** Each sum is null until every invoice it covers is read whole. */
  revenueThisYear: z.object({
    netOre: ore.nullable(),
    previousYearToDateNetOre: ore.nullable(),
    netCoverage: netCoverageSchema,
  }),
  /** The last 12 months, billed and paid in (both incl. VAT, so they compare). */
  chart: z.array(z.object({ month, billedTotalOre: ore, paidOre: ore })).max(12),
  /** Unpaid invoices, earliest due first. */
  unpaidInvoices: z
    .array(
      z.object({
        id: z.string().uuid(),
        number: z.string().max(50),
        customerNumber: z.string().max(50),
        customerName: z.string().max(1024),
        totalOre: ore,
        balanceOre: ore,
        currency: z.string().max(3),
        invoiceDate: isoDate,
        dueDate: isoDate.nullable(),
        overdue: z.boolean(),
      }),
    )
    .max(DASHBOARD_UNPAID_ROWS),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
