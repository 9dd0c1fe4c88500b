import { randomUUID } from 'node:crypto';
import {
  addDays,
  computeTotals,
  nextVoucher,
  ocrReference,
  SEND_TYPE,
  toOre,
  toSek,
  type VArticle,
  type VCustomer,
  type VDraft,
  type VDraftRow,
  type VInvoice,
  type VismaStore,
  VOUCHER_TYPE,
  type VPayment,
  type VVoucher,
} from './store';

/**
 * The company's business rules, shared by the HTTP handlers and the demo seed so seeded data is
 * exactly what the API would have produced. Refusals are `VismaApiError`s carrying eEkonomi's
 * error codes (developer.vismaonline.com "Error codes"). What the contract says of a body
 * (required fields, types, lengths, enums) is checked before these run, by validate.ts against
 * the operation's definition (contract/README.md); the rules here are the ones no definition
 * can state (a referenced document exists, a number is unique, an amount fits the balance).
 */
export class VismaApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const ERROR = {
  validation: 2000,
  notFound: 3000,
  accountNotFound: 3002,
  conflict: 4000,
  cannotBeCreatedOrUpdated: 4002,
  notAuthorized: 4005,
  noAccessToScopes: 4006,
  rateLimited: 4010,
} as const;

type Body = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const bool = (v: unknown, fallback = false): boolean => (typeof v === 'boolean' ? v : fallback);

function required<T>(value: T | null | undefined, field: string): T {
  if (value === null || value === undefined || value === '') {
    throw new VismaApiError(400, ERROR.validation, `The ${field} field is required.`);
  }
  return value;
}

function touch(store: VismaStore): string {
  return store.now().toISOString();
}

// ── Customers ────────────────────────────────────────────────────────────────

/** POST replaces nothing; PUT replaces every writable field (fields left out become empty). */
export function writeCustomer(store: VismaStore, body: Body, existing?: VCustomer): VCustomer {
  // swagger: definitions.CustomerApi.required (Name, TermsOfPaymentId, InvoicePostalCode, InvoiceCity, …), checked by validate.ts.
  const name = required(str(body.Name), 'Name');
  const termsId = required(str(body.TermsOfPaymentId), 'TermsOfPaymentId');
  const terms = store.termsOfPayment.find((t) => t.Id === termsId);
  if (!terms) throw new VismaApiError(400, ERROR.notFound, `TermsOfPayment with id ${termsId} was not found.`);
  let number = str(body.CustomerNumber);
  if (number !== null) {
    const clash = [...store.customers.values()].find((c) => c.CustomerNumber === number && c.Id !== existing?.Id);
    if (clash) throw new VismaApiError(400, ERROR.conflict, `Customer number ${number} is already in use.`);
  } else if (existing) {
    number = existing.CustomerNumber;
  } else {
    while ([...store.customers.values()].some((c) => c.CustomerNumber === String(store.company.NextCustomerNumber))) {
      store.company.NextCustomerNumber++;
    }
    number = String(store.company.NextCustomerNumber++);
  }
  const deliveryTermId = str(body.DeliveryTermId);
  if (deliveryTermId && !store.deliveryTerms.some((d) => d.Id === deliveryTermId)) {
    throw new VismaApiError(400, ERROR.notFound, `DeliveryTerm with id ${deliveryTermId} was not found.`);
  }
  const customer: VCustomer = {
    Id: existing?.Id ?? randomUUID(),
    CustomerNumber: number,
    CorporateIdentityNumber: str(body.CorporateIdentityNumber),
    Name: name,
    IsPrivatePerson: bool(body.IsPrivatePerson),
    IsActive: bool(body.IsActive, true),
    EmailAddress: str(body.EmailAddress),
    EmailAddresses: Array.isArray(body.EmailAddresses)
      ? body.EmailAddresses.filter((e): e is string => typeof e === 'string')
      : [],
    Telephone: str(body.Telephone),
    MobilePhone: str(body.MobilePhone),
    WwwAddress: str(body.WwwAddress),
    InvoiceAddress1: str(body.InvoiceAddress1),
    InvoiceAddress2: str(body.InvoiceAddress2),
    InvoicePostalCode: required(str(body.InvoicePostalCode), 'InvoicePostalCode'),
    InvoiceCity: required(str(body.InvoiceCity), 'InvoiceCity'),
    InvoiceCountryCode: str(body.InvoiceCountryCode) ?? 'SE',
    DeliveryCustomerName: str(body.DeliveryCustomerName),
    DeliveryAddress1: str(body.DeliveryAddress1),
    DeliveryAddress2: str(body.DeliveryAddress2),
    DeliveryPostalCode: str(body.DeliveryPostalCode),
    DeliveryCity: str(body.DeliveryCity),
    DeliveryCountryCode: str(body.DeliveryCountryCode),
    DeliveryTermId: deliveryTermId,
    ContactPersonName: str(body.ContactPersonName),
    ContactPersonEmail: str(body.ContactPersonEmail),
    ContactPersonPhone: str(body.ContactPersonPhone),
    Note: str(body.Note),
    TermsOfPaymentId: termsId,
    TermsOfPayment: terms,
    CurrencyCode: str(body.CurrencyCode) ?? 'SEK',
    DiscountPercentage: num(body.DiscountPercentage),
    VatNumber: str(body.VatNumber),
    ReverseChargeOnConstructionServices: bool(body.ReverseChargeOnConstructionServices),
    ElectronicAddress: str(body.ElectronicAddress),
    ElectronicReference: str(body.ElectronicReference),
    // definitions.CustomerApi.SalesDocumentLanguage: maxLength 2 (validate.ts).
    SalesDocumentLanguage: str(body.SalesDocumentLanguage),
    LastInvoiceDate: existing?.LastInvoiceDate ?? null,
    ChangedUtc: touch(store),
  };
  store.customers.set(customer.Id, customer);
  return customer;
}

