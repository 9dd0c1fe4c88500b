import type { MessageKey } from '../../../lib/i18n';
import { AccountingError } from '../../accounting/errors';
import type {
  AccountingProvider,
  CreateOptions,
  InvoicePayment,
  ListQuery,
  Page,
  RegisterPaymentInput,
} from '../../accounting/provider';
import type { RequestRecord } from '../../accounting/request-journal';
import { fetchAll, type VismaPage } from '../client';
import {
  debitedOre,
  isPaymentVoucher,
  oreFromSek,
  paymentFromVoucher,
  refMarker,
  sekFromOre,
  type VismaBankAccount,
  type VismaInvoice,
  type VismaInvoicePayment,
  type VismaVoucher,
} from '../mapping';
import type { VismaContext } from './context';
import { cachedOnce, madeAfter, pageQuery, refused, toPage } from './shared';

/**
 * Payments of customer invoices. `POST customerinvoices/{id}/payments` answers
 * definitions.InvoicePaymentApi: the payment as Visma recorded it, with no id and no voucher. The
 * payment's date and amount are the answer's; its number is the voucher's, read with
 * `GET /vouchers` by the invoice (definitions.VoucherApi.SourceId) and matched exactly on what our
 * record asked. The record holds the ask before it is sent — with the invoice's vouchers at that
 * moment — so a lost answer is found among the vouchers that came after, and a payment Visma
 * answered is never registered again, even when its voucher could not be read.
 */

/** definitions.BankAccountApi.BankAccountType: 1 = ChequeAccount. */
const CHEQUE_ACCOUNT = 1;
/** definitions.InvoicePaymentApi.PaymentType. */
const PARTIAL_PAYMENT = 1;
const COMPLETE_PAYMENT = 2;
/** A payment record's answer while Visma has answered but its voucher is not yet read (never a voucher's GUID). */
const VOUCHER_UNREAD = 'answered:voucher-unread';

/** What our record keeps of a payment asked for: the body sent, and the invoice's vouchers before it. */
interface AskedPayment {
  invoiceId: string;
  bankAccountId: string;
  /** definitions.BankAccountApi.LedgerAccountNumber of that bank account: what the payment's voucher debits. */
  ledgerAccount: number;
  date: string;
  amountOre: number;
  currency: string;
  type: number;
  reference: string;
  /** Ids of the invoice's vouchers when the payment was asked for: none of them is the payment's. */
  before: string[];
}

type Answer = Pick<VismaInvoicePayment, 'PaymentDate' | 'PaymentAmount'>;

/** The portal's payment: date and amount as Visma answered them, the number of the voucher it booked. */
function paymentOf(voucher: VismaVoucher, answer: Answer, invoiceNumber: string): InvoicePayment {
  return {
    number: voucher.NumberAndNumberSeries ?? voucher.Id,
    invoiceNumber,
    paymentDate: answer.PaymentDate.slice(0, 10),
    amountOre: oreFromSek(answer.PaymentAmount),
    modifiedAt: paymentFromVoucher(voucher, invoiceNumber).modifiedAt,
  };
}

/** A provider's payments: its context and the bank account payments are recorded on (read once). */
interface Payments {
  ctx: VismaContext;
  bankAccount: () => Promise<VismaBankAccount>;
}

/**
 * The cheque account payments are recorded on (definitions.InvoicePaymentApi.CompanyBankAccountId):
 * the company's only active one, or the one marked as default among several. None, or several
 * without a default, is a refusal that tells the club what to set in Visma.
 */
