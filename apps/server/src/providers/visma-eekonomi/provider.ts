import { createHash } from 'node:crypto';
import type { MessageKey } from '../../lib/i18n';
import { AccountingError } from '../accounting/errors';
import type {
  AccArticle,
  AccContract,
  AccCustomer,
  AccInvoice,
  AccountingProvider,
  ArticleFields,
  CodeItem,
  CustomerFields,
  DocumentRow,
  InvoiceFields,
  InvoicePayment,
  ListQuery,
  Page,
} from '../accounting/provider';
import { createVismaClient, fetchAll, PROVIDER_NAME, type VismaClient, type VismaClientOptions, type VismaPage } from './client';
import {
  articleFromVisma,
  articleToVisma,
  companyFromVisma,
  customerFromVisma,
  customerToVisma,
  fractionFromBasisPoints,
  fromHundredths,
  invoiceFromVisma,
  orderFromVisma,
  paymentFromVoucher,
  refMarker,
  sekFromOre,
  type VismaArticle,
  type VismaCompanySettings,
  type VismaCustomer,
  type VismaDraft,
  type VismaInvoice,
  type VismaOrder,
  type VismaRefs,
  type VismaVoucher,
  voucherFromVisma,
} from './mapping';

/**
 * The portal's `AccountingProvider` over Visma eEkonomi (API v2).
 *
 * - Numbers are what people see: CustomerNumber, article Number, InvoiceNumber; each call
 *   resolves them to Visma's GUID with one `$filter` lookup (remembered by this instance).
 * - Invoices are made as drafts and converted at once (`…/convert`): a Visma invoice is booked
 *   from birth, so `update` and `cancel` are refused and `bookkeep` answers the invoice as it is.
 * - Creates are idempotent: the portal's reference is written on the document (mapping.ts says
 *   where) and looked up before creating and after any answer that was lost.
 * - Visma has no contracts, price lists or external print; those calls say so in the reader's
 *   language (`accounting.visma.notSupported`), except `contracts.list`, which answers the
 *   empty list that is the truth.
 */

export type VismaEekonomiProviderOptions = VismaClientOptions;

const VOUCHER_CUSTOMER_PAYMENT = 4;
const MAX_PAGE_SIZE = 1000;

function notSupported(feature: MessageKey, kind: 'validation' | 'conflict' = 'validation'): AccountingError {
  return new AccountingError(kind, 'accounting.visma.notSupported', { feature }, { provider: 'visma_eekonomi' });
}

function refused(
  kind: 'validation' | 'conflict',
  key: MessageKey,
  params: Record<string, string | number> = {},
): AccountingError {
  return new AccountingError(kind, key, { provider: PROVIDER_NAME, ...params }, { provider: 'visma_eekonomi' });
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

function pageQuery(query: ListQuery | undefined, modifiedField: string): Record<string, string | number | undefined> {
  return {
    $page: Math.max(1, query?.page ?? 1),
    $pagesize: Math.min(MAX_PAGE_SIZE, Math.max(1, query?.pageSize ?? 100)),
    $filter: query?.modifiedSince ? `${modifiedField} gt ${new Date(query.modifiedSince).toISOString()}` : undefined,
  };
}

function toPage<V, T>(page: VismaPage<V>, items: T[]): Page<T> {
  return { items, page: page.Meta.CurrentPage, totalPages: page.Meta.TotalNumberOfPages, total: page.Meta.TotalNumberOfResults };
}

/** Lets an unanswered create be looked up and, only if Visma has nothing, made again. */
async function createOnce<T>(lookup: () => Promise<T | null>, create: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const existing = await lookup();
    if (existing !== null) return existing;
    try {
      return await create();
    } catch (error) {
      if (!(error instanceof AccountingError) || !error.transient || attempt >= attempts) throw error;
    }
  }
}

