import type { AccountingProvider, AccSupplier, AccSupplierInvoice, SummaryOmits } from '../../accounting/provider';
import type { FxSupplier, FxSupplierInvoice } from '../fortnox-types';
import { supplierFromFx, supplierInvoiceFromFx } from '../mapping';
import { action, enc, type FortnoxContext, get, list, send } from './context';

/**
 * What a supplier list item does not carry (CONTRACT.md rule L1, `SupplierListItem`): everything
 * Dubbelkoll reads is in it, so nothing.
 */
export const SUPPLIER_LIST_OMITS: SummaryOmits<AccSupplier> = [];

/**
 * What a supplier invoice list item does not carry (rule L1, `SupplierInvoiceListItem`): no rows,
 * no OCR, no VAT, no comments, no Credit reference to the other invoice.
 */
export const SUPPLIER_INVOICE_LIST_OMITS: SummaryOmits<AccSupplierInvoice> = ['rows', 'ocr', 'vatOre', 'comments'];

const getSupplierInvoiceFx = async (ctx: FortnoxContext, number: string) =>
  (await get<{ SupplierInvoice: FxSupplierInvoice }>(ctx, `supplierinvoices/${enc(number)}`, 'document')).SupplierInvoice;
const getSupplierInvoice = async (ctx: FortnoxContext, number: string) =>
  supplierInvoiceFromFx(await getSupplierInvoiceFx(ctx, number));

/** A supplier invoice action (rule A4): Fortnox answers the invoice; after a lost answer it is read back. */
const supplierInvoiceAction = (
  ctx: FortnoxContext,
  number: string,
  path: 'cancel' | 'credit' | 'bookkeep',
  done: (fx: FxSupplierInvoice) => boolean,
) =>
  action(
    async () =>
      (
        await send<{ SupplierInvoice: FxSupplierInvoice }>(
          ctx,
          'PUT',
          `supplierinvoices/${enc(number)}/${path}`,
          undefined,
          'document',
          false,
        )
      ).SupplierInvoice,
    async () => {
      const fx = await getSupplierInvoiceFx(ctx, number);
      return done(fx) ? fx : null;
    },
  );

/** Suppliers (`/3/suppliers`), read only. */
export function suppliersOf(ctx: FortnoxContext): NonNullable<AccountingProvider['suppliers']> {
  return {
    summaryOmits: SUPPLIER_LIST_OMITS,
    list: (query) => list<FxSupplier, AccSupplier>(ctx, 'suppliers', 'Suppliers', query, supplierFromFx),
    get: async (number) =>
      supplierFromFx((await get<{ Supplier: FxSupplier }>(ctx, `suppliers/${enc(number)}`, 'document')).Supplier),
  };
}

/**
 * Supplier invoices (`/3/supplierinvoices`): read, cancel while unbooked, credit once booked
 * (rule A4). Credit answers the new credit invoice, found through the original's CreditReference.
 */
export function supplierInvoicesOf(ctx: FortnoxContext): NonNullable<AccountingProvider['supplierInvoices']> {
  return {
    summaryOmits: SUPPLIER_INVOICE_LIST_OMITS,
    list: (query) =>
      list<FxSupplierInvoice, AccSupplierInvoice>(ctx, 'supplierinvoices', 'SupplierInvoices', query, supplierInvoiceFromFx),
    get: (number) => getSupplierInvoice(ctx, number),
    cancel: async (number) => supplierInvoiceFromFx(await supplierInvoiceAction(ctx, number, 'cancel', (fx) => fx.Cancelled)),
    credit: async (number) => {
      const original = await supplierInvoiceAction(ctx, number, 'credit', (fx) => Number(fx.CreditReference) > 0);
      return getSupplierInvoice(ctx, String(original.CreditReference));
    },
  };
}
