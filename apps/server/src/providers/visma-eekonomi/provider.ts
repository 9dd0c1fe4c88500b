import type { AccountingProvider } from '../accounting/provider';
import { articlesOf } from './resources/articles';
import { codeListsOf } from './resources/code-lists';
import { createContext, type VismaContextOptions } from './resources/context';
import { creditOf } from './resources/credit';
import { customersOf } from './resources/customers';
import { deliveryOf } from './resources/delivery';
import { invoiceDocumentsOf } from './resources/invoices';
import { ledgerOf } from './resources/ledger';
import { paymentsOf } from './resources/payments';
import { purchasingOf } from './resources/purchasing';

/**
 * The portal's `AccountingProvider` over Visma eEkonomi (API v2), assembled from one module per
 * resource under resources/ around a small shared context (resources/context.ts: the HTTP client
 * of client.ts, which carries the token and the per-endpoint rate budget; our record; the clock;
 * the code lists; numbers resolved to GUIDs).
 *
 * - Numbers are what people see: CustomerNumber, article Number, InvoiceNumber; each call
 *   resolves them to Visma's GUID with one `$filter` lookup (remembered by this instance).
 * - Invoices are made as drafts and converted at once (`…/convert`): a Visma invoice is booked
 *   from birth, so `update` and `cancel` are refused and `bookkeep` answers the invoice as it is.
 * - Creates are idempotent: customers and articles carry the portal's reference (mapping.ts says
 *   where); invoices, credit notes and payments, which the contract gives no field for, are kept
 *   in our own record (../accounting/request-journal.ts) with what was asked, and after a lost answer matched exactly
 *   on what Visma stores.
 * - Payments are recorded on the company's default cheque account (`GET /v2/bankaccounts`).
 * - Visma has no contracts, price lists or external print; those calls say so in the reader's
 *   language (`accounting.visma.notSupported`), except `contracts.list`, which answers the
 *   empty list that is the truth.
 */

export type VismaEekonomiProviderOptions = VismaContextOptions;

export function createVismaEekonomiProvider(options: VismaEekonomiProviderOptions): AccountingProvider {
  const ctx = createContext(options);
  const { registerPayment, invoicePayments } = paymentsOf(ctx);
  return {
    id: 'visma_eekonomi',
    ...codeListsOf(ctx),
    customers: customersOf(ctx),
    articles: articlesOf(ctx),
    invoices: {
      summaryOmits: [],
      ...invoiceDocumentsOf(ctx),
      ...deliveryOf(ctx),
      credit: creditOf(ctx),
      registerPayment,
    },
    invoicePayments,
    ...ledgerOf(ctx),
    ...purchasingOf(ctx),
  };
}
