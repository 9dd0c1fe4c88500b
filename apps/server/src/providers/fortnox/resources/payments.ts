import type { CreateOptions, InvoicePayment, RegisterPaymentInput } from '../../accounting/provider';
import type { FxInvoicePayment } from '../fortnox-types';
import { paymentFromFx } from '../mapping';
import { kronorToOre, oreToKronor } from '../money';
import { action, enc, type FortnoxContext, get, idempotent, send } from './context';
import { paymentsFor } from './documents';

/** What a payment's record holds: the ask, and the invoice's payments before it was sent. */
interface AskedPayment {
  invoice: string;
  amountOre: number;
  date: string;
  before: string[];
}

/**
 * A payment has no field for our reference (CONTRACT.md rule F1), so it is found by what
 * Fortnox stores. Before sending, our record (../accounting/request-ctx.journal.ts, a table in
 * the portal) notes the invoice's payments and the amount and date asked for, keyed by the
 * request's reference; after a lost answer, or a restart before the caller saved the answer,
 * the payment is the new one on exactly that invoice with exactly that amount and date that
 * no other record holds. A known answer is read back, never registered a second time.
 */
export async function registerPayment(
  ctx: FortnoxContext,
  number: string,
  payment: RegisterPaymentInput,
  { externalRef }: CreateOptions,
): Promise<InvoicePayment> {
  const known = await ctx.journal.find('payment', externalRef);
  const answered = known?.answer
    ? (await get<{ InvoicePayment: FxInvoicePayment }>(ctx, `invoicepayments/${enc(known.answer)}`, 'payment')).InvoicePayment
    : null;
  const recorded = (known?.asked as AskedPayment | null | undefined) ?? null;
  const asked: AskedPayment = recorded ?? {
    invoice: number,
    amountOre: payment.amountOre,
    date: payment.paymentDate,
    before: (await paymentsFor(ctx, number)).map((p) => String(p.Number)),
  };
  if (!known) await ctx.journal.begin('payment', externalRef, asked, ctx.now());
  const findOurs = async () => {
    const fits = (await paymentsFor(ctx, asked.invoice)).filter(
      (p) =>
        !asked.before.includes(String(p.Number)) &&
        kronorToOre(p.Amount) === asked.amountOre &&
        String(p.PaymentDate) === asked.date,
    );
    const claimed = await ctx.journal.claimed(
      'payment',
      fits.map((p) => String(p.Number)),
    );
    return fits.filter((p) => !claimed.has(String(p.Number))).sort((a, b) => Number(a.Number) - Number(b.Number))[0] ?? null;
  };
  const created =
    answered ??
    (await idempotent(
      ctx,
      findOurs,
      async () =>
        (
          await send<{ InvoicePayment: FxInvoicePayment }>(
            ctx,
            'POST',
            'invoicepayments',
            {
              InvoicePayment: {
                InvoiceNumber: Number(asked.invoice),
                Amount: oreToKronor(asked.amountOre),
                PaymentDate: asked.date,
              },
            },
            'payment',
            false,
          )
        ).InvoicePayment,
      // Recorded just now: nothing on the invoice can be ours yet, so no look-up first.
      !known,
    ));
  if (!known?.answer) await ctx.journal.complete('payment', externalRef, String(created.Number));
  if (created.Booked) return paymentFromFx(created);
  const booked = await action(
    async () =>
      (
        await send<{ InvoicePayment: FxInvoicePayment }>(
          ctx,
          'PUT',
          `invoicepayments/${created.Number}/bookkeep`,
          undefined,
          'payment',
          false,
        )
      ).InvoicePayment,
    async () => {
      const again = (await get<{ InvoicePayment: FxInvoicePayment }>(ctx, `invoicepayments/${created.Number}`, 'payment'))
        .InvoicePayment;
      return again.Booked ? again : null;
    },
  );
  return paymentFromFx(booked);
}