// ── Articles ─────────────────────────────────────────────────────────────────

export function writeArticle(store: VismaStore, body: Body, existing?: VArticle): VArticle {
  // swagger: definitions.ArticleApi.required (IsActive, Number, Name, CodingId, UnitId), checked by validate.ts.
  const number = required(str(body.Number), 'Number');
  const clash = [...store.articles.values()].find((a) => a.Number === number && a.Id !== existing?.Id);
  if (clash) throw new VismaApiError(400, ERROR.conflict, `Article number ${number} is already in use.`);
  const codingId = required(str(body.CodingId), 'CodingId');
  const coding = store.codings.find((c) => c.Id === codingId);
  if (!coding) throw new VismaApiError(400, ERROR.notFound, `ArticleAccountCoding with id ${codingId} was not found.`);
  const unitId = required(str(body.UnitId), 'UnitId');
  const unit = store.units.find((u) => u.Id === unitId);
  if (!unit) throw new VismaApiError(400, ERROR.notFound, `Unit with id ${unitId} was not found.`);
  const netPrice = num(body.NetPrice);
  if (netPrice < 0) throw new VismaApiError(400, ERROR.validation, 'The field NetPrice must be positive.');
  const stock = num(body.StockBalance, existing?.StockBalance ?? 0);
  const purchase = num(body.PurchasePrice);
  const article: VArticle = {
    Id: existing?.Id ?? randomUUID(),
    Number: number,
    Name: required(str(body.Name), 'Name'),
    NameEnglish: str(body.NameEnglish),
    IsActive: bool(body.IsActive, true),
    NetPrice: netPrice,
    GrossPrice: toSek(Math.round(toOre(netPrice) * (1 + coding.VatRatePercent))),
    CodingId: coding.Id,
    CodingName: coding.Name,
    UnitId: unit.Id,
    UnitName: unit.Name,
    UnitAbbreviation: unit.Abbreviation,
    StockBalance: stock,
    StockBalanceReserved: 0,
    StockBalanceAvailable: stock,
    StockValue: toSek(Math.round(toOre(purchase) * stock)),
    PurchasePrice: purchase,
    IsStock: bool(body.IsStock),
    StockLocationReference: str(body.StockLocationReference),
    Barcodes: Array.isArray(body.Barcodes)
      ? body.Barcodes.filter((b): b is { Barcode: string; BarcodeType: number } => typeof (b as Body)?.Barcode === 'string')
      : [],
    ArticleLabels: existing?.ArticleLabels ?? [],
    CreatedUtc: existing?.CreatedUtc ?? touch(store),
    ChangedUtc: touch(store),
  };
  store.articles.set(article.Id, article);
  return article;
}

