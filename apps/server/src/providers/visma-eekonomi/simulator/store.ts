import { randomUUID } from 'node:crypto';

/**
 * The simulated eEkonomi company, held in memory in Visma's own JSON shapes (PascalCase, amounts
 * as SEK decimals, VAT and discounts as fractions), so the HTTP layer answers stored objects as
 * they are and the client's mapping is exercised against the real field names.
 */

export interface VUnit {
  Id: string;
  Name: string;
  Code: string;
  Abbreviation: string;
}

export interface VTermsOfPayment {
  Id: string;
  Name: string;
  NameEnglish: string;
  NumberOfDays: number;
  TermsOfPaymentTypeId: number;
  TermsOfPaymentTypeText: string;
  AvailableForSales: boolean;
  AvailableForPurchase: boolean;
}

export interface VDeliveryTerm {
  Id: string;
  Name: string;
  Code: string;
}

export interface VCostCenterItem {
  Id: string;
  CostCenterId: string;
  Name: string;
  ShortName: string;
  IsActive: boolean;
  CreatedUtc: string;
}

export interface VCostCenter {
  Id: string;
  Number: number;
  Name: string;
  IsActive: boolean;
  Items: VCostCenterItem[];
}

export interface VProject {
  Id: string;
  Number: string;
  Name: string;
  StartDate: string;
  EndDate: string | null;
  CustomerId: string | null;
  CustomerName: string | null;
  Notes: string | null;
  Status: number;
  ModifiedUtc: string;
}

export interface VArticleLabel {
  Id: string;
  Name: string;
  Description: string | null;
}

/** Article account coding: decides VAT rate and sales accounts of an article. */
export interface VArticleAccountCoding {
  Id: string;
  Name: string;
  NameEnglish: string;
  /** `Goods` or `Service`. */
  Type: string;
  VatRate: string;
  /** A fraction: 0.25 for 25 %. */
  VatRatePercent: number;
  IsActive: boolean;
  DomesticSalesSubjectToVatAccountNumber: number;
  ForeignSalesSubjectToVatWithinEuAccountNumber: number;
  ForeignSalesVatExemptOutsideEuAccountNumber: number;
  ChangedUtc: string;
}

export interface VCustomer {
  Id: string;
  CustomerNumber: string;
  CorporateIdentityNumber: string | null;
  Name: string;
  IsPrivatePerson: boolean;
  IsActive: boolean;
  EmailAddress: string | null;
  EmailAddresses: string[];
  Telephone: string | null;
  MobilePhone: string | null;
  WwwAddress: string | null;
  InvoiceAddress1: string | null;
  InvoiceAddress2: string | null;
  InvoicePostalCode: string;
  InvoiceCity: string;
  InvoiceCountryCode: string;
  DeliveryCustomerName: string | null;
  DeliveryAddress1: string | null;
  DeliveryAddress2: string | null;
  DeliveryPostalCode: string | null;
  DeliveryCity: string | null;
  DeliveryCountryCode: string | null;
  DeliveryTermId: string | null;
  ContactPersonName: string | null;
  ContactPersonEmail: string | null;
  ContactPersonPhone: string | null;
  Note: string | null;
  TermsOfPaymentId: string;
  TermsOfPayment: VTermsOfPayment | null;
  CurrencyCode: string;
  DiscountPercentage: number;
  VatNumber: string | null;
  ReverseChargeOnConstructionServices: boolean;
  ElectronicAddress: string | null;
  ElectronicReference: string | null;
  /** The language of the customer's invoices and credit notes (`sv`, `en`, …); null: the company's. */
  SalesDocumentLanguage?: string | null;
  LastInvoiceDate: string | null;
  ChangedUtc: string;
}

export interface VArticle {
  Id: string;
  Number: string;
  Name: string;
  NameEnglish: string | null;
  IsActive: boolean;
  NetPrice: number;
  GrossPrice: number;
  CodingId: string;
  CodingName: string;
  UnitId: string;
  UnitName: string;
  UnitAbbreviation: string;
  StockBalance: number;
  StockBalanceReserved: number;
  StockBalanceAvailable: number;
  StockValue: number;
  PurchasePrice: number;
  IsStock: boolean;
  StockLocationReference: string | null;
  Barcodes: { Barcode: string; BarcodeType: number }[];
  ArticleLabels: VArticleLabel[];
  CreatedUtc: string;
  ChangedUtc: string;
}

