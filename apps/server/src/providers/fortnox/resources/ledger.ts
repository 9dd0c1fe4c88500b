import { AccountingError } from '../../accounting/errors';
import type { AccOrder, AccountingProvider, AccVoucher, SummaryOmits } from '../../accounting/provider';
import type { FxOrder, FxVoucher } from '../fortnox-types';
import { orderFromFx, REVERSAL_COMMENT, reversalComment, voucherFromFx } from '../mapping';
import { oreToKronor } from '../money';
import { action, all, enc, type FortnoxContext, get, idempotent, list, send } from './context';

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

/** `A 17` → series `A`, number `17`. */
export function voucherKey(number: string): { series: string; number: string } {
  const match = /^(\S+)\s+(\d+)$/.exec(number.trim());
  if (!match) throw new AccountingError('not_found', 'accounting.documentMissing', undefined, { provider: 'fortnox' });
  return { series: match[1], number: match[2] };
}

const getVoucher = async (ctx: FortnoxContext, number: string) => {
  const key = voucherKey(number);
  return voucherFromFx(
    (await get<{ Voucher: FxVoucher }>(ctx, `vouchers/${enc(key.series)}/${enc(key.number)}`, 'document')).Voucher,
  );
};
const getOrderFx = async (ctx: FortnoxContext, number: string) =>
  (await get<{ Order: FxOrder }>(ctx, `orders/${enc(number)}`, 'document')).Order;

/**
 * Vouchers: read, and reverse by booking a new voucher with debit and credit swapped (rule A5). The
 * new voucher carries our reference in `Comments` (REVERSAL_COMMENT); a retry after a lost answer
 * finds it among the vouchers of that date before booking again.
 */
export function vouchersOf(ctx: FortnoxContext): AccountingProvider['vouchers'] {
  return {
    summaryOmits: VOUCHER_LIST_OMITS,
    list: (query) => list<FxVoucher, AccVoucher>(ctx, 'vouchers', 'Vouchers', query, voucherFromFx),
    get: (number) => getVoucher(ctx, number),
    reverse: async (number, date, { externalRef, firstAttempt }) => {
      const original = await getVoucher(ctx, number);
      const reverses = `${original.series} ${original.number}`;
      return idempotent(
        ctx,
        async () => {
          const sameDay = await all<FxVoucher>(ctx, 'vouchers', 'Vouchers', { fromdate: date, todate: date });
          const found = sameDay.find((v) => REVERSAL_COMMENT.exec(String(v.Comments ?? ''))?.[1] === externalRef);
          return found ? getVoucher(ctx, `${found.VoucherSeries} ${found.VoucherNumber}`) : null;
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
              )
            ).Voucher,
          ),
        firstAttempt,
      );
    },
  };
}

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
