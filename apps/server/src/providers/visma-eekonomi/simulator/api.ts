import { randomBytes, randomUUID } from 'node:crypto';
import { ODataError, queryList } from './odata';
import {
  convertDraft,
  ERROR,
  getInvoice,
  markSent,
  registerPayment,
  VismaApiError,
  writeArticle,
  writeCustomer,
  writeDraft,
} from './operations';
import { renderInvoicePdf } from './pdf';
import { SEND_TYPE, type VismaStore } from './store';

/**
 * The eEkonomi REST surface under `/v2`: list endpoints page with `$page`/`$pagesize` and answer
 * `{ Meta, Data }`, single documents answer the object, errors answer
 * `{ ErrorCode, DeveloperErrorMessage, ErrorId }`.
 */

export type ApiResult = { status: number; json: unknown } | { status: number; pdf: Buffer } | { status: number; empty: true };

type Handler = (ctx: {
  params: string[];
  query: URLSearchParams;
  body: Record<string, unknown> | null;
  baseUrl: string;
}) => ApiResult | Promise<ApiResult>;

export interface ApiState {
  /** Short-lived links handed out by `…/pdf` (Visma answers a temporary URL, not the bytes). */
  temporaryFiles: Map<string, { invoiceId: string; expiresAt: number }>;
}

export function errorBody(errorCode: number, message: string) {
  return { ErrorCode: errorCode, DeveloperErrorMessage: message, ErrorId: randomUUID() };
}

const ok = (json: unknown, status = 200): ApiResult => ({ status, json });

function byId<T>(map: Map<string, T>, id: string, what: string): T {
  const found = map.get(id);
  if (!found) throw new VismaApiError(404, ERROR.notFound, `${what} with id ${id} was not found.`);
  return found;
}

function needBody(body: Record<string, unknown> | null): Record<string, unknown> {
  if (!body) throw new VismaApiError(400, ERROR.validation, 'The request body is required.');
  return body;
}

