import type {
  AccArticle,
  AccCompany,
  AccCustomer,
  AccInvoice,
  AccOrder,
  AccSupplier,
  AccSupplierInvoice,
  AccVoucher,
  Address,
  ArticleFields,
  CustomerFields,
  DocumentRow,
  InvoiceDeliveryMethod,
  InvoicePayment,
  VatType,
  VoucherBooks,
} from '../accounting/provider';

/**
 * Visma eEkonomi JSON ↔ the portal's normalized types. Visma sends amounts as SEK decimals,
 * quantities as decimals, VAT and discounts as fractions (0.25, 0.1); the portal keeps öre,
 * hundredths, whole VAT percent and basis points. Visma keys documents by GUID; the portal by
 * the number people see (CustomerNumber, article Number, InvoiceNumber), which the provider
 * resolves to the GUID when it calls the API.
 *
 * Where the portal's own reference lives (idempotent creates):
 * - customers: a marker line in `Note` (definitions.CustomerApi.Note, 4000 characters), the one
 *   free-text field Visma never prints or sends; the portal's `notes` is the text without it. A
 *   lost answer is found by `Name eq` and an exact comparison of the whole Note;
 * - articles: Visma has no free-text field, but the article number is required and unique, so
 *   the number is the key (derived from the reference when the portal gives none);
 * - invoices and payments: the contract has no field for a caller's reference (its drafts and
 *   invoices have no BuyersOrderReference; a payment's `Reference` lands nowhere filterable), so
 *   the provider keeps its own record (../accounting/request-journal.ts) and, after a lost answer, matches on what
 *   Visma stores. The payment's `Reference` still carries the marker, for people reading Visma.
 */

export const REF_PREFIX = 'fw:';
/** Kundfordringar: the account an invoice debits and its payments credit (BAS). */
export const RECEIVABLES_ACCOUNT = 1510;

export const oreFromSek = (sek: number | null | undefined): number => Math.round((sek ?? 0) * 100);
export const sekFromOre = (ore: number): number => ore / 100;
export const hundredthsFrom = (quantity: number | null | undefined): number => Math.round((quantity ?? 0) * 100);
export const fromHundredths = (hundredths: number): number => hundredths / 100;
export const percentFromFraction = (fraction: number | null | undefined): number => Math.round((fraction ?? 0) * 100);
export const basisPointsFromFraction = (fraction: number | null | undefined): number => Math.round((fraction ?? 0) * 10_000);
export const fractionFromBasisPoints = (bp: number): number => bp / 10_000;

const blank = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v);
const day = (v: string | null | undefined): string | null => (v ? v.slice(0, 10) : null);
const utc = (v: string | null | undefined): string | null => {
  if (!v) return null;
  const t = Date.parse(/[zZ]|[+-]\d{2}:\d{2}$/.test(v) ? v : `${v}Z`);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
};

// ── Visma's shapes, as far as the portal reads them ─────────────────────────

export interface VismaCustomer {
  Id: string;
  CustomerNumber: string;
  CorporateIdentityNumber?: string | null;
  Name: string;
  IsPrivatePerson?: boolean;
  IsActive?: boolean;
  EmailAddress?: string | null;
  EmailAddresses?: string[] | null;
  Telephone?: string | null;
  MobilePhone?: string | null;
  WwwAddress?: string | null;
  InvoiceAddress1?: string | null;
  InvoiceAddress2?: string | null;
  InvoicePostalCode?: string | null;
  InvoiceCity?: string | null;
  InvoiceCountryCode?: string | null;
  DeliveryCustomerName?: string | null;
  DeliveryAddress1?: string | null;
  DeliveryAddress2?: string | null;
  DeliveryPostalCode?: string | null;
  DeliveryCity?: string | null;
  DeliveryCountryCode?: string | null;
  DeliveryTermId?: string | null;
  ContactPersonName?: string | null;
  Note?: string | null;
  TermsOfPaymentId?: string | null;
  CurrencyCode?: string | null;
  DiscountPercentage?: number | null;
  VatNumber?: string | null;
  ReverseChargeOnConstructionServices?: boolean;
  ElectronicAddress?: string | null;
  ChangedUtc?: string | null;
  [key: string]: unknown;
}

