import { createHash } from 'node:crypto';
import { type MessageKey, t } from '../../lib/i18n';
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
import { createMemoryRequestJournal, type RequestJournal, type RequestRecord } from '../accounting/request-journal';
import { createVismaClient, fetchAll, PROVIDER_NAME, type VismaClient, type VismaClientOptions, type VismaPage } from './client';
import {
  articleFromVisma,
  articleToVisma,
  companyFromVisma,
  customerFromVisma,
  customerToVisma,
  debitedOre,
  documentLanguage,
  fractionFromBasisPoints,
  fromHundredths,
  invoiceFromVisma,
  isPaymentVoucher,
  orderFromVisma,
  oreFromSek,
  paymentFromVoucher,
  refMarker,
  sekFromOre,
  type VismaArticle,
  type VismaBankAccount,
  type VismaCompanySettings,
  type VismaCustomer,
  type VismaDraft,
  type VismaInvoice,
  type VismaInvoicePayment,
  type VismaInvoiceRow,
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
 * - Creates are idempotent: customers and articles carry the portal's reference (mapping.ts says
 *   where); invoices, credit notes and payments, which the contract gives no field for, are kept
 *   in our own record (../accounting/request-journal.ts) with what was asked, and after a lost answer matched exactly
 *   on what Visma stores.
 * - Payments are recorded on the company's default cheque account (`GET /v2/bankaccounts`).
 * - Visma has no contracts, price lists or external print; those calls say so in the reader's
 *   language (`accounting.visma.notSupported`), except `contracts.list`, which answers the
 *   empty list that is the truth.
 */

export type VismaEekonomiProviderOptions = VismaClientOptions & {
  /** Our record of asks and answers (the club account's table in the portal), in memory by default. */
  journal?: RequestJournal;
  now?: () => Date;
};

const MAX_PAGE_SIZE = 1000;
/** A document Visma made from a lost ask is stamped after the ask; allow for clocks that differ this much. */
const CLOCK_SKEW_MS = 5 * 60_000;
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

const ore = (sek: number | null | undefined) => Math.round((sek ?? 0) * 100);
const hundredths = (n: number | null | undefined) => Math.round((n ?? 0) * 100);
const basisPoints = (f: number | null | undefined) => Math.round((f ?? 0) * 10_000);
const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

/** What an invoice or draft says of its rows, compared exactly with what was asked. */
function rowKey(rows: (VismaInvoiceRow | Record<string, unknown>)[]): string {
  return JSON.stringify(
    rows.map((r) => {
      const row = r as VismaInvoiceRow;
      return row.IsTextRow
        ? ['text', row.Text ?? '']
        : [
            row.ArticleId ?? null,
            row.Text ?? '',
            ore(row.UnitPrice),
            hundredths(row.Quantity),
            basisPoints(row.DiscountPercentage),
            blankToNull(row.CostCenterItemId1),
            blankToNull(row.ProjectId),
          ];
    }),
  );
}

interface AskedInvoice {
  CustomerId: string;
  InvoiceDate: string;
  IsCreditInvoice: boolean;
  YourReference: string | null;
  OurReference: string | null;
  rows: string;
}

function sameInvoice(asked: AskedInvoice, doc: VismaInvoice | VismaDraft): boolean {
  return (
    doc.CustomerId === asked.CustomerId &&
    (doc.InvoiceDate ?? '').slice(0, 10) === asked.InvoiceDate &&
    (doc.IsCreditInvoice ?? false) === asked.IsCreditInvoice &&
    blankToNull(doc.YourReference) === asked.YourReference &&
    blankToNull(doc.OurReference) === asked.OurReference &&
    rowKey(doc.Rows ?? []) === asked.rows
  );
}

const madeAfter = (doc: { CreatedUtc?: string | null; ModifiedUtc?: string | null }, entry: RequestRecord) => {
  const stamp = doc.CreatedUtc ?? doc.ModifiedUtc;
  if (!stamp) return true;
  const at = Date.parse(/[zZ]|[+-]\d{2}:\d{2}$/.test(stamp) ? stamp : `${stamp}Z`);
  return !Number.isFinite(at) || at >= entry.askedAt.getTime() - CLOCK_SKEW_MS;
};