export function createRoutes(store: VismaStore, state: ApiState): { method: string; pattern: RegExp; handler: Handler }[] {
  const now = () => store.now();
  const list = <T extends object>(rows: T[], query: URLSearchParams, order: keyof T & string) =>
    ok(queryList(rows, query, now(), order));
  const ledgerItems = () =>
    [...store.invoices.values()].map((i) => ({
      Id: i.Id,
      CustomerId: i.CustomerId,
      CurrencyCode: i.CurrencyCode,
      CurrencyRate: i.CurrencyRate,
      CurrencyRateUnit: 1,
      InvoiceNumber: i.InvoiceNumber,
      InvoiceDate: i.InvoiceDate,
      DueDate: i.DueDate,
      IsCreditInvoice: i.IsCreditInvoice,
      PaymentReferenceNumber: i.PaymentReferenceNumber,
      TotalAmountInvoiceCurrency: i.TotalAmountInvoiceCurrency,
      VATAmountInvoiceCurrency: i.TotalVatAmountInvoiceCurrency,
      RoundingsAmountInvoiceCurrency: i.TotalRoundings,
      RemainingAmountInvoiceCurrency: i.RemainingAmountInvoiceCurrency,
      VoucherId: i.VoucherId,
      ModifiedUtc: i.ModifiedUtc,
    }));

  const id = '([0-9a-fA-F-]{36})';
  return [
    { method: 'GET', pattern: /^\/v2\/companysettings$/, handler: () => ok(store.company) },
    { method: 'GET', pattern: /^\/v2\/units$/, handler: ({ query }) => list(store.units, query, 'Name') },
    {
      method: 'GET',
      pattern: /^\/v2\/termsofpayments$/,
      handler: ({ query }) => list(store.termsOfPayment, query, 'NumberOfDays'),
    },
    { method: 'GET', pattern: /^\/v2\/deliveryterms$/, handler: ({ query }) => list(store.deliveryTerms, query, 'Name') },
    { method: 'GET', pattern: /^\/v2\/costcenters$/, handler: ({ query }) => list(store.costCenters, query, 'Number') },
    { method: 'GET', pattern: /^\/v2\/projects$/, handler: ({ query }) => list(store.projects, query, 'Number') },
    { method: 'GET', pattern: /^\/v2\/articlelabels$/, handler: ({ query }) => list(store.articleLabels, query, 'Name') },
    { method: 'GET', pattern: /^\/v2\/articleaccountcodings$/, handler: ({ query }) => list(store.codings, query, 'Name') },

    {
      method: 'GET',
      pattern: /^\/v2\/customers$/,
      handler: ({ query }) => list([...store.customers.values()], query, 'CustomerNumber'),
    },
    { method: 'POST', pattern: /^\/v2\/customers$/, handler: ({ body }) => ok(writeCustomer(store, needBody(body)), 201) },
    {
      method: 'GET',
      pattern: new RegExp(`^/v2/customers/${id}$`),
      handler: ({ params }) => ok(byId(store.customers, params[0] as string, 'Customer')),
    },
    {
      method: 'PUT',
      pattern: new RegExp(`^/v2/customers/${id}$`),
      handler: ({ params, body }) =>
        ok(writeCustomer(store, needBody(body), byId(store.customers, params[0] as string, 'Customer'))),
    },

    { method: 'GET', pattern: /^\/v2\/articles$/, handler: ({ query }) => list([...store.articles.values()], query, 'Number') },
    { method: 'POST', pattern: /^\/v2\/articles$/, handler: ({ body }) => ok(writeArticle(store, needBody(body)), 201) },
    {
      method: 'GET',
      pattern: new RegExp(`^/v2/articles/${id}$`),
      handler: ({ params }) => ok(byId(store.articles, params[0] as string, 'Article')),
    },
    {
      method: 'PUT',
      pattern: new RegExp(`^/v2/articles/${id}$`),
      handler: ({ params, body }) =>
        ok(writeArticle(store, needBody(body), byId(store.articles, params[0] as string, 'Article'))),
    },

    {
      method: 'GET',
      pattern: /^\/v2\/customerinvoicedrafts$/,
      handler: ({ query }) => list([...store.drafts.values()], query, 'CreatedUtc'),
    },
    {
      method: 'POST',
      pattern: /^\/v2\/customerinvoicedrafts$/,
      handler: ({ body }) => ok(writeDraft(store, needBody(body)), 201),
    },
    {
      method: 'GET',
      pattern: new RegExp(`^/v2/customerinvoicedrafts/${id}$`),
      handler: ({ params }) => ok(byId(store.drafts, params[0] as string, 'CustomerInvoiceDraft')),
    },
    {
      method: 'PUT',
      pattern: new RegExp(`^/v2/customerinvoicedrafts/${id}$`),
      handler: ({ params, body }) =>
        ok(writeDraft(store, needBody(body), byId(store.drafts, params[0] as string, 'CustomerInvoiceDraft'))),
    },
    {
      method: 'DELETE',
      pattern: new RegExp(`^/v2/customerinvoicedrafts/${id}$`),
      handler: ({ params }) => {
        byId(store.drafts, params[0] as string, 'CustomerInvoiceDraft');
        store.drafts.delete(params[0] as string);
        return { status: 204, empty: true };
      },
    },
    {
      method: 'POST',
      pattern: new RegExp(`^/v2/customerinvoicedrafts/${id}/convert$`),
      handler: ({ params, body }) => ok(convertDraft(store, params[0] as string, body), 201),
    },

    {
      method: 'GET',
      pattern: /^\/v2\/customerinvoices$/,
      handler: ({ query }) => {
        // The endpoint also takes `modifiedSinceUtc` besides the OData filter.
        const since = query.get('modifiedSinceUtc');
        const rows = [...store.invoices.values()].filter((i) => !since || Date.parse(i.ModifiedUtc) > Date.parse(since));
        return list(rows, query, 'InvoiceNumber');
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`^/v2/customerinvoices/${id}$`),
      handler: ({ params }) => ok(getInvoice(store, params[0] as string)),
    },
    {
      method: 'GET',
      pattern: new RegExp(`^/v2/customerinvoices/${id}/pdf$`),
      handler: ({ params, baseUrl }) => {
        getInvoice(store, params[0] as string);
        const token = randomBytes(18).toString('hex');
        state.temporaryFiles.set(token, { invoiceId: params[0] as string, expiresAt: Date.now() + 10 * 60_000 });
        return ok({ Url: `${baseUrl}/temporary-files/${token}` });
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`^/v2/customerinvoices/${id}/print$`),
      handler: async ({ params }) => {
        const invoice = markSent(store, params[0] as string, SEND_TYPE.print);
        return { status: 200, pdf: await renderInvoicePdf(store, invoice) };
      },
    },
    {
      method: 'POST',
      pattern: new RegExp(`^/v2/customerinvoices/${id}/email$`),
      handler: ({ params, body }) => {
        const email = typeof body?.Email === 'string' && body.Email !== '' ? body.Email : null;
        markSent(store, params[0] as string, SEND_TYPE.email, email);
        return ok({});
      },
    },
    {
      method: 'POST',
      pattern: new RegExp(`^/v2/customerinvoices/${id}/payments$`),
      handler: ({ params, body }) => ok(registerPayment(store, params[0] as string, needBody(body)), 201),
    },

    {
      method: 'GET',
      pattern: /^\/v2\/customerledgeritems$/,
      handler: ({ query }) => list(ledgerItems(), query, 'InvoiceNumber'),
    },
    {
      method: 'GET',
      pattern: /^\/v2\/vouchers$/,
      handler: ({ query }) => list([...store.vouchers.values()], query, 'CreatedUtc'),
    },
    {
      method: 'GET',
      pattern: new RegExp(`^/v2/vouchers/${id}$`),
      handler: ({ params }) => ok(byId(store.vouchers, params[0] as string, 'Voucher')),
    },
    { method: 'GET', pattern: /^\/v2\/orders$/, handler: ({ query }) => list([...store.orders.values()], query, 'Number') },
  ];
}

/** Runs the matching route; Visma's own refusals become their error bodies. */
export async function dispatch(
  routes: ReturnType<typeof createRoutes>,
  method: string,
  url: URL,
  rawBody: string,
  baseUrl: string,
): Promise<ApiResult> {
  let body: Record<string, unknown> | null = null;
  if (rawBody.trim() !== '') {
    try {
      body = JSON.parse(rawBody) as Record<string, unknown>;
    } catch {
      return { status: 400, json: errorBody(ERROR.validation, 'The request body is not valid JSON.') };
    }
  }
  const pathMatches = routes.filter((r) => r.pattern.test(url.pathname));
  const route = pathMatches.find((r) => r.method === method);
  if (!route) {
    if (pathMatches.length > 0)
      return {
        status: 405,
        json: errorBody(ERROR.validation, `The requested resource does not support http method '${method}'.`),
      };
    return {
      status: 404,
      json: errorBody(ERROR.notFound, `No HTTP resource was found that matches the request URI '${url.pathname}'.`),
    };
  }
  try {
    const params = (url.pathname.match(route.pattern) ?? []).slice(1);
    return await route.handler({ params, query: url.searchParams, body, baseUrl });
  } catch (error) {
    if (error instanceof VismaApiError) return { status: error.status, json: errorBody(error.errorCode, error.message) };
    if (error instanceof ODataError) return { status: 400, json: errorBody(ERROR.validation, error.message) };
    throw error;
  }
}