export interface VDraftRow {
  Id: string;
  LineNumber: number;
  ArticleId: string | null;
  ArticleNumber: string | null;
  IsTextRow: boolean;
  Text: string;
  UnitPrice: number;
  /** A fraction: 0.1 for 10 %. */
  DiscountPercentage: number;
  Quantity: number;
  UnitAbbreviation: string | null;
  UnitName: string | null;
  VatRateId: string | null;
  CostCenterItemId1: string | null;
  CostCenterItemId2: string | null;
  CostCenterItemId3: string | null;
  ProjectId: string | null;
  /** Required by the contract (definitions.CustomerInvoiceDraftRowApi.required). */
  ReversedConstructionServicesVatFree: boolean;
}

export interface VDraft {
  Id: string;
  CustomerId: string;
  CustomerNumber: string;
  IsCreditInvoice: boolean;
  /**
   * Not a property of definitions.CustomerInvoiceDraftApi, so never read from a body: set only by
   * crediting in Visma's own screens (operations.ts, creditInVisma), and read-only on the invoice.
   */
  ReferringInvoiceId: string | null;
  Rows: VDraftRow[];
  YourReference: string | null;
  OurReference: string | null;
  BuyersOrderReference: string | null;
  ElectronicReference: string | null;
  InvoiceCustomerName: string;
  InvoiceAddress1: string | null;
  InvoiceAddress2: string | null;
  InvoicePostalCode: string;
  InvoiceCity: string;
  InvoiceCountryCode: string;
  InvoiceCurrencyCode: string;
  DeliveryCustomerName: string | null;
  DeliveryAddress1: string | null;
  DeliveryAddress2: string | null;
  DeliveryPostalCode: string | null;
  DeliveryCity: string | null;
  DeliveryCountryCode: string | null;
  CustomerIsPrivatePerson: boolean;
  /** Required by the contract (definitions.CustomerInvoiceDraftApi.required); 0 = Normal. */
  RotReducedInvoicingType: number;
  EuThirdParty: boolean;
  InvoiceDate: string;
  DeliveryDate: string | null;
  TotalAmount: number;
  TotalVatAmount: number;
  TotalRoundings: number;
  TotalAmountBaseCurrency: number;
  TotalVatAmountBaseCurrency: number;
  IncludesVat: boolean;
  CreatedUtc: string;
  ModifiedUtc: string;
}

export interface VInvoiceRow {
  Id: string;
  LineNumber: number;
  ArticleId: string | null;
  ArticleNumber: string | null;
  IsTextRow: boolean;
  Text: string;
  UnitPrice: number;
  DiscountPercentage: number;
  Quantity: number;
  AmountNoVat: number;
  /** A fraction: 0.25 for 25 %. */
  PercentVat: number;
  UnitAbbreviation: string | null;
  UnitId: string | null;
  IsVatFree: boolean;
  CostCenterItemId1: string | null;
  CostCenterItemId2: string | null;
  CostCenterItemId3: string | null;
  ProjectId: string | null;
}