// ── Invoice drafts ───────────────────────────────────────────────────────────

function vatOf(store: VismaStore, articleId: string | null): number {
  if (!articleId) return 0;
  const article = store.articles.get(articleId);
  return store.codings.find((c) => c.Id === article?.CodingId)?.VatRatePercent ?? 0;
}

function checkCostCenterItem(store: VismaStore, id: string | null): string | null {
  if (id && !store.costCenters.some((c) => c.Items.some((i) => i.Id === id))) {
    throw new VismaApiError(400, ERROR.notFound, `CostCenterItem with id ${id} was not found.`);
  }
  return id;
}

/**
 * POST/PUT customerinvoicedrafts. The caller sends the invoice's customer name and address, the
 * EU and private-person flags and RotReducedInvoicingType itself (swagger:
 * definitions.CustomerInvoiceDraftApi.required); the simulator fills in none of them.
 */
export function writeDraft(store: VismaStore, body: Body, existing?: VDraft): VDraft {
  const customerId = required(str(body.CustomerId), 'CustomerId');
  const customer = store.customers.get(customerId);
  if (!customer) throw new VismaApiError(400, ERROR.notFound, `Customer with id ${customerId} was not found.`);
  if (!customer.IsActive) throw new VismaApiError(400, ERROR.cannotBeCreatedOrUpdated, 'The customer is inactive.');
  const isCredit = bool(body.IsCreditInvoice);
  const rawRows = Array.isArray(body.Rows) ? (body.Rows as Body[]) : [];
  // Not in definitions.CustomerInvoiceDraftApi.required, but a draft without rows cannot be converted.
  if (rawRows.length === 0) throw new VismaApiError(400, ERROR.validation, 'The Rows field is required.');
  const rows: VDraftRow[] = rawRows.map((raw, index) => {
    const isText = bool(raw.IsTextRow);
    const articleId = str(raw.ArticleId);
    const article = articleId ? store.articles.get(articleId) : undefined;
    if (!isText) {
      // swagger: definitions.CustomerInvoiceDraftRowApi.ArticleId "Required if IsTextRow is false".
      if (!articleId) throw new VismaApiError(400, ERROR.validation, `Row ${index + 1}: The ArticleId field is required.`);
      if (!article) throw new VismaApiError(400, ERROR.notFound, `Article with id ${articleId} was not found.`);
    }
    const quantity = num(raw.Quantity, isText ? 0 : 1);
    if (!isText && quantity === 0) throw new VismaApiError(400, ERROR.validation, `Row ${index + 1}: Quantity must not be 0.`);
    if (!isText && !isCredit && quantity < 0) {
      throw new VismaApiError(400, ERROR.validation, `Row ${index + 1}: Quantity must be positive on an invoice.`);
    }
    // swagger: definitions.CustomerInvoiceDraftRowApi.DiscountPercentage minimum 0, maximum 1 (validate.ts).
    const discount = num(raw.DiscountPercentage);
    const projectId = str(raw.ProjectId);
    if (projectId && !store.projects.some((p) => p.Id === projectId)) {
      throw new VismaApiError(400, ERROR.notFound, `Project with id ${projectId} was not found.`);
    }
    return {
      Id: randomUUID(),
      LineNumber: num(raw.LineNumber, index),
      ArticleId: isText ? null : (articleId as string),
      ArticleNumber: article?.Number ?? null,
      IsTextRow: isText,
      Text: str(raw.Text) ?? article?.Name ?? '',
      UnitPrice: isText ? 0 : typeof raw.UnitPrice === 'number' ? raw.UnitPrice : (article?.NetPrice ?? 0),
      DiscountPercentage: discount,
      Quantity: quantity,
      UnitAbbreviation: article?.UnitAbbreviation ?? null,
      UnitName: article?.UnitName ?? null,
      VatRateId: article?.CodingId ?? null,
      CostCenterItemId1: checkCostCenterItem(store, str(raw.CostCenterItemId1)),
      CostCenterItemId2: checkCostCenterItem(store, str(raw.CostCenterItemId2)),
      CostCenterItemId3: checkCostCenterItem(store, str(raw.CostCenterItemId3)),
      ProjectId: projectId,
      ReversedConstructionServicesVatFree: bool(raw.ReversedConstructionServicesVatFree),
    };
  });
  const totals = computeTotals(rows.map((r) => ({ ...r, vat: vatOf(store, r.ArticleId) })));
  const created = touch(store);
  const draft: VDraft = {
    Id: existing?.Id ?? randomUUID(),
    CustomerId: customer.Id,
    CustomerNumber: customer.CustomerNumber,
    IsCreditInvoice: isCredit,
    // definitions.CustomerInvoiceDraftApi has no ReferringInvoiceId (on CustomerInvoiceApi it is
    // read-only): a body's is dropped, as JSON.NET drops it. Only crediting in Visma's own
    // screens links a credit note to its invoice (creditInVisma); a PUT keeps that link.
    ReferringInvoiceId: existing?.ReferringInvoiceId ?? null,
    Rows: rows,
    YourReference: str(body.YourReference),
    OurReference: str(body.OurReference),
    // Not a property of definitions.CustomerInvoiceDraftApi: whatever a client sends is dropped, as JSON.NET drops it.
    BuyersOrderReference: null,
    ElectronicReference: null,
    InvoiceCustomerName: required(str(body.InvoiceCustomerName), 'InvoiceCustomerName'),
    InvoiceAddress1: str(body.InvoiceAddress1),
    InvoiceAddress2: str(body.InvoiceAddress2),
    InvoicePostalCode: required(str(body.InvoicePostalCode), 'InvoicePostalCode'),
    InvoiceCity: required(str(body.InvoiceCity), 'InvoiceCity'),
    InvoiceCountryCode: required(str(body.InvoiceCountryCode), 'InvoiceCountryCode'),
    InvoiceCurrencyCode: customer.CurrencyCode,
    DeliveryCustomerName: str(body.DeliveryCustomerName) ?? customer.DeliveryCustomerName,
    DeliveryAddress1: str(body.DeliveryAddress1) ?? customer.DeliveryAddress1,
    DeliveryAddress2: str(body.DeliveryAddress2) ?? customer.DeliveryAddress2,
    DeliveryPostalCode: str(body.DeliveryPostalCode) ?? customer.DeliveryPostalCode,
    DeliveryCity: str(body.DeliveryCity) ?? customer.DeliveryCity,
    DeliveryCountryCode: str(body.DeliveryCountryCode) ?? customer.DeliveryCountryCode,
    CustomerIsPrivatePerson: bool(body.CustomerIsPrivatePerson),
    RotReducedInvoicingType: num(body.RotReducedInvoicingType),
    EuThirdParty: bool(body.EuThirdParty),
    InvoiceDate: (str(body.InvoiceDate) ?? created).slice(0, 10),
    DeliveryDate: str(body.DeliveryDate)?.slice(0, 10) ?? null,
    TotalAmount: toSek(totals.totalOre),
    TotalVatAmount: toSek(totals.vatOre),
    TotalRoundings: toSek(totals.roundingOre),
    TotalAmountBaseCurrency: toSek(totals.totalOre),
    TotalVatAmountBaseCurrency: toSek(totals.vatOre),
    IncludesVat: false,
    CreatedUtc: existing?.CreatedUtc ?? created,
    ModifiedUtc: created,
  };
  store.drafts.set(draft.Id, draft);
  return draft;
}