export interface VismaArticle {
  Id: string;
  Number: string;
  Name: string;
  IsActive?: boolean;
  NetPrice?: number | null;
  CodingId?: string | null;
  UnitId?: string | null;
  StockBalance?: number | null;
  StockBalanceAvailable?: number | null;
  StockValue?: number | null;
  PurchasePrice?: number | null;
  IsStock?: boolean;
  StockLocationReference?: string | null;
  Barcodes?: { Barcode: string; BarcodeType: number }[] | null;
  ChangedUtc?: string | null;
  [key: string]: unknown;
}

export interface VismaInvoiceRow {
  ArticleId?: string | null;
  ArticleNumber?: string | null;
  IsTextRow?: boolean;
  Text?: string | null;
  UnitPrice?: number | null;
  DiscountPercentage?: number | null;
  Quantity?: number | null;
  PercentVat?: number | null;
  UnitAbbreviation?: string | null;
  CostCenterItemId1?: string | null;
  ProjectId?: string | null;
}

export interface VismaInvoice {
  Id: string;
  InvoiceNumber: number;
  CustomerId: string;
  CustomerNumber?: string | null;
  InvoiceCustomerName?: string | null;
  IsCreditInvoice?: boolean;
  ReferringInvoiceId?: string | null;
  CurrencyCode?: string | null;
  Rows?: VismaInvoiceRow[];
  InvoiceDate: string;
  DueDate?: string | null;
  TermsOfPaymentId?: string | null;
  YourReference?: string | null;
  OurReference?: string | null;
  TotalAmount?: number | null;
  TotalVatAmount?: number | null;
  TotalRoundings?: number | null;
  RemainingAmount?: number | null;
  VoucherId?: string | null;
  CreatedUtc?: string | null;
  PaymentReferenceNumber?: string | null;
  SendType?: number | null;
  IsNotDelivered?: boolean;
  VoucherNumber?: string | null;
  ModifiedUtc?: string | null;
}

export interface VismaDraft {
  Id: string;
  CustomerId: string;
  InvoiceDate?: string | null;
  YourReference?: string | null;
  OurReference?: string | null;
  IsCreditInvoice?: boolean;
  Rows?: VismaInvoiceRow[];
  CreatedUtc?: string | null;
  TotalAmount?: number | null;
  TotalVatAmount?: number | null;
  TotalRoundings?: number | null;
}

export interface VismaVoucher {
  Id: string;
  VoucherDate: string;
  VoucherText?: string | null;
  NumberSeries?: string | null;
  NumberAndNumberSeries?: string | null;
  VoucherType?: number | null;
  SourceId?: string | null;
  Rows?: { AccountNumber: number; DebitAmount?: number | null; CreditAmount?: number | null; TransactionText?: string | null }[];
  ModifiedUtc?: string | null;
}

/** definitions.InvoicePaymentApi: what `POST customerinvoices/{id}/payments` takes and answers (no id, no voucher). */
export interface VismaInvoicePayment {
  CompanyBankAccountId: string;
  PaymentDate: string;
  Reference?: string | null;
  PaymentAmount: number;
  PaymentCurrency: string;
  PaymentType: number;
}

/** definitions.BankAccountApi, as far as the portal reads it. */
export interface VismaBankAccount {
  Id: string;
  Name: string;
  BankAccountType: number;
  IsActive?: boolean;
  /** Required by the definition: the ledger account a payment to this bank account debits. */
  LedgerAccountNumber: number;
  IsDefaultChequeAccount?: boolean;
}

export interface VismaOrder {
  Id: string;
  Number: number;
  CustomerId: string;
  InvoiceCustomerName?: string | null;
  CurrencyCode?: string | null;
  Amount?: number | null;
  VatAmount?: number | null;
  RoundingsAmount?: number | null;
  OrderDate: string;
  /** definitions.OrderApi.Status: 1 draft, 2 ongoing, 3 shipped, 4 invoiced. */
  Status?: number | null;
  YourReference?: string | null;
  OurReference?: string | null;
  Rows?: {
    ArticleNumber?: string | null;
    IsTextRow?: boolean;
    Text?: string | null;
    UnitPrice?: number | null;
    Quantity?: number | null;
    DiscountPercentage?: number | null;
  }[];
  ModifiedUtc?: string | null;
}