export interface VInvoice {
  Id: string;
  InvoiceNumber: number;
  CustomerId: string;
  CustomerNumber: string;
  InvoiceCustomerName: string;
  CustomerIsPrivatePerson: boolean;
  CustomerEmail: string | null;
  /** Required by the contract (definitions.CustomerInvoiceApi.required). */
  EuThirdParty: boolean;
  RotReducedInvoicingType: number;
  IsCreditInvoice: boolean;
  ReferringInvoiceId: string | null;
  CreatedFromDraftId: string | null;
  CurrencyCode: string;
  CurrencyRate: number;
  Rows: VInvoiceRow[];
  VatSpecification: { AmountInvoiceCurrency: number; VatAmountInvoiceCurrency: number; VatPercent: number }[];
  InvoiceDate: string;
  DueDate: string;
  DeliveryDate: string | null;
  TermsOfPaymentId: string;
  YourReference: string | null;
  OurReference: string | null;
  BuyersOrderReference: string | null;
  ElectronicReference: string | null;
  InvoiceAddress1: string | null;
  InvoiceAddress2: string | null;
  InvoicePostalCode: string;
  InvoiceCity: string;
  InvoiceCountryCode: string;
  TotalAmount: number;
  TotalVatAmount: number;
  TotalRoundings: number;
  TotalAmountInvoiceCurrency: number;
  TotalVatAmountInvoiceCurrency: number;
  SetOffAmountInvoiceCurrency: number;
  RemainingAmount: number;
  RemainingAmountInvoiceCurrency: number;
  PaymentReferenceNumber: string;
  /** 0 none, 1 e-mail, 2 e-invoice (Autoinvoice), 3 print — see SEND_TYPE. */
  SendType: number;
  IsNotDelivered: boolean;
  HasAutoInvoiceError: boolean;
  PaymentReminderIssued: boolean;
  VoucherNumber: string;
  VoucherId: string;
  IncludesVat: boolean;
  CreatedUtc: string;
  ModifiedUtc: string;
  /**
   * The payments registered on it, as posted (definitions.InvoicePaymentApi). The contract has no
   * endpoint that lists them; the simulator keeps them to answer the payment and book its voucher.
   */
  Payments: VPayment[];
}

/** A payment as `POST customerinvoices/{id}/payments` takes and answers it (definitions.InvoicePaymentApi). */
export interface VPayment {
  CompanyBankAccountId: string;
  PaymentDate: string;
  Reference: string | null;
  PaymentAmount: number;
  PaymentCurrency: string;
  DomesticPaymentAmount: number | null;
  BankFeeAmount: number | null;
  /** 1 = PartialPayment, 2 = CompletePayment, 3 = Rounding. */
  PaymentType: number;
  FactoringFeeAmount: number | null;
  FactoringFeeAccountNumber: number | null;
  /** The voucher it was booked on (the simulator's own link; not in the answer). */
  VoucherId: string;
}

/** definitions.BankAccountApi (`GET /v2/bankaccounts`). */
export interface VBankAccount {
  Id: string;
  Name: string;
  /** 1 = ChequeAccount, 2 = CashAccount, 3 = SavingsAccount, 4 = CurrencyAccount, … */
  BankAccountType: number;
  BankAccountTypeDescription: string;
  Bban: string | null;
  Iban: string | null;
  Bank: string | null;
  IsActive: boolean;
  LedgerAccountNumber: number;
  HasActiveBankAgreement: boolean;
  /** "Only used when having several cheque accounts". */
  IsDefaultChequeAccount: boolean;
}

export const SEND_TYPE = { none: 0, email: 1, einvoice: 2, print: 3 } as const;

export interface VVoucherRow {
  AccountNumber: number;
  AccountDescription: string;
  DebitAmount: number;
  CreditAmount: number;
  TransactionText: string | null;
  CostCenterItemId1: string | null;
  ProjectId: string | null;
}

export interface VVoucher {
  Id: string;
  VoucherDate: string;
  VoucherText: string;
  NumberSeries: string;
  NumberAndNumberSeries: string;
  /**
   * Voucher types as the contract numbers them (definitions.VoucherApi.VoucherType); its enum
   * names no type for a customer payment, so payment vouchers carry none (null).
   */
  VoucherType: number | null;
  /** The document the voucher was made from (invoice, payment's invoice). */
  SourceId: string | null;
  Rows: VVoucherRow[];
  CreatedUtc: string;
  ModifiedUtc: string;
}

/** definitions.VoucherApi.VoucherType: 2 = ManualVoucher, 14 = CustomerInvoiceDebit, 15 = CustomerInvoiceCredit. */
export const VOUCHER_TYPE = { manual: 2, customerInvoiceDebit: 14, customerInvoiceCredit: 15 } as const;