/**
 * What "Kreditera" in Visma eEkonomi's own screens does, which no API operation can (the demo
 * seed uses it): a credit draft of the invoice's rows, linked to it (ReferringInvoiceId), then
 * converted — the credit note settles what is left of the invoice.
 */
export function creditInVisma(store: VismaStore, invoiceId: string, body: Body): VInvoice {
  const original = getInvoice(store, invoiceId);
  const draft = writeDraft(store, { ...body, IsCreditInvoice: true });
  draft.ReferringInvoiceId = original.Id;
  return convertDraft(store, draft.Id, null);
}

/** The company's chart: Visma's standard BAS chart, account classes 1–8 (four digits). */
const inChart = (account: number) => Number.isInteger(account) && account >= 1000 && account <= 8999;

/**
 * POST /v2/vouchers (definitions.VoucherApi: VoucherDate, VoucherText and Rows required): a
 * manual voucher in series A. Visma refuses one that does not balance, and an account the chart
 * does not have (ErrorCode 3002).
 */
export function createManualVoucher(store: VismaStore, body: Body): VVoucher {
  const rows = (Array.isArray(body.Rows) ? body.Rows : []) as Body[];
  const balance = rows.reduce(
    (sum, r) => sum + Math.round(Number(r.DebitAmount ?? 0) * 100) - Math.round(Number(r.CreditAmount ?? 0) * 100),
    0,
  );
  if (rows.length < 2 || balance !== 0)
    throw new VismaApiError(400, ERROR.validation, 'The voucher is not balanced: the sum of debit and credit must be equal.');
  for (const r of rows) {
    if (!inChart(Number(r.AccountNumber)))
      throw new VismaApiError(400, ERROR.accountNotFound, `Account ${String(r.AccountNumber)} was not found.`);
  }
  return bookVoucher(
    store,
    {
      VoucherDate: String(body.VoucherDate).slice(0, 10),
      VoucherText: String(body.VoucherText ?? ''),
      VoucherType: VOUCHER_TYPE.manual,
      SourceId: null,
      Rows: rows.map((r) => ({
        AccountNumber: Number(r.AccountNumber),
        AccountDescription: '',
        DebitAmount: Number(r.DebitAmount ?? 0),
        CreditAmount: Number(r.CreditAmount ?? 0),
        TransactionText: typeof r.TransactionText === 'string' ? r.TransactionText : null,
        CostCenterItemId1: null,
        ProjectId: null,
      })),
    },
    'A',
  );
}

