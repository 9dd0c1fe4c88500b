import { createHash } from 'node:crypto';
import { toStockholmTime } from '../../lib/stockholm-time';
import { AccountingError, isAccountingError } from '../accounting/errors';
import type {
  AccArticle,
  AccContract,
  AccCustomer,
  AccInvoice,
  AccountingProvider,
  CodeItem,
  InvoiceDeliveryMethod,
  InvoicePayment,
  ListQuery,
  Page,
} from '../accounting/provider';
import { FortnoxClient, type FortnoxClientOptions, type FortnoxResource } from './client';
import type {
  FxArticle,
  FxCompanyInformation,
  FxContract,
  FxCostCenter,
  FxCustomer,
  FxInvoice,
  FxInvoicePayment,
  FxMeta,
  FxOrder,
  FxPriceList,
  FxProject,
  FxTermsOfDelivery,
  FxTermsOfPayment,
  FxUnit,
  FxVoucher,
} from './fortnox-types';
import {
  articleFromFx,
  articleToFx,
  codeItem,
  companyFromFx,
  contractFromFx,
  contractToFx,
  customerFromFx,
  customerToFx,
  invoiceFromFx,
  invoiceToFx,
  orderFromFx,
  paymentFromFx,
  voucherFromFx,
} from './mapping';
import { oreToKronor } from './money';

export type FortnoxProviderOptions = FortnoxClientOptions & {
  /** Attempts of a create whose answer was lost (each looks up our reference first). Default 3. */
  createAttempts?: number;
};

/** Fortnox's largest page. */
export const FORTNOX_MAX_PAGE_SIZE = 500;
const DEFAULT_PAGE_SIZE = 100;

/**
 * The article number a create without one gets. Fortnox articles have no field for another
 * system's reference, so the number itself carries it: the same `externalRef` always gives the
 * same number, a retry after a lost answer finds the article, and a second one cannot be made.
 */
export function articleNumberFor(externalRef: string): string {
  return `FW${createHash('sha256').update(externalRef).digest('hex').slice(0, 10).toUpperCase()}`;
}

const isTransient = (error: unknown) => isAccountingError(error) && (error.kind === 'timeout' || error.kind === 'unavailable');

/**
 * The Fortnox implementation of AccountingProvider (API v3).
 *
 * Lists are Fortnox's list answers: summaries, so fields Fortnox leaves out of a list item are
 * null (and `rows`/`payments` empty); `get` answers the whole document. `modifiedSince` becomes
 * `lastmodified` in Swedish time; Fortnox does not say when a document changed, so `modifiedAt`
 * is null and the caller keeps its own high-water mark (the time it started the last fetch).
 *
 * Creates are idempotent by the portal's reference: invoices and contracts carry it in
 * `ExternalInvoiceReference1`, customers in `ExternalReference`, payments in
 * `ExternalInvoiceReference`, and articles in their number (see articleNumberFor). A create
 * first looks the reference up, and after a timeout or 5xx looks again before trying again.
 */