/** definitions.SupplierApi, as far as the portal reads it. */
export interface VismaSupplier {
  Id: string;
  SupplierNumber?: string | null;
  Name: string;
  CorporateIdentityNumber?: string | null;
  Address1?: string | null;
  Address2?: string | null;
  PostalCode?: string | null;
  City?: string | null;
  CountryCode?: string | null;
  EmailAddress?: string | null;
  Telephone?: string | null;
  BankgiroNumber?: string | null;
  PlusgiroNumber?: string | null;
  BankAccountNumber?: string | null;
  BankIban?: string | null;
  CurrencyCode?: string | null;
  IsActive?: boolean | null;
  ModifiedUtc?: string | null;
}

/** definitions.SupplierInvoiceApi, as far as the portal reads it. */
export interface VismaSupplierInvoice {
  Id: string;
  SupplierId: string;
  SupplierName?: string | null;
  SupplierNumber?: string | null;
  InvoiceDate?: string | null;
  DueDate?: string | null;
  InvoiceNumber?: string | null;
  TotalAmount?: number | null;
  Vat?: number | null;
  IsCreditInvoice?: boolean | null;
  CurrencyCode?: string | null;
  OcrNumber?: string | null;
  Message?: string | null;
  BankGiroNumber?: string | null;
  PlusGiroNumber?: string | null;
  VoucherId?: string | null;
  Rows?: {
    AccountNumber?: number | null;
    DebetAmount?: number | null;
    CreditAmount?: number | null;
    TransactionText?: string | null;
  }[];
  ModifiedUtc?: string | null;
}

export interface VismaCompanySettings {
  Name: string;
  Email?: string | null;
  Phone?: string | null;
  Address1?: string | null;
  Address2?: string | null;
  PostalCode?: string | null;
  City?: string | null;
  CountryCode?: string | null;
  CorporateIdentityNumber?: string | null;
  CompanyIdentifier?: string | null;
  TermsOfPaymentId?: string | null;
}

/** Code lists the mapping needs to turn Visma's GUIDs into the codes people use. */
export interface VismaRefs {
  units: { Id: string; Name: string; Abbreviation: string }[];
  termsOfPayment: { Id: string; Name: string; NumberOfDays: number }[];
  deliveryTerms: { Id: string; Name: string; Code: string }[];
  costCenterItems: { Id: string; Name: string; ShortName: string; IsActive: boolean }[];
  projects: { Id: string; Number: string; Name: string; Status?: number }[];
  codings: { Id: string; Type: string; VatRatePercent: number; IsActive: boolean }[];
}

/**
 * The language of what Visma prints for a customer (definitions.CustomerApi.SalesDocumentLanguage,
 * two letters): Swedish when it is Swedish or unset (the company's own), else English.
 */
export function documentLanguage(customer: VismaCustomer): 'sv' | 'en' {
  const language = customer.SalesDocumentLanguage;
  return typeof language !== 'string' || language.trim() === '' || language.toLowerCase() === 'sv' ? 'sv' : 'en';
}

// ── References ──────────────────────────────────────────────────────────────

/** The portal's reference as it is written on a payment (definitions.InvoicePaymentApi.Reference, 100 characters). */
export function refMarker(externalRef: string): string {
  return `${REF_PREFIX}${externalRef}`;
}

const NOTE_MARKER = /\n?\[fw:([^\]]+)\]$/;

export function splitNote(note: string | null | undefined): { notes: string | null; ref: string | null } {
  if (!note) return { notes: null, ref: null };
  const match = note.match(NOTE_MARKER);
  return { notes: blank(match ? note.slice(0, match.index) : note), ref: match?.[1] ?? null };
}

export function joinNote(notes: string | null, ref: string | null): string | null {
  if (!ref) return notes;
  return `${notes ? `${notes}\n` : ''}[fw:${ref}]`;
}

// ── Customers ───────────────────────────────────────────────────────────────

const EU = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SI',
  'SK',
]);

function vatTypeOf(c: VismaCustomer): VatType {
  if (c.ReverseChargeOnConstructionServices) return 'SEREVERSEDVAT';
  const country = (c.InvoiceCountryCode ?? 'SE').toUpperCase();
  if (country === 'SE') return 'SEVAT';
  if (EU.has(country)) return c.VatNumber ? 'EUREVERSEDVAT' : 'EUVAT';
  return 'EXPORT';
}

function address(
  a1?: string | null,
  a2?: string | null,
  zip?: string | null,
  city?: string | null,
  country?: string | null,
): Address {
  return { address1: blank(a1), address2: blank(a2), zipCode: blank(zip), city: blank(city), countryCode: blank(country) };
}