export interface VOrder {
  Id: string;
  Number: number;
  CustomerId: string;
  InvoiceCustomerName: string;
  CurrencyCode: string;
  Amount: number;
  VatAmount: number;
  RoundingsAmount: number;
  OrderDate: string;
  DeliveryDate: string | null;
  /** 1 draft, 2 ongoing, 3 shipped, 4 invoiced. */
  Status: number;
  YourReference: string | null;
  OurReference: string | null;
  /** Required by the contract (definitions.OrderApi.required). */
  InvoicePostalCode: string;
  InvoiceCity: string;
  InvoiceCountryCode: string;
  EuThirdParty: boolean;
  CustomerIsPrivatePerson: boolean;
  RotReducedInvoicingType: number;
  ReverseChargeOnConstructionServices: boolean;
  Rows: {
    LineNumber: number;
    ArticleId: string;
    ArticleNumber: string;
    IsTextRow: boolean;
    Text: string;
    UnitPrice: number;
    Quantity: number;
    DiscountPercentage: number;
    /** Required by the contract (definitions.OrderRowApi.required). */
    IsWorkCost: boolean;
    EligibleForReverseChargeOnVat: boolean;
  }[];
  CreatedUtc: string;
  ModifiedUtc: string;
}

/** definitions.SupplierApi, the fields the simulator keeps (the rest answer empty). */
export interface VSupplier {
  Id: string;
  SupplierNumber: string;
  Name: string;
  CorporateIdentityNumber: string | null;
  Address1: string | null;
  Address2: string | null;
  PostalCode: string | null;
  City: string | null;
  CountryCode: string;
  EmailAddress: string | null;
  Telephone: string | null;
  BankgiroNumber: string | null;
  PlusgiroNumber: string | null;
  BankAccountNumber: string | null;
  BankIban: string | null;
  CurrencyCode: string;
  TermsOfPaymentId: string;
  UsesPaymentReferenceNumbers: boolean;
  IsActive: boolean;
  CreatedUtc: string;
  ModifiedUtc: string;
}

/** definitions.SupplierInvoiceRowApi. */
export interface VSupplierInvoiceRow {
  Id: string;
  AccountNumber: number;
  AccountName: string;
  DebetAmount: number;
  CreditAmount: number;
  TransactionText: string | null;
  LineNumber: number;
}

/** definitions.SupplierInvoiceApi: a supplier invoice is booked when registered (it has a voucher). */
export interface VSupplierInvoice {
  Id: string;
  SupplierId: string;
  SupplierName: string;
  SupplierNumber: string;
  InvoiceDate: string;
  DueDate: string;
  InvoiceNumber: string;
  TotalAmount: number;
  Vat: number;
  IsCreditInvoice: boolean;
  CurrencyCode: string;
  OcrNumber: string | null;
  Message: string | null;
  BankGiroNumber: string | null;
  PlusGiroNumber: string | null;
  RemainingAmount: number;
  VoucherNumber: string;
  VoucherId: string;
  Rows: VSupplierInvoiceRow[];
  CreatedUtc: string;
  ModifiedUtc: string;
}

export interface VCompanySettings {
  Name: string;
  Email: string;
  Phone: string;
  MobilePhone: string | null;
  Address1: string;
  Address2: string | null;
  CountryCode: string;
  PostalCode: string;
  City: string;
  Website: string | null;
  BankGiro: string;
  PlusGiro: string | null;
  CurrencyCode: string;
  TermsOfPaymentId: string;
  CorporateIdentityNumber: string;
  VatCode: string;
  UsesPaymentReferenceNumber: boolean;
  KeepOriginalDraftDate: boolean;
  ProductVariant: number;
  NextCustomerNumber: number;
  NextCustomerInvoiceNumber: number;
  CompanyIdentifier: string;
  DomesticCurrencyRounding: number;
}

