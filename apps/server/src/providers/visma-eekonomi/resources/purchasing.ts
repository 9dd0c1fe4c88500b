import type { AccountingProvider } from '../../accounting/provider';
import { fetchAll, type VismaPage } from '../client';
import { supplierFromVisma, supplierInvoiceFromVisma, type VismaSupplier, type VismaSupplierInvoice } from '../mapping';
import type { VismaContext } from './context';
import { notFound } from './ledger';
import { pageQuery, quote, toPage } from './shared';

/**
 * Suppliers and supplier invoices, read only: Visma's API (contract/visma-eaccounting-v2.subset.json)
 * has no cancel or credit of a registered supplier invoice, so those writes are absent and handling
 * says what to do by hand (modules/duplicates/handling/plan.ts). Lists carry whole documents.
 */
export function purchasingOf(ctx: VismaContext): Pick<AccountingProvider, 'suppliers' | 'supplierInvoices'> {
  const { api } = ctx;
  return {
    suppliers: {
      summaryOmits: [],
      async list(query) {
        const page = await api.get<VismaPage<VismaSupplier>>('/suppliers', { query: pageQuery(query, 'ModifiedUtc') });
        return toPage(page, page.Data.map(supplierFromVisma));
      },
      async get(number) {
        const [found] = await fetchAll<VismaSupplier>(api, '/suppliers', { $filter: `SupplierNumber eq ${quote(number)}` });
        if (!found) throw notFound();
        return supplierFromVisma(found);
      },
    },
    supplierInvoices: {
      summaryOmits: [],
      async list(query) {
        const page = await api.get<VismaPage<VismaSupplierInvoice>>('/supplierinvoices', {
          query: pageQuery(query, 'ModifiedUtc'),
        });
        return toPage(page, page.Data.map(supplierInvoiceFromVisma));
      },
      async get(number) {
        if (!/^[0-9a-f-]{36}$/i.test(number)) throw notFound();
        return supplierInvoiceFromVisma(await api.get<VismaSupplierInvoice>(`/supplierinvoices/${number}`));
      },
    },
  };
}
