import type { AccInvoice } from '../../accounting/provider';
import type { FxArticle, FxContract, FxCustomer, FxInvoice, FxInvoicePayment } from '../fortnox-types';
import { articleFromFx, contractFromFx, customerFromFx, invoiceFromFx, paymentFromFx } from '../mapping';
import { action, all, enc, type FortnoxContext, get, send } from './context';

/** Reading whole documents, and the invoice actions that answer one (shared by the resource modules). */

export const getCustomer = async (ctx: FortnoxContext, number: string) =>
  customerFromFx((await get<{ Customer: FxCustomer }>(ctx, `customers/${enc(number)}`, 'customer')).Customer);
export const getArticle = async (ctx: FortnoxContext, number: string) =>
  articleFromFx((await get<{ Article: FxArticle }>(ctx, `articles/${enc(number)}`, 'article')).Article);
export const getInvoiceFx = async (ctx: FortnoxContext, number: string) =>
  (await get<{ Invoice: FxInvoice }>(ctx, `invoices/${enc(number)}`, 'invoice')).Invoice;
/** The payments of one invoice: `invoicenumber` also matches 10, 100… (rule S2), so compared exactly. */
export const paymentsFor = async (ctx: FortnoxContext, number: string) =>
  (await all<FxInvoicePayment>(ctx, 'invoicepayments', 'InvoicePayments', { invoicenumber: number })).filter(
    (p) => String(p.InvoiceNumber) === number,
  );
export const paymentsOf = async (ctx: FortnoxContext, number: string) =>
  (await paymentsFor(ctx, number)).filter((p) => p.Booked).map(paymentFromFx);
/** An invoice as Fortnox answered it; the payments are a separate register, read only when money has come in. */
export const invoiceWithPayments = async (ctx: FortnoxContext, number: string, fx: FxInvoice) => {
  const paid = !fx.Cancelled && fx.Total !== fx.Balance && fx.Credit !== 'true';
  return invoiceFromFx(fx, paid ? await paymentsOf(ctx, number) : []);
};
export const getInvoice = async (ctx: FortnoxContext, number: string) =>
  invoiceWithPayments(ctx, number, await getInvoiceFx(ctx, number));
export const getContract = async (ctx: FortnoxContext, number: string) =>
  contractFromFx((await get<{ Contract: FxContract }>(ctx, `contracts/${enc(number)}`, 'contract')).Contract);
/**
 * An invoice action. Fortnox answers the invoice as it now is (`{ Invoice }`) to every action
 * but print, which answers the PDF to print: only then is the invoice read back. An answer
 * without the invoice (not Fortnox's way) is read back too rather than trusted.
 */
export const invoiceAction = (
  ctx: FortnoxContext,
  number: string,
  path: string,
  done: (invoice: AccInvoice) => boolean,
  method: 'PUT' | 'GET' = 'PUT',
) =>
  action(
    async () => {
      const actionPath = `invoices/${enc(number)}/${path}`;
      if (path === 'print') {
        await ctx.client.request({ method: 'GET', path: actionPath, safe: false, resource: 'invoice', accept: 'pdf' });
        return getInvoice(ctx, number);
      }
      // E-mail and e-invoice are GETs in Fortnox but send something: not safe to repeat.
      const answer =
        method === 'GET'
          ? await ctx.client.request<{ Invoice?: FxInvoice }>({
              method: 'GET',
              path: actionPath,
              safe: false,
              resource: 'invoice',
            })
          : await send<{ Invoice?: FxInvoice }>(ctx, 'PUT', actionPath, undefined, 'invoice', false);
      return answer?.Invoice ? invoiceWithPayments(ctx, number, answer.Invoice) : getInvoice(ctx, number);
    },
    async () => {
      const invoice = await getInvoice(ctx, number);
      return done(invoice) ? invoice : null;
    },
  );
