import { AccountingError } from '../../accounting/errors';
import {
  type AccOrder,
  type AccountingProvider,
  type AccVoucher,
  type ListQuery,
  type Page,
  parseVoucherName,
  type SummaryOmits,
  voucherName,
} from '../../accounting/provider';
import type { FxOrder, FxVoucher } from '../fortnox-types';
import { orderFromFx, REVERSAL_COMMENT, reversalComment, voucherFromFx } from '../mapping';
import { oreToKronor } from '../money';
import {
  action,
  all,
  enc,
  type FinancialYear,
  type FortnoxContext,
  get,
  idempotent,
  list,
  send,
  type VoucherPages,
} from './context';
import { financialYears, yearNamed, yearOfDate, yearWithId } from './financial-years';

/** The voucher list item (rule L1, `VoucherListItem`) has no rows. */
export const VOUCHER_LIST_OMITS: SummaryOmits<AccVoucher> = ['rows', 'amountOre'];
/** The order list item (rule L1, `OrderListItem`): no rows, references, VAT, remarks or invoice reference. */
export const ORDER_LIST_OMITS: SummaryOmits<AccOrder> = [
  'rows',
  'yourReference',
  'yourOrderNumber',
  'vatOre',
  'remarks',
  'invoiced',
];

const missing = () => new AccountingError('not_found', 'accounting.documentMissing', undefined, { provider: 'fortnox' });

/**
 * The vouchers of every financial year as one list: Fortnox lists one year at a time (rule Y2), so
 * the pages of the oldest year come first, then the next year's… A read's first page reads each
 * year's first page for its size; later pages of the same read (same query) go by that, so a page
 * costs one request however many years there are. `modifiedSince` asks every year for its changes:
 * a voucher can be booked into any year the company has not closed, and Fortnox does not say which.
 */
async function listEveryYear(ctx: FortnoxContext, query: ListQuery = {}): Promise<Page<AccVoucher>> {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const key = JSON.stringify({ pageSize: query.pageSize ?? null, modifiedSince: query.modifiedSince ?? null });
  const readYear = (year: FinancialYear, yearPage: number) =>
    list<FxVoucher, AccVoucher>(ctx, 'vouchers', 'Vouchers', { ...query, page: yearPage }, (fx) => voucherFromFx(fx, year.name), {
      financialyear: String(year.id),
    });
  const firsts = new Map<number, Page<AccVoucher>>();
  if (page === 1 || ctx.voucherPages?.key !== key) {
    const years: VoucherPages['years'] = [];
    for (const year of await financialYears(ctx)) {
      const first = await readYear(year, 1);
      firsts.set(year.id, first);
      years.push({ year, pages: first.total === 0 ? 0 : first.totalPages, total: first.total });
    }
    ctx.voucherPages = { key, years };
  }
  const { years } = ctx.voucherPages as VoucherPages;
  const totalPages = Math.max(
    1,
    years.reduce((sum, y) => sum + y.pages, 0),
  );
  const total = years.reduce((sum, y) => sum + y.total, 0);
  let left = page;
  for (const { year, pages } of years) {
    if (left > pages) {
      left -= pages;
      continue;
    }
    const items = (left === 1 ? firsts.get(year.id) : undefined) ?? (await readYear(year, left));
    return { items: items.items, page, totalPages, total };
  }
  return { items: [], page, totalPages, total };
}

/** A voucher by its name (`A 17 (2025)`): in the year named, or (no year) in the current one, as Fortnox reads. */
async function getVoucher(ctx: FortnoxContext, name: string): Promise<AccVoucher> {
  const key = parseVoucherName(name);
  if (!key) throw missing();
  const year = key.year === null ? null : await yearNamed(ctx, key.year);
  if (key.year !== null && !year) throw missing();
  const fx = (
    await get<{ Voucher: FxVoucher }>(
      ctx,
      `vouchers/${enc(key.series)}/${enc(key.number)}`,
      'document',
      year ? { financialyear: year.id } : undefined,
    )
  ).Voucher;
  return voucherFromFx(fx, year?.name ?? (await yearWithId(ctx, Number(fx.Year)))?.name ?? null);
}

/**
 * Vouchers: read, and reverse by booking a new voucher with debit and credit swapped (rule A5) in
 * the financial year of its date, named explicitly (rule Y2). The new voucher carries our
 * reference in `Comments` (REVERSAL_COMMENT); a retry after a lost answer finds it among the
 * vouchers of that date before booking again.
 */
export function vouchersOf(ctx: FortnoxContext): AccountingProvider['vouchers'] {
  return {
    summaryOmits: VOUCHER_LIST_OMITS,
    list: (query) => listEveryYear(ctx, query),
    get: (name) => getVoucher(ctx, name),
    reverse: async (name, date, { externalRef, firstAttempt }) => {
      const original = await getVoucher(ctx, name);
      const reverses = voucherName(original);
      const year = await yearOfDate(ctx, date);
      if (!year)
        throw new AccountingError('validation', 'accounting.fortnox.financialYearMissing', undefined, { provider: 'fortnox' });
      const inYear = { financialyear: String(year.id) };
      return idempotent(
        ctx,
        async () => {
          const sameDay = await all<FxVoucher>(ctx, 'vouchers', 'Vouchers', { ...inYear, fromdate: date, todate: date });
          const found = sameDay.find((v) => REVERSAL_COMMENT.exec(String(v.Comments ?? ''))?.[1] === externalRef);
          return found
            ? getVoucher(ctx, voucherName({ series: found.VoucherSeries, number: String(found.VoucherNumber), year: year.name }))
            : null;
        },
        async () =>
          voucherFromFx(
            (
              await send<{ Voucher: FxVoucher }>(
                ctx,
                'POST',
                'vouchers',
                {
                  Voucher: {
                    VoucherSeries: original.series,
                    TransactionDate: date,
                    Description: `Rättelse av ${reverses}: ${original.description}`.slice(0, 200),
                    Comments: reversalComment(externalRef, reverses),
                    VoucherRows: original.rows.map((row) => ({
                      Account: Number(row.account),
                      Debit: oreToKronor(row.creditOre),
                      Credit: oreToKronor(row.debitOre),
                      Description: row.description ?? '',
                    })),
                  },
                },
                'document',
                false,
                inYear,
              )
            ).Voucher,
            year.name,
          ),
        firstAttempt,
      );
    },
  };
}

const getOrderFx = async (ctx: FortnoxContext, number: string) =>
  (await get<{ Order: FxOrder }>(ctx, `orders/${enc(number)}`, 'document')).Order;

/** Orders: read, and cancel while not invoiced (rule A6). */
export function ordersOf(ctx: FortnoxContext): AccountingProvider['orders'] {
  return {
    summaryOmits: ORDER_LIST_OMITS,
    list: (query) => list<FxOrder, AccOrder>(ctx, 'orders', 'Orders', query, orderFromFx),
    get: async (number) => orderFromFx(await getOrderFx(ctx, number)),
    cancel: async (number) =>
      orderFromFx(
        await action(
          async () =>
            (await send<{ Order: FxOrder }>(ctx, 'PUT', `orders/${enc(number)}/cancel`, undefined, 'document', false)).Order,
          async () => {
            const fx = await getOrderFx(ctx, number);
            return fx.Cancelled ? fx : null;
          },
        ),
      ),
  };
}