export interface VismaStore {
  company: VCompanySettings;
  units: VUnit[];
  termsOfPayment: VTermsOfPayment[];
  deliveryTerms: VDeliveryTerm[];
  costCenters: VCostCenter[];
  projects: VProject[];
  articleLabels: VArticleLabel[];
  codings: VArticleAccountCoding[];
  bankAccounts: VBankAccount[];
  customers: Map<string, VCustomer>;
  articles: Map<string, VArticle>;
  drafts: Map<string, VDraft>;
  invoices: Map<string, VInvoice>;
  vouchers: Map<string, VVoucher>;
  orders: Map<string, VOrder>;
  suppliers: Map<string, VSupplier>;
  supplierInvoices: Map<string, VSupplierInvoice>;
  nextVoucherNumber: Record<string, number>;
  /** Every API request answered (or dropped), oldest first; tests read it. */
  requestLog: { method: string; path: string; status: number }[];
  /** The simulator's clock; tests may move it. */
  now: () => Date;
}

export function createEmptyStore(now: () => Date): VismaStore {
  const created = now().toISOString();
  const units: VUnit[] = [
    { Id: randomUUID(), Name: 'Styck', Code: 'PCS', Abbreviation: 'st' },
    { Id: randomUUID(), Name: 'Timme', Code: 'HUR', Abbreviation: 'tim' },
    { Id: randomUUID(), Name: 'Förpackning', Code: 'PK', Abbreviation: 'förp' },
    { Id: randomUUID(), Name: 'Kilogram', Code: 'KGM', Abbreviation: 'kg' },
    { Id: randomUUID(), Name: 'Portion', Code: 'PTN', Abbreviation: 'port' },
  ];
  const terms = (days: number, name: string, english: string): VTermsOfPayment => ({
    Id: randomUUID(),
    Name: name,
    NameEnglish: english,
    NumberOfDays: days,
    TermsOfPaymentTypeId: days === 0 ? 2 : 0,
    TermsOfPaymentTypeText: days === 0 ? 'Kontant' : 'Normal',
    AvailableForSales: true,
    AvailableForPurchase: true,
  });
  const termsOfPayment = [
    terms(30, '30 dagar netto', '30 days net'),
    terms(10, '10 dagar netto', '10 days net'),
    terms(15, '15 dagar netto', '15 days net'),
    terms(20, '20 dagar netto', '20 days net'),
    terms(0, 'Kontant', 'Cash'),
  ];
  const coding = (name: string, english: string, type: string, vat: number, account: number): VArticleAccountCoding => ({
    Id: randomUUID(),
    Name: name,
    NameEnglish: english,
    Type: type,
    VatRate: `${Math.round(vat * 100)}%`,
    VatRatePercent: vat,
    IsActive: true,
    DomesticSalesSubjectToVatAccountNumber: account,
    ForeignSalesSubjectToVatWithinEuAccountNumber: 3108,
    ForeignSalesVatExemptOutsideEuAccountNumber: 3105,
    ChangedUtc: created,
  });
  const codings = [
    coding('Varor 25 %', 'Goods 25 %', 'Goods', 0.25, 3001),
    coding('Varor 12 %', 'Goods 12 %', 'Goods', 0.12, 3002),
    coding('Varor 6 %', 'Goods 6 %', 'Goods', 0.06, 3003),
    coding('Tjänster 25 %', 'Services 25 %', 'Service', 0.25, 3041),
    coding('Tjänster 12 %', 'Services 12 %', 'Service', 0.12, 3042),
    coding('Tjänster 6 %', 'Services 6 %', 'Service', 0.06, 3043),
    coding('Momsfri försäljning', 'VAT exempt sales', 'Service', 0, 3004),
  ];
  return {
    company: {
      Name: 'Företaget AB',
      Email: 'info@example.se',
      Phone: '08-000 00 00',
      MobilePhone: null,
      Address1: 'Storgatan 1',
      Address2: null,
      CountryCode: 'SE',
      PostalCode: '111 11',
      City: 'Stockholm',
      Website: null,
      BankGiro: '5050-1055',
      PlusGiro: null,
      CurrencyCode: 'SEK',
      TermsOfPaymentId: termsOfPayment[0]?.Id as string,
      CorporateIdentityNumber: '556677-8899',
      VatCode: 'SE556677889901',
      UsesPaymentReferenceNumber: true,
      KeepOriginalDraftDate: true,
      ProductVariant: 1,
      NextCustomerNumber: 1,
      NextCustomerInvoiceNumber: 1,
      CompanyIdentifier: randomUUID(),
      DomesticCurrencyRounding: 1,
    },
    units,
    termsOfPayment,
    deliveryTerms: [
      { Id: randomUUID(), Name: 'Fritt vårt lager', Code: 'FVL' },
      { Id: randomUUID(), Name: 'Fritt kunds lager', Code: 'FKL' },
    ],
    costCenters: [],
    projects: [],
    articleLabels: [],
    codings,
    bankAccounts: defaultBankAccounts(),
    customers: new Map(),
    articles: new Map(),
    drafts: new Map(),
    invoices: new Map(),
    vouchers: new Map(),
    orders: new Map(),
    suppliers: new Map(),
    supplierInvoices: new Map(),
    nextVoucherNumber: { A: 1, B: 1, C: 1 },
    requestLog: [],
    now,
  };
}