export function customerFromVisma(c: VismaCustomer): AccCustomer {
  const { notes, ref } = splitNote(c.Note);
  return {
    number: c.CustomerNumber,
    externalRef: ref,
    modifiedAt: utc(c.ChangedUtc),
    name: c.Name,
    type: c.IsPrivatePerson ? 'private' : 'company',
    organisationNumber: blank(c.CorporateIdentityNumber),
    active: c.IsActive !== false,
    address: address(c.InvoiceAddress1, c.InvoiceAddress2, c.InvoicePostalCode, c.InvoiceCity, c.InvoiceCountryCode),
    deliveryAddress: address(c.DeliveryAddress1, c.DeliveryAddress2, c.DeliveryPostalCode, c.DeliveryCity, c.DeliveryCountryCode),
    phone1: blank(c.Telephone),
    phone2: blank(c.MobilePhone),
    email: blank(c.EmailAddress),
    emailInvoice: blank(c.EmailAddresses?.[0]),
    www: blank(c.WwwAddress),
    fax: null,
    yourReference: blank(c.ContactPersonName),
    ourReference: null,
    notes,
    termsOfPayment: blank(c.TermsOfPaymentId),
    termsOfDelivery: blank(c.DeliveryTermId),
    currency: c.CurrencyCode ?? 'SEK',
    priceList: null,
    invoiceDiscountBasisPoints: c.DiscountPercentage ? basisPointsFromFraction(c.DiscountPercentage) : null,
    invoiceAdministrationFeeOre: null,
    invoiceFreightOre: null,
    vatType: vatTypeOf(c),
    salesAccount: null,
    costCenter: null,
    project: null,
    defaultDelivery: c.ElectronicAddress ? 'einvoice' : c.EmailAddress ? 'email' : null,
    invoiceTemplate: null,
  };
}

/**
 * The PUT/POST body: Visma's PUT replaces the whole customer, so the current document is the
 * starting point and only what the portal manages is overwritten.
 */
export function customerToVisma(
  fields: CustomerFields & { number?: string },
  current: VismaCustomer | null,
  ref: string | null,
  defaultTermsId: string,
): Record<string, unknown> {
  const { ref: currentRef } = splitNote(current?.Note);
  return {
    ...(current ?? {}),
    CustomerNumber: fields.number ?? current?.CustomerNumber ?? undefined,
    Name: fields.name,
    IsPrivatePerson: fields.type === 'private',
    CorporateIdentityNumber: fields.organisationNumber,
    IsActive: fields.active,
    InvoiceAddress1: fields.address.address1,
    InvoiceAddress2: fields.address.address2,
    InvoicePostalCode: fields.address.zipCode,
    InvoiceCity: fields.address.city,
    InvoiceCountryCode: fields.address.countryCode ?? 'SE',
    DeliveryAddress1: fields.deliveryAddress.address1,
    DeliveryAddress2: fields.deliveryAddress.address2,
    DeliveryPostalCode: fields.deliveryAddress.zipCode,
    DeliveryCity: fields.deliveryAddress.city,
    DeliveryCountryCode: fields.deliveryAddress.countryCode,
    Telephone: fields.phone1,
    MobilePhone: fields.phone2,
    EmailAddress: fields.email,
    EmailAddresses: fields.emailInvoice ? [fields.emailInvoice] : [],
    WwwAddress: fields.www,
    ContactPersonName: fields.yourReference,
    Note: joinNote(fields.notes, ref ?? currentRef),
    TermsOfPaymentId: fields.termsOfPayment ?? current?.TermsOfPaymentId ?? defaultTermsId,
    DeliveryTermId: fields.termsOfDelivery,
    CurrencyCode: fields.currency || 'SEK',
    DiscountPercentage: fields.invoiceDiscountBasisPoints ? fractionFromBasisPoints(fields.invoiceDiscountBasisPoints) : 0,
    ReverseChargeOnConstructionServices: fields.vatType === 'SEREVERSEDVAT',
  };
}

// ── Articles ────────────────────────────────────────────────────────────────

