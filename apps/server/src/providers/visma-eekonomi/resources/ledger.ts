import { AccountingError } from '../../accounting/errors';
import type { AccContract, AccountingProvider, AccVoucher, Page } from '../../accounting/provider';
import { fetchAll, type VismaPage } from '../client';
import {
  orderFromVisma,
  sekFromOre,
  VISMA_REVERSAL_TEXT,
  type VismaOrder,
  type VismaVoucher,
  vismaReversalText,
  voucherFromVisma,
} from '../mapping';
import type { VismaContext } from './context';
import { createOnce, notSupported, pageQuery, quote, toPage } from './shared';

export const notFound = () =>
  new AccountingError('not_found', 'accounting.documentMissing', undefined, { provider: 'visma_eekonomi' });

/**
 * The rest the portal reads: vouchers and orders. Visma has no contracts: the list is the empty
 * list that is the truth, and the rest says so in the reader's language.
 */
export function ledgerOf(ctx: VismaContext): Pick<AccountingProvider, 'contracts' | 'vouchers' | 'orders'> {
  const { api } = ctx;
  /** `A 17` (series and number): Visma's NumberAndNumberSeries is `A17`. */
  async function getVoucher(number: string): Promise<AccVoucher> {
    const match = /^(\S+)\s+(\d+)$/.exec(number.trim());
    if (!match) throw notFound();
    const [found] = await fetchAll<VismaVoucher>(api, '/vouchers', {
      $filter: `NumberAndNumberSeries eq ${quote(`${match[1]}${match[2]}`)}`,
    });
    if (!found) throw notFound();
    return voucherFromVisma(found);
  }
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
      // Visma's voucher list carries the rows.
      summaryOmits: [],
      async list(query) {
        const page = await api.get<VismaPage<VismaVoucher>>('/vouchers', { query: pageQuery(query, 'ModifiedUtc') });
        return toPage(page, page.Data.map(voucherFromVisma));
      },
      get: (number) => getVoucher(number),
      /**
       * POST /v2/vouchers: the rows swapped, in the original's series' place of Visma's choice; our
       * reference in VoucherText (VISMA_REVERSAL_TEXT), found among the day's vouchers after a lost answer.
       */
      async reverse(number, date, { externalRef }) {
        const original = await getVoucher(number);
        const reverses = `${original.series} ${original.number}`;
        const text = vismaReversalText(reverses, externalRef);
        return createOnce(
          async () => {
            const sameDay = await fetchAll<VismaVoucher>(api, '/vouchers', { $filter: `VoucherDate eq ${date}` });
            const found = sameDay.find((v) => VISMA_REVERSAL_TEXT.exec(v.VoucherText ?? '')?.[2] === externalRef);
            return found ? voucherFromVisma(found) : null;
          },
          async () =>
            voucherFromVisma(
              await api.request<VismaVoucher>('POST', '/vouchers', {
                body: {
                  VoucherDate: date,
                  VoucherText: text,
                  Rows: original.rows.map((row) => ({
                    AccountNumber: Number(row.account),
                    DebitAmount: sekFromOre(row.creditOre),
                    CreditAmount: sekFromOre(row.debitOre),
                    TransactionText: row.description,
                  })),
                },
              }),
            ),
        );
      },
    },

    orders: {
      // The order list carries the rows (definitions.OrderApi).
      summaryOmits: [],
      async list(query) {
        const page = await api.get<VismaPage<VismaOrder>>('/orders', { query: pageQuery(query, 'ModifiedUtc') });
        const items = [];
        for (const o of page.Data) items.push(orderFromVisma(o, await ctx.customerNumberOf(o.CustomerId)));
        return toPage(page, items);
      },
      async get(number) {
        if (!/^\d+$/.test(number)) throw notFound();
        const [found] = await fetchAll<VismaOrder>(api, '/orders', { $filter: `Number eq ${number}` });
        if (!found) throw notFound();
        const whole = await api.get<VismaOrder>(`/orders/${found.Id}`);
        return orderFromVisma(whole, await ctx.customerNumberOf(whole.CustomerId));
      },
    },
  };
}