/** A new company's bank account: one cheque account on 1930, the default. */
export function defaultBankAccounts(): VBankAccount[] {
  return [
    {
      Id: randomUUID(),
      Name: 'Företagskonto',
      BankAccountType: 1,
      BankAccountTypeDescription: 'Checkkonto',
      Bban: '5000-123 456 789',
      Iban: null,
      Bank: null,
      IsActive: true,
      LedgerAccountNumber: 1930,
      HasActiveBankAgreement: false,
      IsDefaultChequeAccount: true,
    },
  ];
}

/** SEK decimal → öre integer, and back; the simulator computes in öre to avoid float drift. */
export const toOre = (sek: number): number => Math.round(sek * 100);
export const toSek = (ore: number): number => ore / 100;

export interface Totals {
  netOre: number;
  vatOre: number;
  roundingOre: number;
  totalOre: number;
  perRate: Map<number, { netOre: number; vatOre: number }>;
  rowNetOre: number[];
}

/**
 * Row net = price × quantity × (1 − discount), rounded to öre; VAT is computed once per rate on
 * the sum of that rate's rows (not per row), and the total is rounded to whole kronor with the
 * difference in TotalRoundings — how Swedish invoices are totalled.
 */
export function computeTotals(
  rows: { UnitPrice: number; Quantity: number; DiscountPercentage: number; IsTextRow: boolean; vat: number }[],
): Totals {
  const perRate = new Map<number, { netOre: number; vatOre: number }>();
  const rowNetOre: number[] = [];
  for (const row of rows) {
    if (row.IsTextRow) {
      rowNetOre.push(0);
      continue;
    }
    const net = Math.round(toOre(row.UnitPrice) * row.Quantity * (1 - row.DiscountPercentage));
    rowNetOre.push(net);
    const key = Math.round(row.vat * 100);
    const bucket = perRate.get(key) ?? { netOre: 0, vatOre: 0 };
    bucket.netOre += net;
    perRate.set(key, bucket);
  }
  let netOre = 0;
  let vatOre = 0;
  for (const [rate, bucket] of perRate) {
    bucket.vatOre = Math.round((bucket.netOre * rate) / 100);
    netOre += bucket.netOre;
    vatOre += bucket.vatOre;
  }
  const gross = netOre + vatOre;
  // Half away from zero, so a credit note rounds exactly like the invoice it mirrors.
  const totalOre = Math.sign(gross) * Math.round(Math.abs(gross) / 100) * 100;
  return { netOre, vatOre, roundingOre: totalOre - gross, totalOre, perRate, rowNetOre };
}

/** Swedish OCR reference: the digits, a length digit, then a Luhn (mod 10) check digit. */
export function ocrReference(base: string): string {
  const withLength = `${base}${(base.length + 2) % 10}`;
  let sum = 0;
  const digits = withLength.split('').reverse();
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return `${withLength}${(10 - (sum % 10)) % 10}`;
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d);
}

export function nextVoucher(store: VismaStore, series: string): { series: string; number: string } {
  const n = store.nextVoucherNumber[series] ?? 1;
  store.nextVoucherNumber[series] = n + 1;
  return { series, number: `${series}${n}` };
}