export function createVismaEekonomiProvider(options: VismaEekonomiProviderOptions): AccountingProvider {
  const api: VismaClient = createVismaClient(options);
  const journal = options.journal ?? createMemoryRequestJournal();
  const now = options.now ?? (() => new Date());
  let bankAccountPromise: Promise<VismaBankAccount> | null = null;
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
    // The API compares text without regard to case; the number must be the same, exactly.
    const found = (await fetchAll<VismaCustomer>(api, '/customers', { $filter: `CustomerNumber eq ${quote(number)}` }, 50)).find(
      (c) => c.CustomerNumber === number,
    );
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
    return (
      (await fetchAll<VismaArticle>(api, '/articles', { $filter: `Number eq ${quote(number)}` }, 50)).find(
        (a) => a.Number === number,
      ) ?? null
    );
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
  /** The customer invoice of an id, or null when the id is no customer invoice (a voucher's SourceId may be another document). */
  async function invoiceById(id: string): Promise<VismaInvoice | null> {
    try {
      return rememberInvoice(
        await api.get<VismaInvoice>(`/customerinvoices/${id}`, { notFoundKey: 'accounting.invoiceMissing' }),
      );
    } catch (error) {
      if (error instanceof AccountingError && error.kind === 'not_found') return null;
      throw error;
    }
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
  /**
   * The payment vouchers of invoices: vouchers whose SourceId is the invoice, other than the
   * invoice's own voucher (definitions.CustomerInvoiceApi.VoucherId), that credit receivables.
   * The contract's VoucherType enum names no type for a customer payment, so none is filtered on.
   */
  async function paymentsOf(invoicesWanted: VismaInvoice[]): Promise<Map<string, VismaVoucher[]>> {
    const byInvoice = new Map<string, VismaVoucher[]>();
    const own = new Set(invoicesWanted.map((i) => i.VoucherId).filter(Boolean));
    const ids = invoicesWanted.map((i) => i.Id);
    // One filter per page of invoices, in chunks that keep the URL short.
    for (let i = 0; i < ids.length; i += 40) {
      const chunk = ids.slice(i, i + 40);
      const filter = chunk.map((id) => `SourceId eq ${id}`).join(' or ');
      for (const v of await fetchAll<VismaVoucher>(api, '/vouchers', { $filter: filter })) {
        if (own.has(v.Id) || !isPaymentVoucher(v)) continue;
        const list = byInvoice.get(v.SourceId ?? '') ?? [];
        list.push(v);
        byInvoice.set(v.SourceId ?? '', list);
      }
    }
    return byInvoice;
  }

  /** Originals with a credit note: linked in Visma (ReferringInvoiceId) or in our record. */
  async function creditNotesFor(ids: string[]): Promise<Set<string>> {
    const credited = new Set<string>();
    for (const id of ids) if ((await journal.find('credit', id))?.answer) credited.add(id);
    for (let i = 0; i < ids.length; i += 40) {
      const chunk = ids.slice(i, i + 40);
      const filter = `IsCreditInvoice eq true and (${chunk.map((id) => `ReferringInvoiceId eq ${id}`).join(' or ')})`;
      for (const c of await fetchAll<VismaInvoice>(api, '/customerinvoices', { $filter: filter }))
        if (c.ReferringInvoiceId) credited.add(c.ReferringInvoiceId);
    }
    return credited;
  }

  async function creditedOriginalOf(invoice: VismaInvoice): Promise<string | null> {
    if (!invoice.IsCreditInvoice) return null;
    const original = invoice.ReferringInvoiceId ?? (await journal.byAnswer('credit', invoice.Id))?.key ?? null;
    return original ? invoiceNumberOf(original) : null;
  }

  async function toAccInvoices(invoices: VismaInvoice[]): Promise<AccInvoice[]> {
    invoices.forEach(rememberInvoice);
    const [r, payments, credited] = await Promise.all([
      refs(),
      paymentsOf(invoices.filter((i) => !i.IsCreditInvoice)),
      creditNotesFor(invoices.filter((i) => !i.IsCreditInvoice).map((i) => i.Id)),
    ]);
    const result: AccInvoice[] = [];
    for (const invoice of invoices) {
      const number = String(invoice.InvoiceNumber);
      const mine = await journal.byAnswer(invoice.IsCreditInvoice ? 'credit' : 'invoice', invoice.Id);
      result.push(
        invoiceFromVisma(invoice, r, {
          credited: credited.has(invoice.Id),
          creditedInvoiceNumber: await creditedOriginalOf(invoice),
          payments: (payments.get(invoice.Id) ?? []).map((v) => paymentFromVoucher(v, number)),
          externalRef: mine?.operation === 'invoice' ? mine.key : null,
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
        // A text row needs its text (swagger: definitions.CustomerInvoiceDraftRowApi.required); an empty one says nothing.
        if (row.description.trim() === '') continue;
        out.push({ LineNumber: index, IsTextRow: true, Text: row.description, ReversedConstructionServicesVatFree: false });
        continue;
      }
      const article = await articleByNumber(row.articleNumber);
      if (!article) throw refused('validation', 'accounting.articleMissing');
      // Visma takes the VAT rate from the article's coding; the row's own vatPercent is not sent.
      // swagger: definitions.CustomerInvoiceDraftRowApi.required — LineNumber, IsTextRow, Text, ReversedConstructionServicesVatFree.
      out.push({
        LineNumber: index,
        IsTextRow: false,
        ReversedConstructionServicesVatFree: false,
        ArticleId: article.Id,
        Text: row.description.trim() === '' ? article.Name : row.description,
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

  /**
   * After a lost answer: the invoice (or the draft left unconverted) Visma made from what was
   * asked — same customer, date, references and rows, made after the ask, claimed by no other
   * entry of our record. Two that fit are refused rather than guessed between.
   */
  async function findAsked(
    kind: 'invoice' | 'credit',
    entry: RequestRecord,
  ): Promise<{ invoice: VismaInvoice | null; draft: VismaDraft | null }> {
    const asked = entry.asked as AskedInvoice;
    const claimed = await journal.claimed(kind);
    const fits = (doc: VismaInvoice | VismaDraft) => !claimed.has(doc.Id) && madeAfter(doc, entry) && sameInvoice(asked, doc);
    const invoices = (
      await fetchAll<VismaInvoice>(api, '/customerinvoices', {
        $filter: `CustomerId eq ${asked.CustomerId} and InvoiceDate eq ${asked.InvoiceDate}`,
      })
    ).filter(fits);
    const drafts =
      invoices.length > 0
        ? []
        : (
            await fetchAll<VismaDraft>(api, '/customerinvoicedrafts', {
              $filter: `CustomerId eq ${asked.CustomerId}`,
            })
          ).filter(fits);
    const found = [...invoices, ...drafts];
    if (found.length > 1)
      throw new AccountingError(
        'conflict',
        'accounting.visma.ambiguousLostAnswer',
        { provider: PROVIDER_NAME, ids: found.map((d) => ('InvoiceNumber' in d ? String(d.InvoiceNumber) : d.Id)).join(', ') },
        { provider: 'visma_eekonomi' },
      );
    return { invoice: invoices[0] ?? null, draft: drafts[0] ?? null };
  }

  /** Draft, then convert; our record holds the ask, and a lost answer is looked for before asking again. */
  async function draftThenConvert(
    kind: 'invoice' | 'credit',
    externalRef: string,
    body: Record<string, unknown>,
    lookFirst: boolean,
  ): Promise<VismaInvoice> {
    const asked: AskedInvoice = {
      CustomerId: body.CustomerId as string,
      InvoiceDate: body.InvoiceDate as string,
      IsCreditInvoice: body.IsCreditInvoice === true,
      YourReference: blankToNull(body.YourReference as string | null),
      OurReference: blankToNull(body.OurReference as string | null),
      rows: rowKey(body.Rows as Record<string, unknown>[]),
    };
    const known = await journal.find(kind, externalRef);
    if (known?.answer)
      return rememberInvoice(
        await api.get<VismaInvoice>(`/customerinvoices/${known.answer}`, { notFoundKey: 'accounting.invoiceMissing' }),
      );
    const entry = known ?? (await journal.begin(kind, externalRef, asked, now()));
    let look = lookFirst || known !== null;
    for (let attempt = 1; ; attempt++) {
      if (look) {
        const found = await findAsked(kind, entry);
        if (found.invoice) {
          await journal.complete(kind, externalRef, found.invoice.Id);
          return rememberInvoice(found.invoice);
        }
        // A draft left by a lost answer: finish it rather than making another.
        if (found.draft) {
          const invoice = await convert(found.draft);
          await journal.complete(kind, externalRef, invoice.Id);
          return invoice;
        }
      }
      try {
        const draft = await api.request<VismaDraft>('POST', '/customerinvoicedrafts', { body });
        const invoice = await convert(draft);
        await journal.complete(kind, externalRef, invoice.Id);
        return invoice;
      } catch (error) {
        if (!(error instanceof AccountingError) || !error.transient || attempt >= 3) throw error;
        look = true;
      }
    }
  }

  /** The fields a draft must carry of its customer (swagger: definitions.CustomerInvoiceDraftApi.required). */
  function invoiceParty(customer: VismaCustomer) {
    return {
      CustomerId: customer.Id,
      InvoiceCustomerName: customer.Name.slice(0, 50),
      InvoiceAddress1: customer.InvoiceAddress1 ?? null,
      InvoiceAddress2: customer.InvoiceAddress2 ?? null,
      InvoicePostalCode: customer.InvoicePostalCode ?? null,
      InvoiceCity: customer.InvoiceCity ?? null,
      InvoiceCountryCode: customer.InvoiceCountryCode ?? 'SE',
      EuThirdParty: false,
      CustomerIsPrivatePerson: customer.IsPrivatePerson === true,
      // 0 = Normal: the portal makes no ROT/RUT invoices.
      RotReducedInvoicingType: 0,
    };
  }

  /**
   * The cheque account payments are recorded on (definitions.InvoicePaymentApi.CompanyBankAccountId):
   * the company's only active one, or the one marked as default among several. None, or several
   * without a default, is a refusal that tells the club what to set in Visma.
   */
  function bankAccount(): Promise<VismaBankAccount> {
    bankAccountPromise ??= (async () => {
      const accounts = (await fetchAll<VismaBankAccount>(api, '/bankaccounts')).filter(
        (a) => a.IsActive !== false && a.BankAccountType === CHEQUE_ACCOUNT,
      );
      if (accounts.length === 0) throw refused('validation', 'accounting.visma.noBankAccount');
      if (accounts.length === 1) return accounts[0] as VismaBankAccount;
      const chosen = accounts.filter((a) => a.IsDefaultChequeAccount === true);
      if (chosen.length !== 1)
        throw refused('validation', 'accounting.visma.severalBankAccounts', { accounts: accounts.map((a) => a.Name).join(', ') });
      return chosen[0] as VismaBankAccount;
    })().catch((error) => {
      bankAccountPromise = null;
      throw error;
    });
    return bankAccountPromise;
  }

  /** The vouchers Visma keeps of an invoice (definitions.VoucherApi.SourceId): its own and its payments'. */
  const vouchersOf = (invoiceId: string) => fetchAll<VismaVoucher>(api, '/vouchers', { $filter: `SourceId eq ${invoiceId}` });

  /**
   * The voucher Visma booked for the payment our record asked for: a voucher of exactly that
   * invoice that was not there before the ask, dated the payment date, debiting the bank
   * account's ledger account exactly the amount, and held by no other record. Two that fit are
   * refused rather than guessed between.
   */
  async function findPayment(
    asked: AskedPayment,
    entry: RequestRecord,
    ambiguous: MessageKey = 'accounting.visma.ambiguousLostAnswer',
  ): Promise<VismaVoucher | null> {
    const claimed = await journal.claimed('payment');
    const found = (await vouchersOf(asked.invoiceId)).filter(
      (v) =>
        !asked.before.includes(v.Id) &&
        !claimed.has(v.Id) &&
        (v.VoucherDate ?? '').slice(0, 10) === asked.date &&
        debitedOre(v, asked.ledgerAccount) === asked.amountOre &&
        // A record kept from before the vouchers were noted has only the time of its ask to go by.
        (asked.before.length > 0 || madeAfter(v, entry)),
    );
    if (found.length > 1)
      throw new AccountingError(
        'conflict',
        ambiguous,
        { provider: PROVIDER_NAME, ids: found.map((v) => v.NumberAndNumberSeries ?? v.Id).join(', ') },
        { provider: 'visma_eekonomi' },
      );
    return found[0] ?? null;
  }

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
      async create(fields, { externalRef, firstAttempt }) {
        const defaultTerms = (await company()).TermsOfPaymentId ?? '';
        const body = customerToVisma(
          { ...fields, termsOfPayment: await codeToId('termsOfPayment', fields.termsOfPayment) },
          null,
          externalRef,
          defaultTerms,
        );
        // `Name eq` is a documented property compared by the API (without regard to case); what
        // decides is the whole Note, with our marker in it, compared exactly.
        let look = firstAttempt !== true;
        const lookup = async (): Promise<AccCustomer | null> => {
          if (!look) {
            look = true;
            return null;
          }
          const named = await fetchAll<VismaCustomer>(api, '/customers', { $filter: `Name eq ${quote(fields.name)}` });
          const mine = named.find((c) => c.Note === body.Note && c.Name === fields.name);
          return mine ? customerFromVisma(rememberCustomer(mine)) : null;
        };
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
      async create(fields: InvoiceFields, { externalRef, firstAttempt }) {
        const customer = await customerByNumber(fields.customerNumber);
        const rows = await draftRows(fields.rows, 1);
        const invoice = await draftThenConvert(
          'invoice',
          externalRef,
          {
            ...invoiceParty(customer),
            IsCreditInvoice: false,
            InvoiceDate: fields.invoiceDate,
            YourReference: fields.yourReference,
            OurReference: fields.ourReference,
            Rows: rows,
          },
          firstAttempt !== true,
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
          // definitions.EmailApi: the address invoices go to (the customer's first invoice address,
          // else its e-mail); subject and text are the company's defaults. Answers the invoice.
          const customer = await api.get<VismaCustomer>(`/customers/${invoice.CustomerId}`, {
            notFoundKey: 'accounting.customerMissing',
          });
          const to = customer.EmailAddresses?.find((e) => e) ?? customer.EmailAddress ?? undefined;
          return toAccInvoice(
            rememberInvoice(
              await api.request<VismaInvoice>('POST', `/customerinvoices/${invoice.Id}/email`, {
                body: to ? { Email: to } : {},
                notFoundKey: 'accounting.invoiceMissing',
              }),
            ),
          );
        } else if (method === 'print') {
          // The print endpoint produces the PDF itself (application/pdf); what counts here is that Visma marks it sent.
          await api.get(`/customerinvoices/${invoice.Id}/print`, {
            notFoundKey: 'accounting.invoiceMissing',
            accept: 'application/pdf',
          });
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
        // Credited by us (our record, keyed by the original's id) or in Visma (ReferringInvoiceId).
        if ((await journal.find('credit', original.Id))?.answer || (await creditNotesFor([original.Id])).has(original.Id))
          throw refused('conflict', 'accounting.visma.invoiceAlreadyCredited');
        const r = await refs();
        const customer = await api.get<VismaCustomer>(`/customers/${original.CustomerId}`, {
          notFoundKey: 'accounting.customerMissing',
        });
        // The credit note names the invoice it credits in its first row, in the customer's document
        // language (definitions.CustomerApi.SalesDocumentLanguage): the contract has no field that
        // links the two (CustomerInvoiceDraftApi has no ReferringInvoiceId; on CustomerInvoiceApi it
        // is read-only), and a credit note must refer to its invoice. The link the portal reads is our record's.
        const named = {
          LineNumber: 0,
          IsTextRow: true,
          Text: t('accounting.visma.creditNoteRow', documentLanguage(customer), { number: original.InvoiceNumber }),
          ReversedConstructionServicesVatFree: false,
        };
        const credited = (original.Rows ?? []).map((row, index) =>
          row.IsTextRow
            ? { LineNumber: index + 1, IsTextRow: true, Text: row.Text || '-', ReversedConstructionServicesVatFree: false }
            : {
                LineNumber: index + 1,
                IsTextRow: false,
                ArticleId: row.ArticleId,
                Text: row.Text || row.ArticleNumber || '-',
                UnitPrice: row.UnitPrice,
                Quantity: -(row.Quantity ?? 0),
                DiscountPercentage: row.DiscountPercentage ?? 0,
                ReversedConstructionServicesVatFree: false,
                CostCenterItemId1: r.costCenterItems.some((i) => i.Id === row.CostCenterItemId1) ? row.CostCenterItemId1 : null,
                ProjectId: row.ProjectId ?? null,
              },
        );
        const credit = await draftThenConvert(
          'credit',
          original.Id,
          {
            ...invoiceParty(customer),
            IsCreditInvoice: true,
            InvoiceDate: now().toISOString().slice(0, 10),
            YourReference: original.YourReference ?? null,
            OurReference: original.OurReference ?? null,
            Rows: [named, ...credited],
          },
          true,
        );
        return toAccInvoice(credit);
      },
      /**
       * `POST customerinvoices/{id}/payments` answers definitions.InvoicePaymentApi: the payment as
       * Visma recorded it, with no id and no voucher. The payment's date and amount are the
       * answer's; its number is the voucher's, read with `GET /vouchers` by the invoice
       * (definitions.VoucherApi.SourceId) and matched exactly on what our record asked. The record
       * holds the ask before it is sent — with the invoice's vouchers at that moment — so a lost
       * answer is found among the vouchers that came after, and a payment Visma answered is never
       * registered again, even when its voucher could not be read.
       */
      async registerPayment(number, payment, { externalRef, firstAttempt }) {
        const invoice = await invoiceByNumber(number);
        const known = await journal.find('payment', externalRef);
        if (known?.answer && known.answer !== VOUCHER_UNREAD) {
          const mine = (await vouchersOf(invoice.Id)).find((v) => v.Id === known.answer);
          // Ours, and gone from Visma: said, never registered a second time.
          if (!mine) throw refused('conflict', 'accounting.visma.paymentVoucherMissing');
          return paymentFromVoucher(mine, number);
        }
        const bank = await bankAccount();
        const recorded = (known?.asked ?? null) as Partial<AskedPayment> | null;
        const remainingOre = oreFromSek(invoice.RemainingAmount);
        const asked: AskedPayment = {
          invoiceId: invoice.Id,
          bankAccountId: bank.Id,
          ledgerAccount: bank.LedgerAccountNumber,
          date: payment.paymentDate,
          amountOre: payment.amountOre,
          currency: invoice.CurrencyCode ?? 'SEK',
          type: payment.amountOre === remainingOre ? COMPLETE_PAYMENT : PARTIAL_PAYMENT,
          reference: refMarker(externalRef).slice(0, 100),
          // A record kept from before the vouchers were noted has only the time of its ask to go by.
          before: known ? [] : (await vouchersOf(invoice.Id)).map((v) => v.Id),
          ...recorded,
        };
        const entry = known ?? (await journal.begin('payment', externalRef, asked, now()));
        const answered = (voucher: VismaVoucher, answer: Pick<VismaInvoicePayment, 'PaymentDate' | 'PaymentAmount'>) =>
          journal.complete('payment', externalRef, voucher.Id).then(
            (): InvoicePayment => ({
              number: voucher.NumberAndNumberSeries ?? voucher.Id,
              invoiceNumber: number,
              paymentDate: answer.PaymentDate.slice(0, 10),
              amountOre: oreFromSek(answer.PaymentAmount),
              modifiedAt: paymentFromVoucher(voucher, number).modifiedAt,
            }),
          );
        const askedAnswer = { PaymentDate: asked.date, PaymentAmount: sekFromOre(asked.amountOre) };
        // Visma answered an earlier attempt, but its voucher was not read then.
        if (known?.answer === VOUCHER_UNREAD) {
          const voucher = await findPayment(asked, entry, 'accounting.visma.paymentVoucherAmbiguous');
          if (!voucher) throw refused('conflict', 'accounting.visma.paymentVoucherMissing');
          return answered(voucher, askedAnswer);
        }
        let look = known !== null || firstAttempt !== true;
        for (let attempt = 1; ; attempt++) {
          if (look) {
            const lost = await findPayment(asked, entry);
            if (lost) return answered(lost, askedAnswer);
          }
          let answer: VismaInvoicePayment;
          try {
            answer = await api.request<VismaInvoicePayment>('POST', `/customerinvoices/${asked.invoiceId}/payments`, {
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
            look = true;
            continue;
          }
          // Answered: from here on this reference is never sent again, whatever the voucher read does.
          await journal.complete('payment', externalRef, VOUCHER_UNREAD);
          const voucher = await findPayment(
            { ...asked, date: answer.PaymentDate.slice(0, 10), amountOre: oreFromSek(answer.PaymentAmount) },
            entry,
            'accounting.visma.paymentVoucherAmbiguous',
          );
          if (!voucher) throw refused('conflict', 'accounting.visma.paymentVoucherMissing');
          return answered(voucher, answer);
        }
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
      /** Payment vouchers: a voucher whose SourceId is a customer invoice, other than that invoice's own voucher. */
      async list(query) {
        const page = await api.get<VismaPage<VismaVoucher>>('/vouchers', { query: pageQuery(query, 'ModifiedUtc') });
        const items: InvoicePayment[] = [];
        for (const v of page.Data) {
          if (!v.SourceId || !isPaymentVoucher(v)) continue;
          const invoice = await invoiceById(v.SourceId);
          if (!invoice || invoice.VoucherId === v.Id || invoice.IsCreditInvoice) continue;
          items.push(paymentFromVoucher(v, String(invoice.InvoiceNumber)));
        }
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
