import { VAT_RATES } from '@fairway/shared';
import type { PreparedDocument } from './prepare';

/** Amounts computed two ways (VAT per row or on the total) differ by at most 1 krona. */
export const ROUNDING_ORE = 100;

/** One amount is the other rounded to whole kronor (öresavrundning moves it by at most 50 öre). */
const isRoundingOf = (exact: number, rounded: number) => rounded % 100 === 0 && Math.abs(exact - rounded) <= 50;

/** The Swedish VAT rates above zero as fractions: an amount typed excl. VAT is the amount incl. VAT / (1 + rate). */
const RATES = VAT_RATES.filter((percent) => percent > 0).map((percent) => percent / 100);

/**
 * How two amounts relate: `equal`; `near` (one is the other rounded to whole kronor: 137.31 and
 * 136.74 kr are two amounts, not one rounded); `vat` (one is the other without its
 * VAT: by the VAT the program gave, else by a Swedish rate); `opposite` (a credit and a debit,
 * never duplicates of each other); `differ`.
 */
export type AmountRelation = 'equal' | 'near' | 'vat' | 'opposite' | 'differ';

type Amounts = Pick<PreparedDocument, 'amount' | 'amountExclVat'>;

const within = (x: number, y: number) => Math.abs(x - y) <= ROUNDING_ORE;

function isExclOf(gross: Amounts, net: number): boolean {
  if (gross.amountExclVat !== null) return within(gross.amountExclVat, net);
  for (const rate of RATES) if (within(Math.round(net * (1 + rate)), gross.amount)) return true;
  return false;
}

export function amountRelation(a: Amounts, b: Amounts): AmountRelation {
  if (a.amount === b.amount) return 'equal';
  if ((a.amount < 0 && b.amount > 0) || (a.amount > 0 && b.amount < 0)) return 'opposite';
  if (isRoundingOf(a.amount, b.amount) || isRoundingOf(b.amount, a.amount)) return 'near';
  const [big, small] = Math.abs(a.amount) >= Math.abs(b.amount) ? [a, b] : [b, a];
  return isExclOf(big, small.amount) ? 'vat' : 'differ';
}

/** Blocking's tolerance: the amounts could be one document's (equal, rounded, or with and without VAT). */
export function amountsCompatible(a: Amounts, b: Amounts): boolean {
  const relation = amountRelation(a, b);
  return relation === 'equal' || relation === 'near' || relation === 'vat';
}
