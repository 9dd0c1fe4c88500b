import type { AccountingProvider, InvoicePayment } from '../accounting/provider';
import type { FxInvoicePayment } from './fortnox-types';
import { paymentFromFx } from './mapping';
import { articlesOf } from './resources/articles';
import { companyOf } from './resources/code-lists';
import { createFortnoxContext, type FortnoxProviderOptions, list } from './resources/context';
import { contractsOf } from './resources/contracts';
import { customersOf } from './resources/customers';
import { invoicesOf } from './resources/invoices';
import { ordersOf, vouchersOf } from './resources/ledger';
import { supplierInvoicesOf, suppliersOf } from './resources/purchasing';

export { FORTNOX_MAX_PAGE_SIZE, type FortnoxProviderOptions } from './resources/context';
export { articleNumberFor } from './resources/numbers';

/**
 * The Fortnox implementation of AccountingProvider (API v3).
 *
 * Lists are Fortnox's list answers: summaries, so fields Fortnox leaves out of a list item are
 * null (and `rows`/`payments` empty); `get` answers the whole document. `modifiedSince` becomes
 * `lastmodified` in Swedish time; Fortnox does not say when a document changed, so `modifiedAt`
 * is null and the caller keeps its own high-water mark (the time it started the last fetch).
 *
 * Creates are idempotent by the portal's reference where Fortnox has a field for it: invoices and
 * contracts carry it in `ExternalInvoiceReference1`, customers in `ExternalReference`, articles in
 * their number (see articleNumberFor). A create first looks the reference up, and after a timeout
 * or 5xx looks again before trying again. Fortnox's searches match `ILIKE '%value%'`
 * (CONTRACT.md rule S2), so every hit is compared exactly before it is taken. Payments have no
 * such field (rule F1): see `registerPayment`.
 */
export function createFortnoxProvider(options: FortnoxProviderOptions): AccountingProvider {
  const ctx = createFortnoxContext(options);
  return {
    id: 'fortnox',
    ...companyOf(ctx),
    customers: customersOf(ctx),
    articles: articlesOf(ctx),
    invoices: invoicesOf(ctx),
    contracts: contractsOf(ctx),
    invoicePayments: {
      list: (query) => list<FxInvoicePayment, InvoicePayment>(ctx, 'invoicepayments', 'InvoicePayments', query, paymentFromFx),
    },

    vouchers: vouchersOf(ctx),
    orders: ordersOf(ctx),
    suppliers: suppliersOf(ctx),
    supplierInvoices: supplierInvoicesOf(ctx),
  };
}
