import type { AccContract, AccountingProvider, Page } from '../../accounting/provider';
import type { VismaPage } from '../client';
import { orderFromVisma, type VismaOrder, type VismaVoucher, voucherFromVisma } from '../mapping';
import type { VismaContext } from './context';
import { notSupported, pageQuery, toPage } from './shared';

/**
 * The rest the portal reads: vouchers and orders. Visma has no contracts: the list is the empty
 * list that is the truth, and the rest says so in the reader's language.
 */
export function ledgerOf(ctx: VismaContext): Pick<AccountingProvider, 'contracts' | 'vouchers' | 'orders'> {
  const { api } = ctx;
  const contracts = () => notSupported('accounting.visma.feature.contracts');
  return {
    contracts: {
      summaryOmits: [],
      async list(query): Promise<Page<AccContract>> {
        return { items: [], page: Math.max(1, query?.page ?? 1), totalPages: 0, total: 0 };
      },
      async get() {
        throw contracts();
      },
      async create() {
        throw contracts();
      },
      async update() {
        throw contracts();
      },
      async finish() {
        throw contracts();
      },
      async createInvoice() {
        throw contracts();
      },
    },

    vouchers: {
      async list(query) {
        const page = await api.get<VismaPage<VismaVoucher>>('/vouchers', { query: pageQuery(query, 'ModifiedUtc') });
        return toPage(page, page.Data.map(voucherFromVisma));
      },
    },

    orders: {
      async list(query) {
        const page = await api.get<VismaPage<VismaOrder>>('/orders', { query: pageQuery(query, 'ModifiedUtc') });
        const items = [];
        for (const o of page.Data) items.push(orderFromVisma(o, await ctx.customerNumberOf(o.CustomerId)));
        return toPage(page, items);
      },
    },
  };
}
