import { FORTNOX_ERROR } from '../error-codes';
import {
  ARTICLE,
  CONTRACT,
  CUSTOMER,
  checkFields,
  INVOICE,
  INVOICE_PAYMENT,
  PRICE,
  type ResourceFields,
  SUPPLIER,
  SUPPLIER_INVOICE,
  VOUCHER,
} from './contract';
import type { Answer, SimContext } from './http';
import { list, WRAPPERS } from './lists';
import { renderInvoicePdf } from './pdf';
import { badRequest, SimError } from './sim-error';
import type { SimTenant } from './store';

/** One API request routed to the store: the resource, its id and action, the body checked against the contract. */

export function parseJson(_ctx: SimContext, raw: string, singular: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : undefined;
  } catch {
    throw badRequest(FORTNOX_ERROR.jsonSyntax, 'Error deserializing JSON: JSON_ERROR_SYNTAX');
  }
  const inner = (parsed as Record<string, unknown> | undefined)?.[singular];
  if (!inner || typeof inner !== 'object' || Array.isArray(inner))
    throw badRequest(FORTNOX_ERROR.incorrectData, 'Ingen eller felaktig typ av data.');
  return inner as Record<string, unknown>;
}

/** CONTRACT.md rules F1, F2, R1: the body checked against the resource's published fields. */
export function checked(
  _ctx: SimContext,
  kind: string,
  body: Record<string, unknown>,
  creating: boolean,
): Record<string, unknown> {
  const fields: ResourceFields | undefined = {
    customers: CUSTOMER,
    articles: ARTICLE,
    invoices: INVOICE,
    invoicepayments: INVOICE_PAYMENT,
    contracts: CONTRACT,
    prices: PRICE,
    suppliers: SUPPLIER,
    supplierinvoices: SUPPLIER_INVOICE,
    vouchers: VOUCHER,
  }[kind];
  return fields ? checkFields(body, fields, creating) : body;
}