export function articleFromVisma(a: VismaArticle, refs: VismaRefs): AccArticle {
  const coding = refs.codings.find((c) => c.Id === a.CodingId);
  const unit = refs.units.find((u) => u.Id === a.UnitId);
  return {
    number: a.Number,
    externalRef: null,
    modifiedAt: utc(a.ChangedUtc),
    description: a.Name,
    type: coding?.Type === 'Goods' || a.IsStock ? 'STOCK' : 'SERVICE',
    unit: unit?.Abbreviation ?? null,
    active: a.IsActive !== false,
    discontinued: false,
    ean: blank(a.Barcodes?.[0]?.Barcode),
    manufacturer: null,
    manufacturerArticleNumber: null,
    supplierNumber: null,
    stockItem: a.IsStock === true,
    stockPlace: blank(a.StockLocationReference),
    stockQuantityHundredths: a.IsStock ? hundredthsFrom(a.StockBalance) : null,
    disposableQuantityHundredths: a.IsStock ? hundredthsFrom(a.StockBalanceAvailable) : null,
    orderPointHundredths: null,
    stockValueOre: a.IsStock ? oreFromSek(a.StockValue) : null,
    salesAccountSe: null,
    salesAccountEu: null,
    salesAccountExport: null,
    purchaseAccount: null,
    vatPercent: percentFromFraction(coding?.VatRatePercent),
    salesPriceOre: a.NetPrice === null || a.NetPrice === undefined ? null : oreFromSek(a.NetPrice),
    purchasePriceOre: a.PurchasePrice ? oreFromSek(a.PurchasePrice) : null,
    widthMm: null,
    heightMm: null,
    depthMm: null,
    weightGrams: null,
    notes: null,
  };
}

// ── Invoices ────────────────────────────────────────────────────────────────

/** Visma's SendType as the simulator and the API use it. */
const SEND_TYPES: Record<number, InvoiceDeliveryMethod> = { 1: 'email', 2: 'einvoice', 3: 'print' };

export function rowFromVisma(r: VismaInvoiceRow, refs: VismaRefs): DocumentRow {
  return {
    articleNumber: blank(r.ArticleNumber),
    description: r.Text ?? '',
    quantityHundredths: hundredthsFrom(r.Quantity),
    unit: blank(r.UnitAbbreviation),
    priceOre: oreFromSek(r.UnitPrice),
    vatPercent: percentFromFraction(r.PercentVat),
    discountBasisPoints: basisPointsFromFraction(r.DiscountPercentage),
    costCenter: refs.costCenterItems.find((i) => i.Id === r.CostCenterItemId1)?.ShortName ?? null,
    project: refs.projects.find((p) => p.Id === r.ProjectId)?.Number ?? null,
  };
}

export function invoiceFromVisma(
  v: VismaInvoice,
  refs: VismaRefs,
  context: {
    credited: boolean;
    creditedInvoiceNumber: string | null;
    payments: InvoicePayment[];
    /** The portal's reference from its own record (../accounting/request-journal.ts), when it made the invoice. */
    externalRef: string | null;
  },
): AccInvoice {
  const totalOre = oreFromSek(v.TotalAmount);
  const vatOre = oreFromSek(v.TotalVatAmount);
  const roundingOre = oreFromSek(v.TotalRoundings);
  return {
    number: String(v.InvoiceNumber),
    externalRef: context.externalRef,
    customerNumber: v.CustomerNumber ?? '',
    customerName: v.InvoiceCustomerName ?? '',
    invoiceDate: day(v.InvoiceDate) as string,
    dueDate: day(v.DueDate),
    termsOfPayment: blank(v.TermsOfPaymentId),
    invoiceType: 'INVOICE',
    currency: v.CurrencyCode ?? 'SEK',
    yourReference: blank(v.YourReference),
    ourReference: blank(v.OurReference),
    remarks: null,
    costCenter: null,
    project: null,
    rows: (v.Rows ?? []).map((r) => rowFromVisma(r, refs)),
    ocr: blank(v.PaymentReferenceNumber),
    netOre: totalOre - vatOre - roundingOre,
    vatOre,
    totalOre,
    balanceOre: oreFromSek(v.RemainingAmount),
    // eEkonomi bookkeeps an invoice when its draft is converted.
    booked: true,
    cancelled: false,
    sent: v.IsNotDelivered === false,
    isCredit: v.IsCreditInvoice === true,
    creditedInvoiceNumber: context.creditedInvoiceNumber,
    credited: context.credited,
    voucherNumbers: v.VoucherNumber ? [v.VoucherNumber] : [],
    deliveryMethod: v.IsNotDelivered === false ? (SEND_TYPES[v.SendType ?? 0] ?? null) : null,
    contractNumber: null,
    payments: context.payments,
    modifiedAt: utc(v.ModifiedUtc),
  };
}

