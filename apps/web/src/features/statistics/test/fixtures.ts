import type { Completion } from '@fairway/shared';
import type { StatisticsByTab } from '../api/get-statistics';

const complete: Completion = { complete: true, pendingInvoices: 0, refreshing: false, expectedAt: null };

/** A refresh under way that has 20 invoices of the period left to read whole, about 100 s from now. */
export const refreshing = (): Completion => ({
  complete: false,
  pendingInvoices: 20,
  refreshing: true,
  expectedAt: new Date(Date.now() + 100_000).toISOString(),
});

const window = {
  period: 'last-12-months',
  from: '2025-04-01',
  to: '2026-03-31',
  previousFrom: '2024-04-01',
  previousTo: '2025-03-31',
  syncedAt: '2026-03-20T08:00:00.000Z',
  completion: complete,
};

const months = <T extends object>(row: (index: number) => T) =>
  Array.from({ length: 3 }, (_, index) => ({ month: `2026-0${index + 1}`, ...row(index) }));

/** One answer per statistics tab, with figures a reader can check on the page. */
export const STATISTICS_FIXTURES: StatisticsByTab = {
  general: {
    ...window,
    // Some invoices of the period are still being read whole: no sum ex VAT yet.
    completion: refreshing(),
    totals: {
      billedTotalOre: 12_345_600,
      previousBilledTotalOre: 10_000_000,
      billedNetOre: null,
      netCoverage: { invoices: 120, withNet: 100 },
      paidOre: 11_000_000,
      previousPaidOre: 0,
      invoiceCount: 120,
      creditNoteCount: 4,
      unpaidBalanceOre: 1_345_600,
      overdueBalanceOre: 250_000,
      activeCustomers: 812,
      activeContracts: 640,
    },
    months: months((i) => ({
      billedTotalOre: 100_000 * (i + 1),
      previousBilledTotalOre: 90_000,
      paidOre: 80_000,
      previousPaidOre: 0,
    })),
  },
  invoices: {
    ...window,
    totals: {
      count: 120,
      previousCount: 100,
      creditNoteCount: 4,
      cancelledCount: 2,
      billedNetOre: 9_876_500,
      billedVatOre: 2_469_100,
      netCoverage: { invoices: 120, withNet: 120 },
      billedTotalOre: 12_345_600,
      previousBilledTotalOre: 10_000_000,
      creditedTotalOre: -50_000,
      paidOre: 11_000_000,
      averageDaysToPay: null,
    },
    byStatus: [
      { status: 'paid', count: 100, totalOre: 10_000_000 },
      { status: 'overdue', count: 3, totalOre: 300_000 },
      { status: 'cancelled', count: 0, totalOre: 0 },
    ],
    months: months((i) => ({
      count: 10 + i,
      previousCount: 9,
      billedTotalOre: 100_000,
      previousBilledTotalOre: 90_000,
      creditedTotalOre: -5_000,
      paidOre: 80_000,
    })),
  },
  customers: {
    ...window,
    totals: { customers: 900, active: 812, companies: 60, private: 840, billedCustomers: 700, previousBilledCustomers: 700 },
    months: months(() => ({ billedCustomers: 50, previousBilledCustomers: 40 })),
    top: [
      {
        customerNumber: '5001',
        customerName: 'Upplands Bygg AB',
        customerId: '6f1c2d3e-4b5a-4c6d-8e7f-901234567890',
        invoiceCount: 12,
        billedTotalOre: 4_500_000,
      },
      { customerNumber: '1001', customerName: 'Anna Berg', customerId: null, invoiceCount: 2, billedTotalOre: 900_000 },
    ],
  },
  contracts: {
    ...window,
    totals: {
      contracts: 640,
      monthlyValueOre: 32_000_000,
      invoicedTotalOre: 5_000_000,
      previousInvoicedTotalOre: 4_000_000,
      started: 20,
      previousStarted: 25,
    },
    byStatus: [
      { status: 'active', count: 600 },
      { status: 'terminated', count: 40 },
    ],
    byInterval: [],
    months: months(() => ({ started: 2, previousStarted: 1, invoicedTotalOre: 400_000, previousInvoicedTotalOre: 300_000 })),
  },
  products: {
    ...window,
    coverage: { invoices: 120, invoicesWithRows: 90 },
    totals: { netOre: 2_000_000, previousNetOre: 1_000_000, articles: 2 },
    months: months(() => ({ netOre: 100_000, previousNetOre: 50_000 })),
    articles: [
      {
        articleNumber: '140',
        description: 'Golfbollar Pro V1',
        quantityHundredths: 1250,
        netOre: 1_500_000,
        previousNetOre: 700_000,
        invoiceCount: 8,
      },
      {
        articleNumber: null,
        description: '',
        quantityHundredths: 100,
        netOre: 500_000,
        previousNetOre: 300_000,
        invoiceCount: 1,
      },
    ],
  },
};