export function createVismaEekonomiProvider(options: VismaEekonomiProviderOptions): AccountingProvider {
  const api: VismaClient = createVismaClient(options);
  let refsPromise: Promise<VismaRefs> | null = null;
  let companyPromise: Promise<VismaCompanySettings> | null = null;
  const customerIds = new Map<string, string>();
  const customerNumbers = new Map<string, string>();
  const invoiceIds = new Map<string, string>();
  const invoiceNumbers = new Map<string, string>();

  const refs = () => {
    refsPromise ??= (async () => {
      const [units, termsOfPayment, deliveryTerms, costCenters, projects, codings] = await Promise.all([
        fetchAll<VismaRefs['units'][number]>(api, '/units'),
        fetchAll<VismaRefs['termsOfPayment'][number]>(api, '/termsofpayments'),
        fetchAll<VismaRefs['deliveryTerms'][number]>(api, '/deliveryterms'),
        fetchAll<{ Items: VismaRefs['costCenterItems'] }>(api, '/costcenters'),
        fetchAll<VismaRefs['projects'][number]>(api, '/projects'),
        fetchAll<VismaRefs['codings'][number]>(api, '/articleaccountcodings'),
      ]);
      return {
        units,
        termsOfPayment,
        deliveryTerms,
        costCenterItems: costCenters.flatMap((c) => c.Items ?? []),
        projects,
        codings,
      };
    })().catch((error) => {
      refsPromise = null;
      throw error;
    });
    return refsPromise;
  };
  const company = () => {
    companyPromise ??= api.get<VismaCompanySettings>('/companysettings').catch((error) => {
      companyPromise = null;
      throw error;
    });
    return companyPromise;
  };

  // ── number ↔ id ──────────────────────────────────────────────────────────
  const findOne = async <T>(path: string, filter: string): Promise<T | null> =>
    (await api.get<VismaPage<T>>(path, { query: { $filter: filter, $pagesize: 1 } })).Data[0] ?? null;

  const rememberCustomer = (c: VismaCustomer) => {
    customerIds.set(c.CustomerNumber, c.Id);
    customerNumbers.set(c.Id, c.CustomerNumber);
    return c;
  };
  const rememberInvoice = (i: VismaInvoice) => {
    invoiceIds.set(String(i.InvoiceNumber), i.Id);
    invoiceNumbers.set(i.Id, String(i.InvoiceNumber));
    return i;
  };

  async function customerByNumber(number: string): Promise<VismaCustomer> {
    const id = customerIds.get(number);
    if (id)
      return rememberCustomer(await api.get<VismaCustomer>(`/customers/${id}`, { notFoundKey: 'accounting.customerMissing' }));
    const found = await findOne<VismaCustomer>('/customers', `CustomerNumber eq ${quote(number)}`);
    if (!found) throw refused('validation', 'accounting.customerMissing');
    return rememberCustomer(found);
  }
  async function customerNumberOf(id: string): Promise<string> {
    const known = customerNumbers.get(id);
    if (known) return known;
    return rememberCustomer(await api.get<VismaCustomer>(`/customers/${id}`, { notFoundKey: 'accounting.customerMissing' }))
      .CustomerNumber;
  }
  async function articleByNumber(number: string): Promise<VismaArticle | null> {
    return findOne<VismaArticle>('/articles', `Number eq ${quote(number)}`);
  }
  async function invoiceByNumber(number: string): Promise<VismaInvoice> {
    if (!/^\d+$/.test(number))
      throw new AccountingError('not_found', 'accounting.invoiceMissing', {}, { provider: 'visma_eekonomi' });
    const id = invoiceIds.get(number);
    if (id)
      return rememberInvoice(
        await api.get<VismaInvoice>(`/customerinvoices/${id}`, { notFoundKey: 'accounting.invoiceMissing' }),
      );
    const found = await findOne<VismaInvoice>('/customerinvoices', `InvoiceNumber eq ${Number(number)}`);
    if (!found) throw new AccountingError('not_found', 'accounting.invoiceMissing', {}, { provider: 'visma_eekonomi' });
    return rememberInvoice(found);
  }
  async function invoiceNumberOf(id: string): Promise<string> {
    const known = invoiceNumbers.get(id);
    if (known) return known;
    return String(
      rememberInvoice(await api.get<VismaInvoice>(`/customerinvoices/${id}`, { notFoundKey: 'accounting.invoiceMissing' }))
        .InvoiceNumber,
    );
  }

  // ── invoice context: credit notes and payments ──────────────────────────
  async function paymentsOf(invoiceIdsWanted: string[]): Promise<Map<string, VismaVoucher[]>> {
    const byInvoice = new Map<string, VismaVoucher[]>();
    if (invoiceIdsWanted.length === 0) return byInvoice;
    // One filter per page of invoices, in chunks that keep the URL short.
    for (let i = 0; i < invoiceIdsWanted.length; i += 40) {
      const chunk = invoiceIdsWanted.slice(i, i + 40);
      const filter = `VoucherType eq ${VOUCHER_CUSTOMER_PAYMENT} and (${chunk.map((id) => `SourceId eq ${quote(id)}`).join(' or ')})`;
      for (const v of await fetchAll<VismaVoucher>(api, '/vouchers', { $filter: filter })) {
        const list = byInvoice.get(v.SourceId ?? '') ?? [];
        list.push(v);
        byInvoice.set(v.SourceId ?? '', list);
      }
    }
    return byInvoice;
  }

  async function creditNotesFor(ids: string[]): Promise<Set<string>> {
    const credited = new Set<string>();
    for (let i = 0; i < ids.length; i += 40) {
      const chunk = ids.slice(i, i + 40);
      const filter = `IsCreditInvoice eq true and (${chunk.map((id) => `ReferringInvoiceId eq ${quote(id)}`).join(' or ')})`;
      for (const c of await fetchAll<VismaInvoice>(api, '/customerinvoices', { $filter: filter }))
        if (c.ReferringInvoiceId) credited.add(c.ReferringInvoiceId);
    }
    return credited;
  }

  async function toAccInvoices(invoices: VismaInvoice[]): Promise<AccInvoice[]> {
    invoices.forEach(rememberInvoice);
    const [r, payments, credited] = await Promise.all([
      refs(),
      paymentsOf(invoices.filter((i) => !i.IsCreditInvoice).map((i) => i.Id)),
      creditNotesFor(invoices.filter((i) => !i.IsCreditInvoice).map((i) => i.Id)),
    ]);
    const result: AccInvoice[] = [];
    for (const invoice of invoices) {
      const number = String(invoice.InvoiceNumber);
      result.push(
        invoiceFromVisma(invoice, r, {
          credited: credited.has(invoice.Id),
          creditedInvoiceNumber: invoice.ReferringInvoiceId ? await invoiceNumberOf(invoice.ReferringInvoiceId) : null,
          payments: (payments.get(invoice.Id) ?? []).map((v) => paymentFromVoucher(v, number)),
        }),
      );
    }
    return result;
  }
  const toAccInvoice = async (invoice: VismaInvoice) => (await toAccInvoices([invoice]))[0] as AccInvoice;

  // ── writing documents ────────────────────────────────────────────────────
  async function codeToId(
    list: 'costCenter' | 'project' | 'unit' | 'termsOfPayment',
    code: string | null,
  ): Promise<string | null> {
    if (code === null) return null;
    const r = await refs();
    const id =
      list === 'costCenter'
        ? r.costCenterItems.find((i) => i.ShortName === code || i.Id === code)?.Id
        : list === 'project'
          ? r.projects.find((p) => p.Number === code || p.Id === code)?.Id
          : list === 'unit'
            ? r.units.find((u) => u.Abbreviation === code || u.Id === code)?.Id
            : r.termsOfPayment.find((t) => t.Id === code || t.Name === code)?.Id;
    if (!id) throw refused('validation', 'accounting.visma.unknownCode', { list, code });
    return id;
  }

  async function draftRows(rows: DocumentRow[], sign: 1 | -1) {
    const out: Record<string, unknown>[] = [];
    for (const [index, row] of rows.entries()) {
      if (!row.articleNumber) {
        if (row.priceOre !== 0 || row.quantityHundredths !== 0)
          throw refused('validation', 'accounting.visma.rowNeedsArticle', { row: index + 1 });
        out.push({ IsTextRow: true, Text: row.description, LineNumber: index });
        continue;
      }
      const article = await articleByNumber(row.articleNumber);
      if (!article) throw refused('validation', 'accounting.articleMissing');
      // Visma takes the VAT rate from the article's coding; the row's own vatPercent is not sent.
      out.push({
        LineNumber: index,
        ArticleId: article.Id,
        Text: row.description,
        UnitPrice: sekFromOre(row.priceOre),
        Quantity: sign * fromHundredths(row.quantityHundredths),
        DiscountPercentage: fractionFromBasisPoints(row.discountBasisPoints),
        CostCenterItemId1: await codeToId('costCenter', row.costCenter),
        ProjectId: await codeToId('project', row.project),
      });
    }
    return out;
  }

  /** Converts a draft, sending the totals we expect back so Visma refuses a draft that changed. */
  async function convert(draft: VismaDraft): Promise<VismaInvoice> {
    return rememberInvoice(
      await api.request<VismaInvoice>('POST', `/customerinvoicedrafts/${draft.Id}/convert`, {
        body: {
          TotalAmountInvoiceCurrency: draft.TotalAmount,
          TotalVatAmountInvoiceCurrency: draft.TotalVatAmount,
          TotalRoundingsInvoiceCurrency: draft.TotalRoundings,
        },
        notFoundKey: 'accounting.invoiceMissing',
      }),
    );
  }

  /** Draft and invoice carrying `filter`: the invoice if it exists, else a draft left unconverted. */
  async function findByFilter(filter: string): Promise<{ invoice: VismaInvoice | null; draft: VismaDraft | null }> {
    const invoice = await findOne<VismaInvoice>('/customerinvoices', filter);
    if (invoice) return { invoice, draft: null };
    return { invoice: null, draft: await findOne<VismaDraft>('/customerinvoicedrafts', filter) };
  }

  async function draftThenConvert(filter: string, makeDraft: () => Promise<VismaDraft>): Promise<VismaInvoice> {
    return createOnce(
      async () => {
        const found = await findByFilter(filter);
        if (found.invoice) return rememberInvoice(found.invoice);
        // A draft left by a lost answer: finish it rather than making another.
        if (found.draft) return convert(found.draft);
        return null;
      },
      async () => convert(await makeDraft()),
    );
  }

  const checkRef = (externalRef: string) => {
    if (refMarker(externalRef).length > 50)
      throw refused('validation', 'accounting.rejected', { detail: 'externalRef longer than 47 characters' });
    return refMarker(externalRef);
  };

  return {
    id: 'visma_eekonomi',

    async companyInformation() {
      return companyFromVisma(await company());
    },

    codeLists: {
      async units(): Promise<CodeItem[]> {
        return (await refs()).units.map((u) => ({ code: u.Abbreviation, name: u.Name }));
      },
      async priceLists() {
        // Visma eEkonomi has one price per article and no price lists.
        return [];
      },
      async costCenters() {
        return (await refs()).costCenterItems.map((i) => ({ code: i.ShortName, name: i.Name, active: i.IsActive }));
      },
      async projects() {
        return (await refs()).projects.map((p) => ({ code: p.Number, name: p.Name, active: p.Status !== 2 }));
      },
      async termsOfPayment() {
        return (await refs()).termsOfPayment.map((t) => ({ code: t.Id, name: t.Name, days: t.NumberOfDays }));
      },
      async termsOfDelivery() {
        return (await refs()).deliveryTerms.map((d) => ({ code: d.Id, name: d.Name }));
      },
    },

    customers: {
      async list(query) {
        const page = await api.get<VismaPage<VismaCustomer>>('/customers', { query: pageQuery(query, 'ChangedUtc') });
        return toPage(page, page.Data.map(rememberCustomer).map(customerFromVisma));
      },
      async get(number) {
        return customerFromVisma(await customerByNumber(number));
      },
      async create(fields, { externalRef }) {
        const marker = `[fw:${externalRef}]`;
        const lookup = async (): Promise<AccCustomer | null> => {
          const byRef = await findOne<VismaCustomer>('/customers', `contains(Note,${quote(marker)})`);
          if (byRef) return customerFromVisma(rememberCustomer(byRef));
          return null;
        };
        const defaultTerms = (await company()).TermsOfPaymentId ?? '';
        const body = customerToVisma(
          { ...fields, termsOfPayment: await codeToId('termsOfPayment', fields.termsOfPayment) },
          null,
          externalRef,
          defaultTerms,
        );
        return createOnce(lookup, async () =>
          customerFromVisma(
            rememberCustomer(
              await api.request<VismaCustomer>('POST', '/customers', { body, conflictKey: 'accounting.customerNumberInUse' }),
            ),
          ),
        );
      },
      async update(number, fields) {
        const current = await customerByNumber(number);
        const merged: CustomerFields = { ...customerFromVisma(current), ...fields };
        if (fields.termsOfPayment !== undefined) merged.termsOfPayment = await codeToId('termsOfPayment', fields.termsOfPayment);
        const body = customerToVisma(merged, current, null, (await company()).TermsOfPaymentId ?? '');
        return customerFromVisma(
          rememberCustomer(
            await api.request<VismaCustomer>('PUT', `/customers/${current.Id}`, {
              body,
              notFoundKey: 'accounting.customerMissing',
              conflictKey: 'accounting.customerNumberInUse',
            }),
          ),
        );
      },
    },

    articles: {
      summaryOmits: [],
      async list(query) {
        const [page, r] = await Promise.all([
          api.get<VismaPage<VismaArticle>>('/articles', { query: pageQuery(query, 'ChangedUtc') }),
          refs(),
        ]);
        return toPage(
          page,
          page.Data.map((a) => articleFromVisma(a, r)),
        );
      },
      async get(number) {
        const found = await articleByNumber(number);
        if (!found) throw new AccountingError('not_found', 'accounting.articleMissing', {}, { provider: 'visma_eekonomi' });
        return articleFromVisma(found, await refs());
      },
      async create(fields, { externalRef }) {
        // Visma requires a unique article number; one derived from the reference makes a retry find the first.
        const number = fields.number ?? `FW${createHash('sha256').update(externalRef).digest('hex').slice(0, 8).toUpperCase()}`;
        const ids = await articleIds(fields);
        const lookup = async (): Promise<AccArticle | null> => {
          const existing = await articleByNumber(number);
          if (!existing) return null;
          // The same number with other content is somebody else's article.
          if (existing.Name !== fields.description) throw refused('conflict', 'accounting.articleNumberInUse');
          return { ...articleFromVisma(existing, await refs()), externalRef };
        };
        return createOnce(lookup, async () => {
          const created = await api.request<VismaArticle>('POST', '/articles', {
            body: articleToVisma({ ...fields, number }, null, ids),
            conflictKey: 'accounting.articleNumberInUse',
          });
          return { ...articleFromVisma(created, await refs()), externalRef };
        });
      },
      async update(number, fields) {
        const current = await articleByNumber(number);
        if (!current) throw new AccountingError('not_found', 'accounting.articleMissing', {}, { provider: 'visma_eekonomi' });
        const merged: ArticleFields = { ...articleFromVisma(current, await refs()), ...fields };
        const updated = await api.request<VismaArticle>('PUT', `/articles/${current.Id}`, {
          body: articleToVisma({ ...merged, number: current.Number }, current, await articleIds(merged)),
          notFoundKey: 'accounting.articleMissing',
          conflictKey: 'accounting.articleNumberInUse',
        });
        return articleFromVisma(updated, await refs());
      },
    },

    invoices: {
      async list(query) {
        const page = await api.get<VismaPage<VismaInvoice>>('/customerinvoices', { query: pageQuery(query, 'ModifiedUtc') });
        return toPage(page, await toAccInvoices(page.Data));
      },
      async get(number) {
        return toAccInvoice(await invoiceByNumber(number));
      },
      async create(fields: InvoiceFields, { externalRef }) {
        const marker = checkRef(externalRef);
        const customer = await customerByNumber(fields.customerNumber);
        const rows = await draftRows(fields.rows, 1);
        const invoice = await draftThenConvert(`BuyersOrderReference eq ${quote(marker)}`, () =>
          api.request<VismaDraft>('POST', '/customerinvoicedrafts', {
            body: {
              CustomerId: customer.Id,
              IsCreditInvoice: false,
              InvoiceDate: fields.invoiceDate,
              YourReference: fields.yourReference,
              OurReference: fields.ourReference,
              BuyersOrderReference: marker,
              Rows: rows,
            },
          }),
        );
        return toAccInvoice(invoice);
      },
      async update(number) {
        await invoiceByNumber(number);
        throw refused('conflict', 'accounting.visma.invoiceBookedAtCreation');
      },
      async bookkeep(number) {
        return toAccInvoice(await invoiceByNumber(number));
      },
      async send(number, method) {
        const invoice = await invoiceByNumber(number);
        if (method === 'email') {
          await api.request('POST', `/customerinvoices/${invoice.Id}/email`, {
            body: {},
            notFoundKey: 'accounting.invoiceMissing',
          });
        } else if (method === 'print') {
          // The print endpoint answers the PDF itself; what counts here is that Visma marks it sent.
          await api.get(`/customerinvoices/${invoice.Id}/print`, { notFoundKey: 'accounting.invoiceMissing' });
        } else if (method === 'einvoice') {
          throw notSupported('accounting.visma.feature.einvoiceAfterCreate');
        } else {
          throw notSupported('accounting.visma.feature.externalPrint');
        }
        return toAccInvoice(await invoiceByNumber(number));
      },
      async cancel(number) {
        await invoiceByNumber(number);
        throw notSupported('accounting.visma.feature.cancelInvoice', 'conflict');
      },
      async credit(number) {
        const original = await invoiceByNumber(number);
        if (original.IsCreditInvoice) throw refused('conflict', 'accounting.visma.creditNoteNotCreditable');
        const filter = `ReferringInvoiceId eq ${quote(original.Id)}`;
        const existing = await findByFilter(filter);
        if (existing.invoice) throw refused('conflict', 'accounting.visma.invoiceAlreadyCredited');
        const r = await refs();
        const rows = (original.Rows ?? []).map((row, index) =>
          row.IsTextRow
            ? { IsTextRow: true, Text: row.Text, LineNumber: index }
            : {
                LineNumber: index,
                ArticleId: row.ArticleId,
                Text: row.Text,
                UnitPrice: row.UnitPrice,
                Quantity: -(row.Quantity ?? 0),
                DiscountPercentage: row.DiscountPercentage ?? 0,
                CostCenterItemId1: r.costCenterItems.some((i) => i.Id === row.CostCenterItemId1) ? row.CostCenterItemId1 : null,
                ProjectId: row.ProjectId ?? null,
              },
        );
        const credit = await draftThenConvert(filter, () =>
          api.request<VismaDraft>('POST', '/customerinvoicedrafts', {
            body: {
              CustomerId: original.CustomerId,
              IsCreditInvoice: true,
              ReferringInvoiceId: original.Id,
              InvoiceDate: new Date().toISOString().slice(0, 10),
              YourReference: original.YourReference,
              OurReference: original.OurReference,
              Rows: rows,
            },
          }),
        );
        return toAccInvoice(credit);
      },
      async registerPayment(number, payment, { externalRef }) {
        const marker = checkRef(externalRef);
        const invoice = await invoiceByNumber(number);
        const lookup = async (): Promise<InvoicePayment | null> => {
          const vouchers = await fetchAll<VismaVoucher>(api, '/vouchers', {
            $filter: `VoucherType eq ${VOUCHER_CUSTOMER_PAYMENT} and SourceId eq ${quote(invoice.Id)}`,
          });
          const mine = vouchers.find((v) => (v.Rows ?? []).some((row) => row.TransactionText === marker));
          return mine ? paymentFromVoucher(mine, number) : null;
        };
        return createOnce(lookup, async () => {
          const voucher = await api.request<VismaVoucher>('POST', `/customerinvoices/${invoice.Id}/payments`, {
            body: {
              PaymentDate: payment.paymentDate,
              PaymentAmount: sekFromOre(payment.amountOre),
              PaymentCurrency: invoice.CurrencyCode ?? 'SEK',
              Reference: marker,
            },
            notFoundKey: 'accounting.invoiceMissing',
          });
          return paymentFromVoucher(voucher, number);
        });
      },
      async pdf(number) {
        const invoice = await invoiceByNumber(number);
        const link = await api.get<{ Url: string }>(`/customerinvoices/${invoice.Id}/pdf`, {
          notFoundKey: 'accounting.invoiceMissing',
        });
        return api.download(link.Url);
      },
    },

    invoicePayments: {
      async list(query) {
        const q = pageQuery(query, 'ModifiedUtc');
        q.$filter = q.$filter
          ? `VoucherType eq ${VOUCHER_CUSTOMER_PAYMENT} and ${q.$filter}`
          : `VoucherType eq ${VOUCHER_CUSTOMER_PAYMENT}`;
        const page = await api.get<VismaPage<VismaVoucher>>('/vouchers', { query: q });
        const items: InvoicePayment[] = [];
        for (const v of page.Data) items.push(paymentFromVoucher(v, v.SourceId ? await invoiceNumberOf(v.SourceId) : ''));
        return toPage(page, items);
      },
    },

    contracts: {
      async list(query): Promise<Page<AccContract>> {
        return { items: [], page: Math.max(1, query?.page ?? 1), totalPages: 0, total: 0 };
      },
      async get() {
        throw notSupported('accounting.visma.feature.contracts');
      },
      async create() {
        throw notSupported('accounting.visma.feature.contracts');
      },
      async update() {
        throw notSupported('accounting.visma.feature.contracts');
      },
      async finish() {
        throw notSupported('accounting.visma.feature.contracts');
      },
      async createInvoice() {
        throw notSupported('accounting.visma.feature.contracts');
      },
    },

    vouchers: {
      async list(query) {
        const page = await api.get<VismaPage<VismaVoucher>>('/vouchers', { query: pageQuery(query, 'ModifiedUtc') });
        return toPage(page, page.Data.map(voucherFromVisma));
      },
    },

    orders: {
      async list(query) {
        const page = await api.get<VismaPage<VismaOrder>>('/orders', { query: pageQuery(query, 'ModifiedUtc') });
        const items = [];
        for (const o of page.Data) items.push(orderFromVisma(o, await customerNumberOf(o.CustomerId)));
        return toPage(page, items);
      },
    },
  };

  async function articleIds(
    fields: Pick<ArticleFields, 'type' | 'vatPercent' | 'unit'>,
  ): Promise<{ codingId: string; unitId: string }> {
    const r = await refs();
    const type = fields.type === 'STOCK' ? 'Goods' : 'Service';
    const coding =
      r.codings.find((c) => c.IsActive && c.Type === type && Math.round(c.VatRatePercent * 100) === fields.vatPercent) ??
      r.codings.find((c) => c.IsActive && Math.round(c.VatRatePercent * 100) === fields.vatPercent);
    if (!coding) throw refused('validation', 'accounting.visma.noAccountCoding', { type, vat: fields.vatPercent });
    const unitId = (await codeToId('unit', fields.unit ?? 'st')) as string;
    return { codingId: coding.Id, unitId };
  }
}
