import { describe, expect, it } from 'vitest';
import { RESULT_SCHEMAS } from './result-schemas';

const voucher = {
  series: 'A',
  number: '12',
  date: '2026-03-04',
  description: 'Kvitto bensin',
  amountOre: 80_000,
  transactionRef: null,
  rows: [],
  reversesVoucher: null,
  modifiedAt: '2026-03-04T10:00:00Z',
};
const pageOf = (items: unknown[]) => ({ items, page: 1, totalPages: 1, total: items.length });

describe("the connector's voucher list (PROTOCOL.md, Operations and payloads)", () => {
  it('reads a voucher without `books`, from a connector built before the field, as booking nothing', () => {
    const read = RESULT_SCHEMAS['vouchers.list'].parse(pageOf([voucher]));
    expect(read.items[0]?.books).toBeNull();
    // Nor its financial year (the name is series and number alone).
    expect(read.items[0]?.year).toBeNull();
  });

  it('keeps what a voucher books, and refuses a value the protocol does not name', () => {
    const read = RESULT_SCHEMAS['vouchers.list'].parse(pageOf([{ ...voucher, books: 'supplier_invoice' }]));
    expect(read.items[0]?.books).toBe('supplier_invoice');
    expect(RESULT_SCHEMAS['vouchers.list'].safeParse(pageOf([{ ...voucher, books: 'payment' }])).success).toBe(false);
  });
});