export function createFortnoxProvider(options: FortnoxProviderOptions): AccountingProvider {
  const client = new FortnoxClient(options);
  const createAttempts = options.createAttempts ?? 3;

  const get = <T>(path: string, resource: FortnoxResource, query?: Record<string, string | number | undefined>) =>
    client.request<T>({ method: 'GET', path, query, safe: true, resource });
  const send = <T>(method: 'POST' | 'PUT', path: string, body: unknown, resource: FortnoxResource, safe: boolean) =>
    client.request<T>({ method, path, body, safe, resource });
  const enc = encodeURIComponent;

  async function list<F, T>(
    path: string,
    wrapper: string,
    query: ListQuery | undefined,
    map: (fx: F) => T,
    extra?: Record<string, string>,
  ): Promise<Page<T>> {
    const page = Math.max(1, Math.floor(query?.page ?? 1));
    const pageSize = Math.min(FORTNOX_MAX_PAGE_SIZE, Math.max(1, Math.floor(query?.pageSize ?? DEFAULT_PAGE_SIZE)));
    const answer = await get<{ MetaInformation?: FxMeta } & Record<string, unknown>>(path, 'document', {
      limit: pageSize,
      page,
      lastmodified: query?.modifiedSince ? toStockholmTime(new Date(query.modifiedSince)) : undefined,
      ...extra,
    });
    const items = (answer[wrapper] as F[] | undefined) ?? [];
    const meta = answer.MetaInformation;
    return {
      items: items.map(map),
      page: meta?.['@CurrentPage'] ?? page,
      totalPages: meta?.['@TotalPages'] ?? 1,
      total: meta?.['@TotalResources'] ?? items.length,
    };
  }

  /** Every item of a filtered list (used by reference look-ups, which match few documents). */
  async function all<F>(path: string, wrapper: string, filter: Record<string, string>): Promise<F[]> {
    const out: F[] = [];
    for (let page = 1; ; page++) {
      const result = await list<F, F>(path, wrapper, { page, pageSize: FORTNOX_MAX_PAGE_SIZE }, (x) => x, filter);
      out.push(...result.items);
      if (page >= result.totalPages) return out;
    }
  }

  /**
   * Look up, create, and after a lost answer look up again before creating again. `firstAttempt`
   * (the caller knows no earlier attempt was made) skips the first look-up: one request, not two.
   */
  async function idempotent<T>(lookup: () => Promise<T | null>, create: () => Promise<T>, firstAttempt = false): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const found = attempt === 1 && firstAttempt ? null : await lookup();
      if (found) return found;
      try {
        return await create();
      } catch (error) {
        if (!isTransient(error) || attempt >= createAttempts) throw error;
        options.logger?.warn(
          { attempt, error: (error as Error).message },
          'fortnox create answer lost; looking up before retrying',
        );
      }
    }
  }

  /**
   * Actions that are not safe to send twice (bookkeep, cancel, credit, finish): after a lost
   * answer, read the document; if the action took effect, that is the answer.
   */
  async function action<T>(run: () => Promise<T>, check: () => Promise<T | null>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!isTransient(error)) throw error;
      const done = await check().catch(() => null);
      if (done) return done;
      throw error;
    }
  }

  const getCustomer = async (number: string) =>
    customerFromFx((await get<{ Customer: FxCustomer }>(`customers/${enc(number)}`, 'customer')).Customer);
  const getArticle = async (number: string) =>
    articleFromFx((await get<{ Article: FxArticle }>(`articles/${enc(number)}`, 'article')).Article);
  const getInvoiceFx = async (number: string) =>
    (await get<{ Invoice: FxInvoice }>(`invoices/${enc(number)}`, 'invoice')).Invoice;
  const paymentsOf = async (number: string) =>
    (await all<FxInvoicePayment>('invoicepayments', 'InvoicePayments', { invoicenumber: number }))
      .filter((p) => p.Booked)
      .map(paymentFromFx);
  /** An invoice as Fortnox answered it; the payments are a separate register, read only when money has come in. */
  const invoiceWithPayments = async (number: string, fx: FxInvoice) => {
    const paid = !fx.Cancelled && fx.Total !== fx.Balance && fx.Credit !== 'true';
    return invoiceFromFx(fx, paid ? await paymentsOf(number) : []);
  };
  const getInvoice = async (number: string) => invoiceWithPayments(number, await getInvoiceFx(number));
  const getContract = async (number: string) =>
    contractFromFx((await get<{ Contract: FxContract }>(`contracts/${enc(number)}`, 'contract')).Contract);
  const missingAsNull = async <T>(read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch (error) {
      if (isAccountingError(error) && error.kind === 'not_found') return null;
      throw error;
    }
  };

  /**
   * An invoice action. Fortnox answers the invoice as it now is (`{ Invoice }`) to every action
   * but print, which answers the PDF to print: only then is the invoice read back. An answer
   * without the invoice (not Fortnox's way) is read back too rather than trusted.
   */
  const invoiceAction = (number: string, path: string, done: (invoice: AccInvoice) => boolean, method: 'PUT' | 'GET' = 'PUT') =>
    action(
      async () => {
        const actionPath = `invoices/${enc(number)}/${path}`;
        if (path === 'print') {
          await client.request({ method: 'GET', path: actionPath, safe: false, resource: 'invoice', accept: 'pdf' });
          return getInvoice(number);
        }
        // E-mail and e-invoice are GETs in Fortnox but send something: not safe to repeat.
        const answer =
          method === 'GET'
            ? await client.request<{ Invoice?: FxInvoice }>({ method: 'GET', path: actionPath, safe: false, resource: 'invoice' })
            : await send<{ Invoice?: FxInvoice }>('PUT', actionPath, undefined, 'invoice', false);
        return answer?.Invoice ? invoiceWithPayments(number, answer.Invoice) : getInvoice(number);
      },
      async () => {
        const invoice = await getInvoice(number);
        return done(invoice) ? invoice : null;
      },
    );

  const codeList = async <F>(path: string, wrapper: string, map: (fx: F) => CodeItem) =>
    (await all<F>(path, wrapper, {})).map(map);

  const provider: AccountingProvider = {
    id: 'fortnox',

    async companyInformation() {
      return companyFromFx(
        (await get<{ CompanyInformation: FxCompanyInformation }>('companyinformation', 'document')).CompanyInformation,
      );
    },

    codeLists: {
      units: () => codeList<FxUnit>('units', 'Units', (u) => codeItem(u.Code, u.Description)),
      priceLists: () => codeList<FxPriceList>('pricelists', 'PriceLists', (p) => codeItem(p.Code, p.Description)),
      costCenters: () =>
        codeList<FxCostCenter>('costcenters', 'CostCenters', (c) => codeItem(c.Code, c.Description, { active: c.Active })),
      projects: () =>
        codeList<FxProject>('projects', 'Projects', (p) =>
          codeItem(p.ProjectNumber, p.Description, { active: p.Status !== 'COMPLETED' }),
        ),
      termsOfPayment: () =>
        codeList<FxTermsOfPayment>('termsofpayments', 'TermsOfPayments', (t) =>
          codeItem(t.Code, t.Description, { days: /^\d+$/.test(t.Code) ? Number(t.Code) : null }),
        ),
      termsOfDelivery: () =>
        codeList<FxTermsOfDelivery>('termsofdeliveries', 'TermsOfDeliveries', (t) => codeItem(t.Code, t.Description)),
    },

    customers: {
      list: (query) => list<FxCustomer, AccCustomer>('customers', 'Customers', query, customerFromFx),
      get: getCustomer,
      create: (fields, { externalRef, firstAttempt }) =>
        idempotent(
          async () => {
            if (fields.number) {
              const existing = await missingAsNull(() => getCustomer(fields.number as string));
              if (!existing) return null;
              if (existing.externalRef === externalRef) return existing;
              throw new AccountingError('conflict', 'accounting.customerNumberInUse', undefined, { provider: 'fortnox' });
            }
            // Fortnox cannot filter on ExternalReference; the name narrows it to a few to read.
            const candidates = await all<FxCustomer>('customers', 'Customers', { name: fields.name });
            for (const candidate of candidates.filter((c) => c.Name === fields.name)) {
              const customer = await getCustomer(candidate.CustomerNumber);
              if (customer.externalRef === externalRef) return customer;
            }
            return null;
          },
          async () =>
            customerFromFx(
              (
                await send<{ Customer: FxCustomer }>(
                  'POST',
                  'customers',
                  { Customer: customerToFx(fields, externalRef) },
                  'customer',
                  false,
                )
              ).Customer,
            ),
          firstAttempt,
        ),
      update: async (number, fields) =>
        customerFromFx(
          (
            await send<{ Customer: FxCustomer }>(
              'PUT',
              `customers/${enc(number)}`,
              { Customer: customerToFx(fields) },
              'customer',
              true,
            )
          ).Customer,
        ),
    },

    articles: {
      // The article list's items have neither StockGoods nor Expired.
      summaryOmits: ['stockItem', 'discontinued'],
      list: (query) => list<FxArticle, AccArticle>('articles', 'Articles', query, articleFromFx),
      get: getArticle,
      create: (fields, { externalRef }) => {
        const number = fields.number ?? articleNumberFor(externalRef);
        const withRef = (article: AccArticle): AccArticle => ({ ...article, externalRef });
        return idempotent(
          async () => {
            const existing = await missingAsNull(() => getArticle(number));
            if (!existing) return null;
            // A given number that is taken by another article is a conflict, not our lost create.
            if (fields.number && existing.description !== fields.description) {
              throw new AccountingError('conflict', 'accounting.articleNumberInUse', undefined, { provider: 'fortnox' });
            }
            return withRef(existing);
          },
          async () =>
            withRef(
              articleFromFx(
                (
                  await send<{ Article: FxArticle }>(
                    'POST',
                    'articles',
                    { Article: articleToFx({ ...fields, number }) },
                    'article',
                    false,
                  )
                ).Article,
              ),
            ),
        );
      },
      update: async (number, fields) =>
        articleFromFx(
          (
            await send<{ Article: FxArticle }>(
              'PUT',
              `articles/${enc(number)}`,
              { Article: articleToFx(fields) },
              'article',
              true,
            )
          ).Article,
        ),
    },

    invoices: {
      list: (query) => list<FxInvoice, AccInvoice>('invoices', 'Invoices', query, (fx) => invoiceFromFx(fx)),
      get: getInvoice,
      create: (fields, { externalRef, firstAttempt }) =>
        idempotent(
          async () => {
            const [found] = await all<FxInvoice>('invoices', 'Invoices', { externalinvoicereference1: externalRef });
            return found ? getInvoice(found.DocumentNumber) : null;
          },
          async () =>
            invoiceFromFx(
              (
                await send<{ Invoice: FxInvoice }>(
                  'POST',
                  'invoices',
                  { Invoice: invoiceToFx(fields, externalRef) },
                  'invoice',
                  false,
                )
              ).Invoice,
            ),
          firstAttempt,
        ),
      update: async (number, fields) =>
        invoiceFromFx(
          (
            await send<{ Invoice: FxInvoice }>(
              'PUT',
              `invoices/${enc(number)}`,
              { Invoice: invoiceToFx(fields) },
              'invoice',
              true,
            )
          ).Invoice,
        ),
      bookkeep: (number) => invoiceAction(number, 'bookkeep', (i) => i.booked),
      cancel: (number) => invoiceAction(number, 'cancel', (i) => i.cancelled),
      send: (number, method: InvoiceDeliveryMethod) => {
        if (method === 'externalprint')
          return invoiceAction(number, 'externalprint', (i) => i.sent && i.deliveryMethod === 'externalprint');
        if (method === 'print') return invoiceAction(number, 'print', (i) => i.sent && i.deliveryMethod === 'print', 'GET');
        // E-mail and e-invoice are GETs in Fortnox but send something: never repeated blindly.
        return invoiceAction(
          number,
          method === 'email' ? 'email' : 'einvoice',
          (i) => i.sent && i.deliveryMethod === method,
          'GET',
        );
      },
      credit: async (number) => {
        const credited = await invoiceAction(number, 'credit', (i) => i.credited);
        const fx = await getInvoiceFx(number);
        return getInvoice(String(fx.CreditInvoiceReference || credited.number));
      },
      registerPayment: async (number, payment, { externalRef }) => {
        const findOurs = async () =>
          (await all<FxInvoicePayment>('invoicepayments', 'InvoicePayments', { invoicenumber: number })).find(
            (p) => p.ExternalInvoiceReference === externalRef,
          ) ?? null;
        const bookkeep = async (fx: FxInvoicePayment): Promise<InvoicePayment> => {
          if (fx.Booked) return paymentFromFx(fx);
          const booked = await action(
            async () =>
              (
                await send<{ InvoicePayment: FxInvoicePayment }>(
                  'PUT',
                  `invoicepayments/${fx.Number}/bookkeep`,
                  undefined,
                  'payment',
                  false,
                )
              ).InvoicePayment,
            async () => {
              const again = await findOurs();
              return again?.Booked ? again : null;
            },
          );
          return paymentFromFx(booked);
        };
        const created = await idempotent(
          findOurs,
          async () =>
            (
              await send<{ InvoicePayment: FxInvoicePayment }>(
                'POST',
                'invoicepayments',
                {
                  InvoicePayment: {
                    InvoiceNumber: Number(number),
                    Amount: oreToKronor(payment.amountOre),
                    PaymentDate: payment.paymentDate,
                    ExternalInvoiceReference: externalRef,
                  },
                },
                'payment',
                false,
              )
            ).InvoicePayment,
        );
        return bookkeep(created);
      },
      pdf: (number) =>
        client.request({
          method: 'GET',
          path: `invoices/${enc(number)}/preview`,
          accept: 'pdf',
          safe: true,
          resource: 'invoice',
        }),
    },

    invoicePayments: {
      list: (query) => list<FxInvoicePayment, InvoicePayment>('invoicepayments', 'InvoicePayments', query, paymentFromFx),
    },

    contracts: {
      list: (query) => list<FxContract, AccContract>('contracts', 'Contracts', query, contractFromFx),
      get: getContract,
      create: (fields, { externalRef }) =>
        idempotent(
          async () => {
            const [found] = await all<FxContract>('contracts', 'Contracts', { externalinvoicereference1: externalRef });
            return found ? getContract(found.DocumentNumber) : null;
          },
          async () =>
            contractFromFx(
              (
                await send<{ Contract: FxContract }>(
                  'POST',
                  'contracts',
                  { Contract: contractToFx(fields, externalRef) },
                  'contract',
                  false,
                )
              ).Contract,
            ),
        ),
      update: async (number, fields) =>
        contractFromFx(
          (
            await send<{ Contract: FxContract }>(
              'PUT',
              `contracts/${enc(number)}`,
              { Contract: contractToFx(fields) },
              'contract',
              true,
            )
          ).Contract,
        ),
      finish: (number) =>
        action(
          async () =>
            contractFromFx(
              (await send<{ Contract: FxContract }>('PUT', `contracts/${enc(number)}/finish`, undefined, 'contract', false))
                .Contract,
            ),
          async () => {
            const contract = await getContract(number);
            return contract.finished ? contract : null;
          },
        ),
      // Not retried: Fortnox would invoice the next period as well.
      createInvoice: async (number) =>
        invoiceFromFx(
          (await send<{ Invoice: FxInvoice }>('PUT', `contracts/${enc(number)}/createinvoice`, undefined, 'contract', false))
            .Invoice,
        ),
    },

    vouchers: {
      list: (query) => list<FxVoucher, ReturnType<typeof voucherFromFx>>('vouchers', 'Vouchers', query, voucherFromFx),
    },
    orders: { list: (query) => list<FxOrder, ReturnType<typeof orderFromFx>>('orders', 'Orders', query, orderFromFx) },
  };
  return provider;
}