export function bookVoucher(
  store: VismaStore,
  voucher: Omit<VVoucher, 'Id' | 'NumberSeries' | 'NumberAndNumberSeries' | 'CreatedUtc' | 'ModifiedUtc'>,
  series: string,
): VVoucher {
  const { number } = nextVoucher(store, series);
  const at = touch(store);
  const full: VVoucher = {
    Id: randomUUID(),
    NumberSeries: series,
    NumberAndNumberSeries: number,
    CreatedUtc: at,
    ModifiedUtc: at,
    ...voucher,
  };
  store.vouchers.set(full.Id, full);
  return full;
}

/**
 * POST customerinvoicedrafts/{id}/convert: the draft becomes a bookkept invoice with the next
 * number, an OCR reference and its voucher; the draft is gone. The body carries the totals the
 * caller expects — Visma refuses the conversion when they disagree with the draft.
 */
export function convertDraft(store: VismaStore, draftId: string, validation: Body | null): VInvoice {
  const draft = store.drafts.get(draftId);
  if (!draft) throw new VismaApiError(404, ERROR.notFound, `CustomerInvoiceDraft with id ${draftId} was not found.`);
  if (validation && typeof validation.TotalAmountInvoiceCurrency === 'number') {
    const expected = toOre(validation.TotalAmountInvoiceCurrency);
    if (expected !== toOre(draft.TotalAmount)) {
      throw new VismaApiError(
        400,
        ERROR.validation,
        `Invoice validation failed: TotalAmountInvoiceCurrency ${validation.TotalAmountInvoiceCurrency} does not match ${draft.TotalAmount}.`,
      );
    }
  }
  const customer = store.customers.get(draft.CustomerId);
  if (!customer) throw new VismaApiError(400, ERROR.notFound, `Customer with id ${draft.CustomerId} was not found.`);
  const original = draft.ReferringInvoiceId ? store.invoices.get(draft.ReferringInvoiceId) : undefined;
  if (original) {
    const alreadyCredited = [...store.invoices.values()].some((i) => i.ReferringInvoiceId === original.Id);
    if (alreadyCredited)
      throw new VismaApiError(400, ERROR.cannotBeCreatedOrUpdated, `Invoice ${original.InvoiceNumber} is already credited.`);
  }
  const number = store.company.NextCustomerInvoiceNumber++;
  const vats = draft.Rows.map((r) => vatOf(store, r.ArticleId));
  const totals = computeTotals(draft.Rows.map((r, i) => ({ ...r, vat: vats[i] as number })));
  const at = touch(store);
  const invoiceId = randomUUID();
  const receivable = toSek(totals.totalOre);
  const voucher = bookVoucher(
    store,
    {
      VoucherDate: draft.InvoiceDate,
      VoucherText: `${draft.IsCreditInvoice ? 'Kreditfaktura' : 'Kundfaktura'} ${number}, ${customer.Name}`,
      VoucherType: draft.IsCreditInvoice ? VOUCHER_TYPE.customerInvoiceCredit : VOUCHER_TYPE.customerInvoiceDebit,
      SourceId: invoiceId,
      Rows: [
        {
          AccountNumber: 1510,
          AccountDescription: 'Kundfordringar',
          DebitAmount: Math.max(receivable, 0),
          CreditAmount: Math.max(-receivable, 0),
          TransactionText: null,
          CostCenterItemId1: null,
          ProjectId: null,
        },
        ...[...totals.perRate].map(([rate, b]) => ({
          AccountNumber: rate === 0 ? 3004 : 3001,
          AccountDescription: 'Försäljning',
          DebitAmount: Math.max(-toSek(b.netOre), 0),
          CreditAmount: Math.max(toSek(b.netOre), 0),
          TransactionText: `Moms ${rate} %`,
          CostCenterItemId1: null,
          ProjectId: null,
        })),
        {
          AccountNumber: 2611,
          AccountDescription: 'Utgående moms',
          DebitAmount: Math.max(-toSek(totals.vatOre), 0),
          CreditAmount: Math.max(toSek(totals.vatOre), 0),
          TransactionText: null,
          CostCenterItemId1: null,
          ProjectId: null,
        },
      ],
    },
    'B',
  );
  const terms = store.termsOfPayment.find((t) => t.Id === customer.TermsOfPaymentId);
  const invoice: VInvoice = {
    Id: invoiceId,
    InvoiceNumber: number,
    CustomerId: customer.Id,
    CustomerNumber: customer.CustomerNumber,
    InvoiceCustomerName: draft.InvoiceCustomerName,
    CustomerIsPrivatePerson: draft.CustomerIsPrivatePerson,
    CustomerEmail: customer.EmailAddress,
    EuThirdParty: draft.EuThirdParty,
    RotReducedInvoicingType: draft.RotReducedInvoicingType,
    IsCreditInvoice: draft.IsCreditInvoice,
    ReferringInvoiceId: draft.ReferringInvoiceId,
    CreatedFromDraftId: draft.Id,
    CurrencyCode: draft.InvoiceCurrencyCode,
    CurrencyRate: 1,
    Rows: draft.Rows.map((r, i) => ({
      Id: r.Id,
      LineNumber: r.LineNumber,
      ArticleId: r.ArticleId,
      ArticleNumber: r.ArticleNumber,
      IsTextRow: r.IsTextRow,
      Text: r.Text,
      UnitPrice: r.UnitPrice,
      DiscountPercentage: r.DiscountPercentage,
      Quantity: r.Quantity,
      AmountNoVat: toSek(totals.rowNetOre[i] as number),
      PercentVat: vats[i] as number,
      UnitAbbreviation: r.UnitAbbreviation,
      UnitId: r.ArticleId ? (store.articles.get(r.ArticleId)?.UnitId ?? null) : null,
      IsVatFree: (vats[i] as number) === 0,
      CostCenterItemId1: r.CostCenterItemId1,
      CostCenterItemId2: r.CostCenterItemId2,
      CostCenterItemId3: r.CostCenterItemId3,
      ProjectId: r.ProjectId,
    })),
    VatSpecification: [...totals.perRate].map(([rate, b]) => ({
      AmountInvoiceCurrency: toSek(b.netOre),
      VatAmountInvoiceCurrency: toSek(b.vatOre),
      VatPercent: rate / 100,
    })),
    InvoiceDate: draft.InvoiceDate,
    DueDate: addDays(draft.InvoiceDate, terms?.NumberOfDays ?? 30),
    DeliveryDate: draft.DeliveryDate,
    TermsOfPaymentId: customer.TermsOfPaymentId,
    YourReference: draft.YourReference,
    OurReference: draft.OurReference,
    BuyersOrderReference: draft.BuyersOrderReference,
    ElectronicReference: draft.ElectronicReference,
    InvoiceAddress1: draft.InvoiceAddress1,
    InvoiceAddress2: draft.InvoiceAddress2,
    InvoicePostalCode: draft.InvoicePostalCode,
    InvoiceCity: draft.InvoiceCity,
    InvoiceCountryCode: draft.InvoiceCountryCode,
    TotalAmount: receivable,
    TotalVatAmount: toSek(totals.vatOre),
    TotalRoundings: toSek(totals.roundingOre),
    TotalAmountInvoiceCurrency: receivable,
    TotalVatAmountInvoiceCurrency: toSek(totals.vatOre),
    SetOffAmountInvoiceCurrency: 0,
    RemainingAmount: receivable,
    RemainingAmountInvoiceCurrency: receivable,
    PaymentReferenceNumber: ocrReference(String(number)),
    SendType: SEND_TYPE.none,
    IsNotDelivered: true,
    HasAutoInvoiceError: false,
    PaymentReminderIssued: false,
    VoucherNumber: voucher.NumberAndNumberSeries,
    VoucherId: voucher.Id,
    IncludesVat: false,
    CreatedUtc: at,
    ModifiedUtc: at,
    Payments: [],
  };
  // A credit note settles what is left of the invoice it credits; the rest stays as a credit.
  if (original) {
    const offsetOre = Math.min(toOre(original.RemainingAmount), -totals.totalOre);
    if (offsetOre > 0) {
      original.RemainingAmount = toSek(toOre(original.RemainingAmount) - offsetOre);
      original.RemainingAmountInvoiceCurrency = original.RemainingAmount;
      original.SetOffAmountInvoiceCurrency = toSek(toOre(original.SetOffAmountInvoiceCurrency) + offsetOre);
      invoice.RemainingAmount = toSek(totals.totalOre + offsetOre);
      invoice.RemainingAmountInvoiceCurrency = invoice.RemainingAmount;
      invoice.SetOffAmountInvoiceCurrency = toSek(offsetOre);
    }
    original.ModifiedUtc = at;
  }
  store.drafts.delete(draft.Id);
  store.invoices.set(invoice.Id, invoice);
  customer.LastInvoiceDate = draft.InvoiceDate;
  return invoice;
}