/**
 * The payment voucher Visma books for `POST customerinvoices/{id}/payments`: what it received is
 * what it credited the receivables account 1510.
 */
/** What a voucher credited the receivables account 1510 (öre). */
export function receivedOre(v: VismaVoucher): number {
  return (v.Rows ?? [])
    .filter((r) => r.AccountNumber === RECEIVABLES_ACCOUNT)
    .reduce((sum, r) => sum + oreFromSek(r.CreditAmount) - oreFromSek(r.DebitAmount), 0);
}

/**
 * What a voucher debited one ledger account (öre): for a payment, the bank account it was recorded
 * to (definitions.InvoicePaymentApi.CompanyBankAccountId, whose BankAccountApi.LedgerAccountNumber
 * the voucher books the money on).
 */
export function debitedOre(v: VismaVoucher, accountNumber: number): number {
  return (v.Rows ?? [])
    .filter((r) => r.AccountNumber === accountNumber)
    .reduce((sum, r) => sum + oreFromSek(r.DebitAmount) - oreFromSek(r.CreditAmount), 0);
}

/** A voucher that takes money off receivables: a payment (or a settlement) of an invoice. */
export const isPaymentVoucher = (v: VismaVoucher): boolean => receivedOre(v) > 0;

export function paymentFromVoucher(v: VismaVoucher, invoiceNumber: string): InvoicePayment {
  const received = receivedOre(v);
  return {
    number: v.NumberAndNumberSeries ?? v.Id,
    invoiceNumber,
    paymentDate: day(v.VoucherDate) as string,
    amountOre: received,
    modifiedAt: utc(v.ModifiedUtc),
  };
}

export function voucherFromVisma(v: VismaVoucher): AccVoucher {
  const series = v.NumberSeries ?? '';
  const full = v.NumberAndNumberSeries ?? v.Id;
  return {
    series,
    number: series && full.startsWith(series) ? full.slice(series.length) : full,
    year: null,
    date: day(v.VoucherDate) as string,
    description: v.VoucherText ?? '',
    amountOre: (v.Rows ?? []).reduce((sum, r) => sum + oreFromSek(r.DebitAmount), 0),
    transactionRef: blank(v.SourceId),
    rows: (v.Rows ?? []).map((r) => ({
      account: String(r.AccountNumber),
      debitOre: oreFromSek(r.DebitAmount),
      creditOre: oreFromSek(r.CreditAmount),
      description: blank(r.TransactionText),
    })),
    reversesVoucher: VISMA_REVERSAL_TEXT.exec(v.VoucherText ?? '')?.[1] ?? null,
    books: VISMA_VOUCHER_BOOKS[v.VoucherType ?? -1] ?? null,
    modifiedAt: utc(v.ModifiedUtc),
  };
}

/**
 * The voucher types (definitions.VoucherApi.VoucherType) of vouchers Visma eEkonomi books from a
 * customer invoice (14, 15, quick invoices 23, 24) or a supplier invoice (12, 13, quick 25, 26).
 */
const VISMA_VOUCHER_BOOKS: Record<number, VoucherBooks> = {
  12: 'supplier_invoice',
  13: 'supplier_invoice',
  25: 'supplier_invoice',
  26: 'supplier_invoice',
  14: 'customer_invoice',
  15: 'customer_invoice',
  23: 'customer_invoice',
  24: 'customer_invoice',
};

/**
 * A reversing voucher's text (Visma's voucher has no other free field, VoucherText at most 100
 * characters): the voucher it reverses and the portal's reference, for the look-up after a lost answer.
 */
export const VISMA_REVERSAL_TEXT = /^Rättelse av (\S+ \d+) \(Fairway (\S+)\)$/;
export const vismaReversalText = (reverses: string, externalRef: string) => `Rättelse av ${reverses} (Fairway ${externalRef})`;

export function supplierFromVisma(s: VismaSupplier): AccSupplier {
  return {
    number: s.SupplierNumber ?? s.Id,
    name: s.Name,
    organisationNumber: blank(s.CorporateIdentityNumber),
    address: address(s.Address1, s.Address2, s.PostalCode, s.City, s.CountryCode),
    email: blank(s.EmailAddress),
    phone: blank(s.Telephone),
    bankgiro: blank(s.BankgiroNumber),
    plusgiro: blank(s.PlusgiroNumber),
    bankAccount: blank(s.BankAccountNumber) ?? blank(s.BankIban),
    currency: blank(s.CurrencyCode),
    active: s.IsActive !== false,
    modifiedAt: utc(s.ModifiedUtc),
  };
}