async function chequeAccount(ctx: VismaContext): Promise<VismaBankAccount> {
  const accounts = (await fetchAll<VismaBankAccount>(ctx.api, '/bankaccounts')).filter(
    (a) => a.IsActive !== false && a.BankAccountType === CHEQUE_ACCOUNT,
  );
  if (accounts.length === 0) throw refused('validation', 'accounting.visma.noBankAccount');
  if (accounts.length === 1) return accounts[0] as VismaBankAccount;
  const chosen = accounts.filter((a) => a.IsDefaultChequeAccount === true);
  if (chosen.length !== 1)
    throw refused('validation', 'accounting.visma.severalBankAccounts', { accounts: accounts.map((a) => a.Name).join(', ') });
  return chosen[0] as VismaBankAccount;
}

/** The vouchers Visma keeps of an invoice (definitions.VoucherApi.SourceId): its own and its payments'. */
const vouchersOf = (ctx: VismaContext, invoiceId: string) =>
  fetchAll<VismaVoucher>(ctx.api, '/vouchers', { $filter: `SourceId eq ${invoiceId}` });

/**
 * The voucher Visma booked for the payment our record asked for: a voucher of exactly that
 * invoice that was not there before the ask, dated the payment date, debiting the bank
 * account's ledger account exactly the amount, and held by no other record. Two that fit are
 * refused rather than guessed between.
 */
async function findPayment(
  ctx: VismaContext,
  asked: AskedPayment,
  entry: RequestRecord,
  ambiguous: MessageKey = 'accounting.visma.ambiguousLostAnswer',
): Promise<VismaVoucher | null> {
  const fits = (await vouchersOf(ctx, asked.invoiceId)).filter(
    (v) =>
      !asked.before.includes(v.Id) &&
      (v.VoucherDate ?? '').slice(0, 10) === asked.date &&
      debitedOre(v, asked.ledgerAccount) === asked.amountOre &&
      // A record kept from before the vouchers were noted has only the time of its ask to go by.
      (asked.before.length > 0 || madeAfter(v, entry)),
  );
  const claimed = await ctx.journal.claimed(
    'payment',
    fits.map((v) => v.Id),
  );
  const found = fits.filter((v) => !claimed.has(v.Id));
  if (found.length > 1)
    throw refused('conflict', ambiguous, { ids: found.map((v) => v.NumberAndNumberSeries ?? v.Id).join(', ') });
  return found[0] ?? null;
}

/** The ask as first recorded, or as it is now when there is no record yet. */
async function askFor(
  p: Payments,
  invoice: VismaInvoice,
  payment: RegisterPaymentInput,
  externalRef: string,
  known: RequestRecord | null,
): Promise<AskedPayment> {
  const bank = await p.bankAccount();
  return {
    invoiceId: invoice.Id,
    bankAccountId: bank.Id,
    ledgerAccount: bank.LedgerAccountNumber,
    date: payment.paymentDate,
    amountOre: payment.amountOre,
    currency: invoice.CurrencyCode ?? 'SEK',
    type: payment.amountOre === oreFromSek(invoice.RemainingAmount) ? COMPLETE_PAYMENT : PARTIAL_PAYMENT,
    reference: refMarker(externalRef).slice(0, 100),
    // A record kept from before the vouchers were noted has only the time of its ask to go by.
    before: known ? [] : (await vouchersOf(p.ctx, invoice.Id)).map((v) => v.Id),
    ...((known?.asked ?? null) as Partial<AskedPayment> | null),
  };
}

/** One POST; null when it went unanswered in a way that may be retried after looking. */
async function post(ctx: VismaContext, asked: AskedPayment, attempt: number): Promise<VismaInvoicePayment | null> {
  try {
    return await ctx.api.request<VismaInvoicePayment>('POST', `/customerinvoices/${asked.invoiceId}/payments`, {
      body: {
        CompanyBankAccountId: asked.bankAccountId,
        PaymentDate: asked.date,
        PaymentAmount: sekFromOre(asked.amountOre),
        PaymentCurrency: asked.currency,
        PaymentType: asked.type,
        Reference: asked.reference,
      },
      notFoundKey: 'accounting.invoiceMissing',
    });
  } catch (error) {
    if (!(error instanceof AccountingError) || !error.transient || attempt >= 3) throw error;
    return null;
  }
}