export async function route(
  ctx: SimContext,
  t: SimTenant,
  method: string,
  segments: string[],
  params: URLSearchParams,
  rawBody: string,
): Promise<Answer> {
  const [kind, id, action, extra] = segments;
  const wrap = (value: unknown, status = 200): Answer => ({ status, body: { [WRAPPERS[kind]?.[1] ?? kind]: value } });
  const invoice = (value: unknown, status = 200): Answer => ({ status, body: { Invoice: value } });

  if (kind === 'companyinformation' && !id && method === 'GET') return { status: 200, body: { CompanyInformation: t.company } };
  if (!WRAPPERS[kind]) throw new SimError(404, FORTNOX_ERROR.invalidParameter, 'Resursen finns inte.');
  const singular = WRAPPERS[kind][1];

  if (!id) {
    if (method === 'GET') return list(ctx, t, kind, params);
    if (method === 'POST') {
      const body = checked(ctx, kind, parseJson(ctx, rawBody, singular), true);
      switch (kind) {
        case 'customers':
          return wrap(ctx.store.createCustomer(t, body), 201);
        case 'articles':
          return wrap(ctx.store.createArticle(t, body), 201);
        case 'invoices':
          return wrap(ctx.store.createInvoice(t, body), 201);
        case 'invoicepayments':
          return wrap(ctx.store.createPayment(t, body), 201);
        case 'contracts':
          return wrap(ctx.store.createContract(t, body), 201);
        case 'prices':
          return wrap(ctx.store.createPrice(t, body), 201);
        case 'suppliers':
          return wrap(ctx.store.createSupplier(t, body), 201);
        case 'supplierinvoices':
          return wrap(ctx.store.createSupplierInvoice(t, body), 201);
        case 'vouchers':
          // CONTRACT.md rule Y2: in the year `financialyear` names, else the preselected one (today's).
          return wrap(ctx.store.createVoucher(t, body, ctx.store.voucherYear(t, params)), 201);
      }
    }
    throw new SimError(405, FORTNOX_ERROR.invalidParameter, 'Metoden stöds inte för resursen.');
  }

  if (kind === 'vouchers') {
    // Vouchers are addressed by series and number within a financial year (rule Y2):
    // /3/vouchers/{series}/{number}?financialyear={Id}, today's year without it.
    if (method !== 'GET' || !action || extra)
      throw new SimError(405, FORTNOX_ERROR.invalidParameter, 'Metoden stöds inte för resursen.');
    return wrap(ctx.store.getVoucher(t, id, action, ctx.store.voucherYear(t, params)));
  }
  if (kind === 'financialyears') {
    // Rule Y1: GET /3/financialyears/{Id}, the whole year.
    if (method !== 'GET' || action) throw new SimError(405, FORTNOX_ERROR.invalidParameter, 'Metoden stöds inte för resursen.');
    return wrap(ctx.store.getFinancialYear(t, id));
  }
  if (kind === 'prices') {
    // CONTRACT.md rule P1: /3/prices/{PriceList}/{ArticleNumber}[/{FromQuantity}].
    if (!action) throw new SimError(404, FORTNOX_ERROR.invalidParameter, 'Resursen finns inte.');
    const fromQuantity = extra ?? '0';
    if (method === 'GET') return wrap(ctx.store.getPrice(t, id, action, fromQuantity));
    if (method === 'PUT')
      return wrap(
        ctx.store.updatePrice(t, id, action, fromQuantity, checked(ctx, kind, parseJson(ctx, rawBody, singular), false)),
      );
    throw new SimError(405, FORTNOX_ERROR.invalidParameter, 'Metoden stöds inte för resursen.');
  }
  if (extra) throw new SimError(404, FORTNOX_ERROR.invalidParameter, 'Resursen finns inte.');

  if (!action) {
    if (method === 'GET') {
      switch (kind) {
        case 'customers':
          return wrap(ctx.store.getCustomer(t, id));
        case 'articles':
          return wrap(ctx.store.getArticle(t, id));
        case 'invoices':
          return wrap(ctx.store.getInvoice(t, id));
        case 'invoicepayments':
          return wrap(ctx.store.getPayment(t, id));
        case 'contracts':
          return wrap(ctx.store.getContract(t, id));
        case 'orders':
          return wrap(ctx.store.getOrder(t, id));
        case 'suppliers':
          return wrap(ctx.store.getSupplier(t, id));
        case 'supplierinvoices':
          return wrap(ctx.store.getSupplierInvoice(t, id));
      }
    }
    if (method === 'PUT') {
      const body = checked(ctx, kind, parseJson(ctx, rawBody, singular), false);
      switch (kind) {
        case 'customers':
          return wrap(ctx.store.updateCustomer(t, id, body));
        case 'articles':
          return wrap(ctx.store.updateArticle(t, id, body));
        case 'invoices':
          return wrap(ctx.store.updateInvoice(t, id, body));
        case 'contracts':
          return wrap(ctx.store.updateContract(t, id, body));
      }
    }
    throw new SimError(405, FORTNOX_ERROR.invalidParameter, 'Metoden stöds inte för resursen.');
  }

  if (kind === 'invoices' && method === 'PUT') {
    switch (action) {
      case 'bookkeep':
        return invoice(ctx.store.bookkeepInvoice(t, id));
      case 'cancel':
        return invoice(ctx.store.cancelInvoice(t, id));
      case 'credit':
        return invoice(ctx.store.creditInvoice(t, id));
      case 'externalprint':
        return invoice(ctx.store.sendInvoice(t, id, 'EXTERNALPRINT'));
    }
  }
  if (kind === 'invoices' && method === 'GET') {
    switch (action) {
      case 'email':
        return invoice(ctx.store.sendInvoice(t, id, 'EMAIL'));
      case 'einvoice':
        return invoice(ctx.store.sendInvoice(t, id, 'EINVOICE'));
      case 'print': {
        const doc = ctx.store.sendInvoice(t, id, 'PRINT');
        return { status: 200, pdf: await renderInvoicePdf(t.company, doc) };
      }
      case 'preview':
        return { status: 200, pdf: await renderInvoicePdf(t.company, ctx.store.getInvoice(t, id)) };
    }
  }
  // CONTRACT.md rule A4: supplier invoice actions answer the supplier invoice.
  if (kind === 'supplierinvoices' && method === 'PUT') {
    switch (action) {
      case 'bookkeep':
        return wrap(ctx.store.bookkeepSupplierInvoice(t, id));
      case 'cancel':
        return wrap(ctx.store.cancelSupplierInvoice(t, id));
      case 'credit':
        return wrap(ctx.store.creditSupplierInvoice(t, id));
    }
  }
  // Rule A6: PUT /3/orders/{n}/cancel answers the order.
  if (kind === 'orders' && method === 'PUT' && action === 'cancel') return wrap(ctx.store.cancelOrder(t, id));
  if (kind === 'invoicepayments' && method === 'PUT' && action === 'bookkeep') return wrap(ctx.store.bookkeepPayment(t, id));
  if (kind === 'contracts' && method === 'PUT') {
    if (action === 'finish') return wrap(ctx.store.finishContract(t, id));
    if (action === 'createinvoice') {
      const made = ctx.store.createInvoiceFromContract(t, id);
      // CONTRACT.md rule A1: the answer is the invoice or the contract, as the sources disagree.
      return ctx.contractInvoiceAnswer === 'invoice' ? invoice(made) : wrap(ctx.store.getContract(t, id));
    }
  }
  throw new SimError(404, FORTNOX_ERROR.invalidParameter, 'Resursen finns inte.');
}