/** A supplier invoice: Visma registers it booked (drafts are another resource); its number is Visma's id. */
export function supplierInvoiceFromVisma(i: VismaSupplierInvoice): AccSupplierInvoice {
  const sign = i.IsCreditInvoice ? -1 : 1;
  return {
    number: i.Id,
    supplierNumber: i.SupplierNumber ?? i.SupplierId,
    supplierName: blank(i.SupplierName),
    invoiceNumber: blank(i.InvoiceNumber),
    ocr: blank(i.OcrNumber),
    bankAccount: blank(i.BankGiroNumber) ?? blank(i.PlusGiroNumber),
    invoiceDate: day(i.InvoiceDate) ?? '',
    dueDate: day(i.DueDate),
    currency: i.CurrencyCode ?? 'SEK',
    totalOre: sign * Math.abs(oreFromSek(i.TotalAmount)),
    vatOre: i.Vat === undefined || i.Vat === null ? null : sign * Math.abs(oreFromSek(i.Vat)),
    comments: blank(i.Message),
    rows: (i.Rows ?? []).map((r) => ({
      account: r.AccountNumber === undefined || r.AccountNumber === null ? null : String(r.AccountNumber),
      articleNumber: null,
      description: blank(r.TransactionText),
      amountOre: oreFromSek(r.DebetAmount) - oreFromSek(r.CreditAmount),
    })),
    booked: true,
    cancelled: false,
    credit: Boolean(i.IsCreditInvoice),
    modifiedAt: utc(i.ModifiedUtc),
  };
}

export function orderFromVisma(o: VismaOrder, customerNumber: string): AccOrder {
  return {
    number: String(o.Number),
    customerNumber,
    customerName: o.InvoiceCustomerName ?? '',
    orderDate: day(o.OrderDate) as string,
    // Visma's order has one reference field, the customer's: it carries their order number too.
    yourReference: blank(o.YourReference),
    yourOrderNumber: null,
    currency: o.CurrencyCode ?? 'SEK',
    totalOre: oreFromSek(o.Amount) + oreFromSek(o.VatAmount) + oreFromSek(o.RoundingsAmount),
    vatOre: oreFromSek(o.VatAmount),
    rows: (o.Rows ?? [])
      .filter((r) => !r.IsTextRow)
      .map((r) => ({
        articleNumber: blank(r.ArticleNumber),
        description: r.Text ?? '',
        quantityHundredths: Math.round((r.Quantity ?? 0) * 100),
        unit: null,
        priceOre: oreFromSek(r.UnitPrice),
        vatPercent: 0,
        discountBasisPoints: Math.round((r.DiscountPercentage ?? 0) * 10_000),
        costCenter: null,
        project: null,
      })),
    remarks: null,
    cancelled: false,
    invoiced: o.Status === 4,
    modifiedAt: utc(o.ModifiedUtc),
  };
}

export function companyFromVisma(c: VismaCompanySettings): AccCompany {
  return {
    name: c.Name,
    organisationNumber: blank(c.CorporateIdentityNumber),
    address: address(c.Address1, c.Address2, c.PostalCode, c.City, c.CountryCode),
    email: blank(c.Email),
    phone: blank(c.Phone),
    databaseNumber: blank(c.CompanyIdentifier),
  };
}

export function articleToVisma(
  fields: ArticleFields & { number: string },
  current: VismaArticle | null,
  ids: { codingId: string; unitId: string },
): Record<string, unknown> {
  return {
    ...(current ?? {}),
    Number: fields.number,
    Name: fields.description,
    IsActive: fields.active && !fields.discontinued,
    NetPrice: sekFromOre(fields.salesPriceOre ?? 0),
    PurchasePrice: sekFromOre(fields.purchasePriceOre ?? 0),
    CodingId: ids.codingId,
    UnitId: ids.unitId,
    IsStock: fields.stockItem,
    StockBalance:
      fields.stockQuantityHundredths === null ? (current?.StockBalance ?? 0) : fromHundredths(fields.stockQuantityHundredths),
    StockLocationReference: fields.stockPlace,
    Barcodes: fields.ean ? [{ Barcode: fields.ean, BarcodeType: 1 }] : [],
  };
}