async function registerPayment(
  p: Payments,
  number: string,
  payment: RegisterPaymentInput,
  { externalRef, firstAttempt }: CreateOptions,
): Promise<InvoicePayment> {
  const { ctx } = p;
  const invoice = await ctx.invoiceByNumber(number);
  const known = await ctx.journal.find('payment', externalRef);
  if (known?.answer && known.answer !== VOUCHER_UNREAD) {
    const mine = (await vouchersOf(ctx, invoice.Id)).find((v) => v.Id === known.answer);
    // Ours, and gone from Visma: said, never registered a second time.
    if (!mine) throw refused('conflict', 'accounting.visma.paymentVoucherMissing');
    return paymentFromVoucher(mine, number);
  }
  const asked = await askFor(p, invoice, payment, externalRef, known);
  const entry = known ?? (await ctx.journal.begin('payment', externalRef, asked, ctx.now()));
  const answered = async (voucher: VismaVoucher, answer: Answer) => {
    await ctx.journal.complete('payment', externalRef, voucher.Id);
    return paymentOf(voucher, answer, number);
  };
  const askedAnswer = { PaymentDate: asked.date, PaymentAmount: sekFromOre(asked.amountOre) };
  // Visma answered an earlier attempt, but its voucher was not read then.
  if (known?.answer === VOUCHER_UNREAD) {
    const voucher = await findPayment(ctx, asked, entry, 'accounting.visma.paymentVoucherAmbiguous');
    if (!voucher) throw refused('conflict', 'accounting.visma.paymentVoucherMissing');
    return answered(voucher, askedAnswer);
  }
  let look = known !== null || firstAttempt !== true;
  for (let attempt = 1; ; attempt++) {
    if (look) {
      const lost = await findPayment(ctx, asked, entry);
      if (lost) return answered(lost, askedAnswer);
    }
    const answer = await post(ctx, asked, attempt);
    if (!answer) {
      look = true;
      continue;
    }
    // Answered: from here on this reference is never sent again, whatever the voucher read does.
    await ctx.journal.complete('payment', externalRef, VOUCHER_UNREAD);
    const voucher = await findPayment(
      ctx,
      { ...asked, date: answer.PaymentDate.slice(0, 10), amountOre: oreFromSek(answer.PaymentAmount) },
      entry,
      'accounting.visma.paymentVoucherAmbiguous',
    );
    if (!voucher) throw refused('conflict', 'accounting.visma.paymentVoucherMissing');
    return answered(voucher, answer);
  }
}

/** Payment vouchers: a voucher whose SourceId is a customer invoice, other than that invoice's own voucher. */
async function listPayments(ctx: VismaContext, query: ListQuery | undefined): Promise<Page<InvoicePayment>> {
  const page = await ctx.api.get<VismaPage<VismaVoucher>>('/vouchers', { query: pageQuery(query, 'ModifiedUtc') });
  const items: InvoicePayment[] = [];
  for (const v of page.Data) {
    if (!v.SourceId || !isPaymentVoucher(v)) continue;
    const invoice = await ctx.invoiceById(v.SourceId);
    if (!invoice || invoice.VoucherId === v.Id || invoice.IsCreditInvoice) continue;
    items.push(paymentFromVoucher(v, String(invoice.InvoiceNumber)));
  }
  return toPage(page, items);
}

export function paymentsOf(
  ctx: VismaContext,
): Pick<AccountingProvider['invoices'], 'registerPayment'> & Pick<AccountingProvider, 'invoicePayments'> {
  const p: Payments = { ctx, bankAccount: cachedOnce(() => chequeAccount(ctx)) };
  return {
    registerPayment: (number, payment, options) => registerPayment(p, number, payment, options),
    invoicePayments: { list: (query) => listPayments(ctx, query) },
  };
}
