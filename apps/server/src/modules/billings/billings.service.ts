import {
  BILLING_PAYMENT_TERMS_DAYS,
  BILLING_PRICES_ORE,
  type Billing,
  type BillingLine,
  billingTotals,
  luhnCheckDigit,
  type PaymentPlan,
  QUARTERLY_SURCHARGE_ORE_PER_MONTH,
} from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { logEvent } from '../eventlogs/eventlogs.service';
import { addDays } from '../subscriptions/dates';
import { insertBilling, nextBillingNumber, toBilling } from './billings.repository';

type Conn = Db | Tx;

export interface BillingPeriodInput {
  pkg: { name: string; monthlyPriceOre: number };
  paymentPlan: PaymentPlan;
  smsPlan: { name: string; monthlyPriceOre: number } | null;
  months: number;
  /** The period opens a 12-month term: the annual licence is due (docs/subscriptions.md#terms). */
  startsTerm: boolean;
  /** The very first billing: technical installation and onboarding care are due. */
  firstBilling: boolean;
  /** Personal support to bill, in hundredths of an hour (decimal hours; docs/help.md#support). */
  supportHundredths?: number;
  /**
   * A Dubbelkoll subscription (docs/subscriptions.md#tiers): `pkg` is its tier, billed by the
   * month without the golf portal's licence, installation and onboarding.
   */
  tier?: boolean;
}

const line = (
  kind: BillingLine['kind'],
  itemName: string | null,
  quantityHundredths: number,
  unit: BillingLine['unit'],
  unitPriceOre: number,
): BillingLine => ({
  kind,
  itemName,
  quantityHundredths,
  unit,
  unitPriceOre,
  amountOre: Math.round((quantityHundredths * unitPriceOre) / 100),
});

/**
 * The lines of one subscription billing. The free package carries no licence or set-up fees: a
 * club on it pays only for what it adds (an SMS plan, support hours). Nor does a Dubbelkoll tier.
 */
export function subscriptionBillingLines(input: BillingPeriodInput): BillingLine[] {
  const paid = input.pkg.monthlyPriceOre > 0;
  const qty = input.months * 100;
  const lines: BillingLine[] = [];
  const golf = !input.tier;
  if (golf && paid && input.startsTerm) lines.push(line('annual_licence', null, 100, 'pcs', BILLING_PRICES_ORE.annualLicence));
  if (golf && paid && input.firstBilling) {
    lines.push(line('installation', null, 100, 'pcs', BILLING_PRICES_ORE.installation));
    lines.push(line('onboarding', null, 100, 'pcs', BILLING_PRICES_ORE.onboarding));
  }
  if (paid) lines.push(line('package_fee', input.pkg.name, qty, 'months', input.pkg.monthlyPriceOre));
  if (paid && input.paymentPlan === 'quarterly') {
    lines.push(line('quarterly_surcharge', null, qty, 'months', QUARTERLY_SURCHARGE_ORE_PER_MONTH));
  }
  if (input.smsPlan && input.smsPlan.monthlyPriceOre > 0) {
    lines.push(line('sms_plan', input.smsPlan.name, qty, 'months', input.smsPlan.monthlyPriceOre));
  }
  if (input.supportHundredths && input.supportHundredths > 0) {
    lines.push(line('support', null, input.supportHundredths, 'hours', BILLING_PRICES_ORE.supportPerHour));
  }
  return lines;
}

/** OCR reference: the invoice number followed by its Luhn check digit. */
export function ocrFor(number: string): string {
  return `${number}${luhnCheckDigit(number)}`;
}

export interface NewBilling {
  organisationId: string;
  invoiceDate: string;
  periodStart: string;
  periodEnd: string;
  lines: BillingLine[];
  /** Billings made by the nightly run are written to the event log; the one of signup is not an event of its own. */
  logged?: boolean;
}

/** Writes a billing with the next invoice number; nothing is written for an empty set of lines. */
export async function createBilling(conn: Conn, input: NewBilling): Promise<Billing | null> {
  if (input.lines.length === 0) return null;
  const number = await nextBillingNumber(conn);
  const row = await insertBilling(
    conn,
    { organisationId: input.organisationId },
    {
      number,
      ocr: ocrFor(number),
      invoiceDate: input.invoiceDate,
      dueDate: addDays(input.invoiceDate, BILLING_PAYMENT_TERMS_DAYS),
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      lines: input.lines,
      ...billingTotals(input.lines),
    },
  );
  if (input.logged) {
    await logEvent(conn, {
      organisationId: input.organisationId,
      resource: 'billing',
      invoice: row.number,
      activity: 'subscriptions.event.billingCreated',
      params: { number: row.number, amount: (row.totalOre / 100).toFixed(2), due: row.dueDate },
      type: 'INFO',
    });
  }
  return toBilling(row);
}
