import { computeInvoiceTotals } from '@fairway/shared';
import { FIRST_NAMES, SURNAMES } from '../../apps/server/src/lib/swedish-names';
import type { AccInvoice, DocumentRow, InvoiceDeliveryMethod } from '../../apps/server/src/providers/accounting/provider';
import { ocrReference } from '../../apps/server/src/providers/fortnox/ocr';

// The names come from the server's list (the demo and the GIT simulator use it too); a search for
// a surname matches a realistic share of invoices.
export { FIRST_NAMES, SURNAMES };

/** A small deterministic PRNG (mulberry32), so every run benchmarks the same data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof createRandom>;

const COMPANY_WORDS = ['Golfshop', 'Bygg', 'Fastighets', 'Rör', 'Konsult', 'Måleri', 'Transport', 'Revisions', 'Bil', 'Event'];
const TOWNS = ['Knivsta', 'Uppsala', 'Sigtuna', 'Märsta', 'Enköping', 'Täby', 'Solna', 'Västerås'];

/** What a golf club bills: [article, description, unit, VAT %, price in öre]. */
const ARTICLES = [
  ['1', 'Medlemsavgift senior', 'st', 0, 650000],
  ['2', 'Medlemsavgift junior', 'st', 0, 180000],
  ['3', 'Spelrätt', 'st', 0, 250000],
  ['10', 'Greenfee 18 hål', 'st', 6, 47170],
  ['11', 'Greenfee 9 hål', 'st', 6, 28302],
  ['20', 'Rangebollar, hink', 'st', 25, 3200],
  ['21', 'Golfbil 18 hål', 'st', 25, 32000],
  ['30', 'Skåphyra säsong', 'st', 25, 40000],
  ['40', 'Golflektion 30 min', 'st', 25, 36000],
  ['50', 'Restaurang, konferens', 'st', 12, 26786],
] as const;

export interface BenchCustomer {
  number: string;
  name: string;
}

/** Members (and some companies) of one club account, numbered from 1001 like Fortnox does. */
export function makeCustomers(r: Random, count: number): BenchCustomer[] {
  return Array.from({ length: count }, (_, i) => ({
    number: String(1001 + i),
    name: r.chance(0.08) ? `${r.pick(COMPANY_WORDS)} i ${r.pick(TOWNS)} AB` : `${r.pick(FIRST_NAMES)} ${r.pick(SURNAMES)}`,
  }));
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = 86_400_000;

/**
 * `count` invoices of one club account over the three years before `today`, numbered from 10001
 * in date order: annual fees in the first months of a year, greenfees and shop sales all season,
 * totals computed the way the programs do (VAT per rate, whole kronor), OCR with its Luhn digit,
 * and the states a real ledger holds — mostly booked and paid, some unpaid or part paid, recent
 * ones unbooked, a few cancelled, and credit notes of earlier invoices.
 */
export function makeInvoices(r: Random, customers: readonly BenchCustomer[], count: number, today: string): AccInvoice[] {
  const end = Date.parse(`${today}T12:00:00Z`);
  const start = end - 3 * 365 * DAY;
  const dates = Array.from({ length: count }, () => {
    // A third of the year's invoices are the membership run in January–February.
    if (r.chance(0.33)) {
      const year = new Date(start).getUTCFullYear() + r.int(0, 3);
      const at = Date.UTC(year, r.int(0, 1), r.int(1, 28), 12);
      if (at >= start && at <= end) return at;
    }
    return start + Math.floor(r.next() * (end - start));
  }).sort((a, b) => a - b);

  const out: AccInvoice[] = [];
  for (let i = 0; i < count; i++) {
    const number = String(10001 + i);
    const at = dates[i] as number;
    const invoiceDate = isoDate(at);
    const customer = r.pick(customers);
    const ageDays = (end - at) / DAY;
    const isCredit = i > 0 && r.chance(0.015);
    const rows: DocumentRow[] = Array.from({ length: r.int(1, 3) }, () => {
      const [articleNumber, description, unit, vatPercent, priceOre] = r.pick(ARTICLES);
      return {
        articleNumber,
        description,
        quantityHundredths: (isCredit ? -1 : 1) * r.pick([100, 100, 100, 200, 300, 150]),
        unit,
        priceOre,
        vatPercent,
        discountBasisPoints: r.chance(0.1) ? 1000 : 0,
        costCenter: r.chance(0.3) ? 'GOLF' : null,
        project: null,
      };
    });
    const totals = computeInvoiceTotals(rows);
    const cancelled = !isCredit && r.chance(0.02);
    const booked = !cancelled && (ageDays > 14 || r.chance(0.5));
    // Older invoices are almost all paid; the last months hold the unpaid ones.
    const paidShare =
      cancelled || isCredit ? 0 : ageDays > 90 ? (r.chance(0.97) ? 1 : 0) : r.chance(0.6) ? 1 : r.chance(0.1) ? 0.5 : 0;
    const paidOre = booked ? Math.round(totals.totalOre * paidShare) : 0;
    const balanceOre = cancelled ? 0 : isCredit ? 0 : totals.totalOre - paidOre;
    const dueDate = isoDate(at + 30 * DAY);
    const paymentDate = isoDate(Math.min(end, at + r.int(3, 40) * DAY));
    const deliveryMethod: InvoiceDeliveryMethod | null = booked ? r.pick(['email', 'email', 'einvoice', 'print'] as const) : null;
    out.push({
      number,
      externalRef: r.chance(0.4) ? `fw-${number}` : null,
      customerNumber: customer.number,
      customerName: customer.name,
      invoiceDate,
      dueDate,
      termsOfPayment: '30',
      invoiceType: 'INVOICE',
      currency: 'SEK',
      yourReference: null,
      ourReference: 'Kansliet',
      remarks: null,
      costCenter: null,
      project: null,
      rows,
      ocr: ocrReference(number),
      netOre: totals.netOre,
      vatOre: totals.vatOre,
      totalOre: totals.totalOre,
      balanceOre,
      booked,
      cancelled,
      sent: deliveryMethod !== null,
      isCredit,
      creditedInvoiceNumber: isCredit ? String(10001 + r.int(0, i - 1)) : null,
      credited: false,
      voucherNumbers: booked ? [`B${i + 1}`] : [],
      deliveryMethod,
      contractNumber: r.chance(0.2) ? String(r.int(1, 400)) : null,
      payments:
        paidOre > 0 ? [{ number: `P${number}`, invoiceNumber: number, paymentDate, amountOre: paidOre, modifiedAt: null }] : [],
      modifiedAt: null,
    });
  }
  // The invoices a credit note credits say so, as in the program.
  for (const invoice of out) {
    if (!invoice.creditedInvoiceNumber) continue;
    const credited = out[Number(invoice.creditedInvoiceNumber) - 10001];
    if (credited) credited.credited = true;
  }
  return out;
}
