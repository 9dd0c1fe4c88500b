import { randomBytes, randomUUID } from 'node:crypto';
import {
  bodySchema,
  type Operation,
  type OperationKey,
  operation,
  pageItemSchema,
  resolve,
  responseSchema,
} from '../contract/contract';
import { ODataError, queryList } from './odata';
import {
  convertDraft,
  createManualVoucher,
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
import { checkBody, shape } from './validate';

/**
 * The eEkonomi REST surface under `/v2`, one route per operation of the contract
 * (contract/visma-eaccounting-v2.subset.json, keyed `METHOD /v2/path/{param}`). For every request:
 *
 * - the token must carry one of the operation's scopes (its `scopes`, "Requires any of the
 *   following scopes"), else 403 with ErrorCode 4006;
 * - a body is checked against the operation's body definition (validate.ts);
 * - query parameters: the operation's documented ones are read; on list operations (200 schema
 *   `PaginatedResponse[X]`) the OData options of odata.ts; any other `$` option is refused; any
 *   other parameter is ignored, as ASP.NET ignores what no action parameter binds;
 * - the answer is the operation's 200 schema, shaped by validate.ts: exactly the documented
 *   properties. Every operation documents 200 (also the creating POSTs), so every success is 200;
 * - an operation producing only `application/pdf` answers 406 to a request that does not accept it.
 *
 * Errors answer `{ ErrorCode, DeveloperErrorMessage, ErrorId }`.
 */

export type ApiResult = { status: number; json: unknown } | { status: number; pdf: Buffer } | { status: number; empty: true };

type Handler = (ctx: {
  params: string[];
  query: URLSearchParams;
  body: Record<string, unknown> | null;
  baseUrl: string;
}) => unknown | Promise<unknown>;

export interface ApiState {
  /** Short-lived links handed out by `…/pdf` (Visma answers a temporary URL, not the bytes). */
  temporaryFiles: Map<string, { invoiceId: string; expiresAt: number }>;
}

export interface Route {
  key: OperationKey;
  op: Operation;
  method: string;
  pattern: RegExp;
  /** For list operations: the default `$orderby`. */
  order?: string;
  handler: Handler;
}

export function errorBody(errorCode: number, message: string) {
  return { ErrorCode: errorCode, DeveloperErrorMessage: message, ErrorId: randomUUID() };
}

/** The PDF bytes of an operation that produces `application/pdf`. */
class Pdf {
  constructor(readonly bytes: Buffer) {}
}

function byId<T>(map: Map<string, T>, id: string, what: string): T {
  const found = map.get(id);
  if (!found) throw new VismaApiError(404, ERROR.notFound, `${what} with id ${id} was not found.`);
  return found;
}

const GUID = '([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})';

function route(key: OperationKey, handler: Handler, order?: string): Route {
  const [method, path] = key.split(' ') as [string, string];
  const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, GUID)}$`);
  return { key, op: operation(key), method, pattern, order, handler };
}

export function createRoutes(store: VismaStore, state: ApiState): Route[] {
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

  return [
    route('GET /v2/companysettings', () => store.company),
    route('GET /v2/units', () => store.units, 'Name'),
    route('GET /v2/termsofpayments', () => store.termsOfPayment, 'NumberOfDays'),
    route('GET /v2/deliveryterms', () => store.deliveryTerms, 'Name'),
    route('GET /v2/costcenters', () => store.costCenters, 'Number'),
    route('GET /v2/projects', () => store.projects, 'Number'),
    route('GET /v2/articlelabels', () => store.articleLabels, 'Name'),
    route('GET /v2/articleaccountcodings', () => store.codings, 'Name'),
    route('GET /v2/bankaccounts', () => store.bankAccounts, 'Name'),

    route('GET /v2/customers', () => [...store.customers.values()], 'CustomerNumber'),
    route('POST /v2/customers', ({ body }) => writeCustomer(store, body ?? {})),
    route('GET /v2/customers/{customerId}', ({ params }) => byId(store.customers, params[0] as string, 'Customer')),
    route('PUT /v2/customers/{customerId}', ({ params, body }) =>
      writeCustomer(store, body ?? {}, byId(store.customers, params[0] as string, 'Customer')),
    ),

    route('GET /v2/articles', () => [...store.articles.values()], 'Number'),
    route('POST /v2/articles', ({ body }) => writeArticle(store, body ?? {})),
    route('GET /v2/articles/{articleId}', ({ params }) => byId(store.articles, params[0] as string, 'Article')),
    route('PUT /v2/articles/{articleId}', ({ params, body }) =>
      writeArticle(store, body ?? {}, byId(store.articles, params[0] as string, 'Article')),
    ),

    route('GET /v2/customerinvoicedrafts', () => [...store.drafts.values()], 'CreatedUtc'),
    route('POST /v2/customerinvoicedrafts', ({ body }) => writeDraft(store, body ?? {})),
    route('GET /v2/customerinvoicedrafts/{invoiceDraftId}', ({ params }) =>
      byId(store.drafts, params[0] as string, 'CustomerInvoiceDraft'),
    ),
    route('PUT /v2/customerinvoicedrafts/{customerInvoiceDraftId}', ({ params, body }) =>
      writeDraft(store, body ?? {}, byId(store.drafts, params[0] as string, 'CustomerInvoiceDraft')),
    ),
    route('DELETE /v2/customerinvoicedrafts/{customerInvoiceDraftId}', ({ params }) => {
      byId(store.drafts, params[0] as string, 'CustomerInvoiceDraft');
      store.drafts.delete(params[0] as string);
      return {};
    }),
    route('POST /v2/customerinvoicedrafts/{customerInvoiceDraftId}/convert', ({ params, body }) =>
      convertDraft(store, params[0] as string, body),
    ),

    // swagger: paths./v2/customerinvoices.get.parameters — `modifiedSinceUtc` besides OData.
    route(
      'GET /v2/customerinvoices',
      ({ query }) => {
        const since = query.get('modifiedSinceUtc');
        return [...store.invoices.values()].filter((i) => !since || Date.parse(i.ModifiedUtc) > Date.parse(since));
      },
      'InvoiceNumber',
    ),
    route('GET /v2/customerinvoices/{invoiceId}', ({ params }) => getInvoice(store, params[0] as string)),
    route('GET /v2/customerinvoices/{invoiceId}/pdf', ({ params, baseUrl }) => {
      getInvoice(store, params[0] as string);
      const token = randomBytes(18).toString('hex');
      state.temporaryFiles.set(token, { invoiceId: params[0] as string, expiresAt: Date.now() + 10 * 60_000 });
      return { Url: `${baseUrl}/temporary-files/${token}` };
    }),
    route('GET /v2/customerinvoices/{invoiceId}/print', async ({ params }) => {
      const invoice = markSent(store, params[0] as string, SEND_TYPE.print);
      return new Pdf(await renderInvoicePdf(store, invoice));
    }),
    // definitions.EmailApi: every field optional; Email defaults to the customer's address. Answers the invoice.
    route('POST /v2/customerinvoices/{invoiceId}/email', ({ params, body }) => {
      const email = typeof body?.Email === 'string' && body.Email !== '' ? body.Email : null;
      return markSent(store, params[0] as string, SEND_TYPE.email, email);
    }),
    route('POST /v2/customerinvoices/{invoiceId}/payments', ({ params, body }) =>
      registerPayment(store, params[0] as string, body ?? {}),
    ),

    route('GET /v2/customerledgeritems', () => ledgerItems(), 'InvoiceNumber'),
    route('GET /v2/vouchers', () => [...store.vouchers.values()], 'VoucherDate'),
    route('POST /v2/vouchers', ({ body }) => createManualVoucher(store, body ?? {})),
    route('GET /v2/orders', () => [...store.orders.values()], 'Number'),
    route('GET /v2/orders/{id}', ({ params }) => byId(store.orders, params[0] as string, 'Order')),
    route('GET /v2/suppliers', () => [...store.suppliers.values()], 'SupplierNumber'),
    route('GET /v2/suppliers/{supplierId}', ({ params }) => byId(store.suppliers, params[0] as string, 'Supplier')),
    route('GET /v2/supplierinvoices', () => [...store.supplierInvoices.values()], 'InvoiceDate'),
    route('GET /v2/supplierinvoices/{supplierInvoiceId}', ({ params }) =>
      byId(store.supplierInvoices, params[0] as string, 'SupplierInvoice'),
    ),
  ];
}

/** The route of a request: `{ route, params }`, or the answer Visma gives to a path or method it has not. */
export function findRoute(routes: Route[], method: string, pathname: string): { route: Route; params: string[] } | ApiResult {
  const pathMatches = routes.filter((r) => r.pattern.test(pathname));
  const found = pathMatches.find((r) => r.method === method);
  if (found) return { route: found, params: (pathname.match(found.pattern) ?? []).slice(1) };
  if (pathMatches.length > 0)
    return { status: 405, json: errorBody(ERROR.validation, `The requested resource does not support http method '${method}'.`) };
  return {
    status: 404,
    json: errorBody(ERROR.notFound, `No HTTP resource was found that matches the request URI '${pathname}'.`),
  };
}

/** Whether a token's scopes (space-separated) let it call the operation. */
export function scopeAllows(op: Operation, tokenScope: string): boolean {
  const granted = new Set(tokenScope.split(/\s+/).filter(Boolean));
  return op.scopes.some((scope) => granted.has(scope));
}

/** Runs the route; Visma's own refusals become their error bodies. */
export async function dispatch(
  found: { route: Route; params: string[] },
  request: { url: URL; rawBody: string; accept: string; baseUrl: string; now: Date },
): Promise<ApiResult> {
  const { route: r, params } = found;
  const { url, rawBody } = request;
  // An operation that produces only a PDF cannot answer a client that accepts only JSON.
  if (r.op.produces.length > 0 && r.op.produces.every((type) => type === 'application/pdf')) {
    const accept = request.accept.toLowerCase();
    if (accept !== '' && !accept.includes('application/pdf') && !accept.includes('*/*'))
      return {
        status: 406,
        json: errorBody(ERROR.validation, `This resource produces application/pdf; the request accepts ${request.accept}.`),
      };
  }
  let body: Record<string, unknown> | null = null;
  if (rawBody.trim() !== '') {
    try {
      body = JSON.parse(rawBody) as Record<string, unknown>;
    } catch {
      return { status: 400, json: errorBody(ERROR.validation, 'The request body is not valid JSON.') };
    }
  }
  try {
    const schema = bodySchema(r.op);
    if (schema) checkBody(schema, body);
    const itemSchema = pageItemSchema(r.op);
    const result = await r.handler({ params, query: url.searchParams, body, baseUrl: request.baseUrl });
    if (result instanceof Pdf) return { status: 200, pdf: result.bytes };
    if (itemSchema) {
      const fields = new Map(Object.entries(resolve(itemSchema).properties ?? {}));
      const rows = (result as unknown[]).map((row) => shape(itemSchema, row) as Record<string, unknown>);
      return {
        status: 200,
        json: shape(responseSchema(r.op) ?? {}, queryList(rows, url.searchParams, request.now, r.order ?? 'Id', fields)),
      };
    }
    const answer = responseSchema(r.op);
    return { status: 200, json: answer && answer.type !== 'object' ? shape(answer, result) : (result ?? {}) };
  } catch (error) {
    if (error instanceof VismaApiError) return { status: error.status, json: errorBody(error.errorCode, error.message) };
    if (error instanceof ODataError) return { status: 400, json: errorBody(ERROR.validation, error.message) };
    throw error;
  }
}