// ── Invoices ─────────────────────────────────────────────────────────────────

export function getInvoice(store: VismaStore, id: string): VInvoice {
  const invoice = store.invoices.get(id);
  if (!invoice) throw new VismaApiError(404, ERROR.notFound, `CustomerInvoice with id ${id} was not found.`);
  return invoice;
}

/**
 * POST customerinvoices/{id}/payments (swagger: definitions.InvoicePaymentApi, required
 * CompanyBankAccountId, PaymentDate, PaymentAmount, PaymentCurrency, PaymentType — checked by
 * validate.ts): books a voucher from the company's bank account against the receivable and
 * answers the payment as posted (the operation's 200 schema is InvoicePaymentApi, not a voucher).
 */
export function registerPayment(store: VismaStore, invoiceId: string, body: Body): VPayment {
  const invoice = getInvoice(store, invoiceId);
  const bankAccountId = required(str(body.CompanyBankAccountId), 'CompanyBankAccountId');
  const bank = store.bankAccounts.find((b) => b.Id === bankAccountId);
  if (!bank) throw new VismaApiError(400, ERROR.notFound, `BankAccount with id ${bankAccountId} was not found.`);
  if (!bank.IsActive) throw new VismaApiError(400, ERROR.cannotBeCreatedOrUpdated, `Bank account ${bank.Name} is inactive.`);
  const amount = num(body.PaymentAmount, Number.NaN);
  if (!Number.isFinite(amount) || amount <= 0)
    throw new VismaApiError(400, ERROR.validation, 'The field PaymentAmount must be greater than 0.');
  const currency = required(str(body.PaymentCurrency), 'PaymentCurrency');
  if (currency !== invoice.CurrencyCode)
    throw new VismaApiError(
      400,
      ERROR.validation,
      `PaymentCurrency ${currency} is not the invoice's currency ${invoice.CurrencyCode}.`,
    );
  const date = required(str(body.PaymentDate), 'PaymentDate').slice(0, 10);
  // swagger: definitions.InvoicePaymentApi.PaymentType — 1 = PartialPayment, 2 = CompletePayment, 3 = Rounding.
  const type = num(body.PaymentType);
  if (invoice.IsCreditInvoice)
    throw new VismaApiError(400, ERROR.cannotBeCreatedOrUpdated, 'Payments cannot be registered on a credit invoice.');
  const remaining = toOre(invoice.RemainingAmount);
  if (remaining <= 0)
    throw new VismaApiError(400, ERROR.cannotBeCreatedOrUpdated, `Invoice ${invoice.InvoiceNumber} is already paid.`);
  if (toOre(amount) > remaining) {
    throw new VismaApiError(
      400,
      ERROR.validation,
      `PaymentAmount ${amount} exceeds the remaining amount ${invoice.RemainingAmount}.`,
    );
  }
  if (type === 2 && toOre(amount) !== remaining)
    throw new VismaApiError(400, ERROR.validation, `A CompletePayment must pay the remaining amount ${invoice.RemainingAmount}.`);
  if (type === 3 && remaining - toOre(amount) >= 100)
    throw new VismaApiError(400, ERROR.validation, 'A Rounding payment may leave less than 1.00 unpaid.');
  const reference = str(body.Reference);
  const settled = type === 1 ? toOre(amount) : remaining;
  const voucher = bookVoucher(
    store,
    {
      VoucherDate: date,
      VoucherText: `Inbetalning kundfaktura ${invoice.InvoiceNumber}, ${invoice.InvoiceCustomerName}`.slice(0, 100),
      VoucherType: null,
      SourceId: invoice.Id,
      Rows: [
        {
          AccountNumber: bank.LedgerAccountNumber,
          AccountDescription: bank.Name,
          DebitAmount: amount,
          CreditAmount: 0,
          // swagger: definitions.VoucherRowApi.TransactionText maxLength 50.
          TransactionText: reference?.slice(0, 50) ?? null,
          CostCenterItemId1: null,
          ProjectId: null,
        },
        ...(settled > toOre(amount)
          ? [
              {
                AccountNumber: 3740,
                AccountDescription: 'Öres- och kronutjämning',
                DebitAmount: toSek(settled - toOre(amount)),
                CreditAmount: 0,
                TransactionText: reference?.slice(0, 50) ?? null,
                CostCenterItemId1: null,
                ProjectId: null,
              },
            ]
          : []),
        {
          AccountNumber: 1510,
          AccountDescription: 'Kundfordringar',
          DebitAmount: 0,
          CreditAmount: toSek(settled),
          TransactionText: reference?.slice(0, 50) ?? null,
          CostCenterItemId1: null,
          ProjectId: null,
        },
      ],
    },
    'C',
  );
  const payment: VPayment = {
    CompanyBankAccountId: bank.Id,
    PaymentDate: date,
    Reference: reference,
    PaymentAmount: amount,
    PaymentCurrency: currency,
    DomesticPaymentAmount: typeof body.DomesticPaymentAmount === 'number' ? body.DomesticPaymentAmount : null,
    BankFeeAmount: typeof body.BankFeeAmount === 'number' ? body.BankFeeAmount : null,
    PaymentType: type,
    FactoringFeeAmount: null,
    FactoringFeeAccountNumber: null,
    VoucherId: voucher.Id,
  };
  invoice.Payments.push(payment);
  invoice.RemainingAmount = toSek(remaining - settled);
  invoice.RemainingAmountInvoiceCurrency = invoice.RemainingAmount;
  invoice.ModifiedUtc = touch(store);
  return payment;
}

/**
 * POST customerinvoices/{id}/email (definitions.EmailApi, all optional: the address defaults to
 * the customer's) and GET …/print: the invoice is marked sent.
 */
export function markSent(store: VismaStore, invoiceId: string, sendType: number, email?: string | null): VInvoice {
  const invoice = getInvoice(store, invoiceId);
  if (sendType === SEND_TYPE.email) {
    const customer = store.customers.get(invoice.CustomerId);
    const to = email ?? customer?.EmailAddress ?? null;
    if (!to) throw new VismaApiError(400, ERROR.validation, 'The customer has no e-mail address; the Email field is required.');
  }
  invoice.SendType = sendType;
  invoice.IsNotDelivered = false;
  invoice.ModifiedUtc = touch(store);
  return invoice;
}
