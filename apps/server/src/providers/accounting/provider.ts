/**
 * The one interface the portal uses to talk to a club account's accounting program (docs/accounting.md#provider):
 * Fortnox (API v3), Visma eEkonomi (API v2) and Visma Administration (through the installed
 * connector). Each provider maps its own documents onto these shapes; the portal's mirror, its
 * routes and the GIT sync only ever see these.
 *
 * Conventions: amounts are integers in öre (SEK × 100), quantities in hundredths (1.5 → 150),
 * VAT as a whole percent (25, 12, 6, 0), dates `YYYY-MM-DD`, timestamps ISO 8601 UTC. Absent
 * values are `null`, never `''`. Document "numbers" are the provider's own keys (Fortnox
 * CustomerNumber/DocumentNumber, Visma's id); they are strings everywhere.
 */

export type ProviderId = 'fortnox' | 'visma_eekonomi' | 'visma_administration';

export interface ListQuery {
  /** 1-based. */
  page?: number;
  /** The provider caps it (Fortnox 500, Visma 1000, connector 500). */
  pageSize?: number;
  /** Only documents changed after this moment (incremental refresh of the mirror). */
  modifiedSince?: string;
}

export interface Page<T> {
  items: T[];
  page: number;
  totalPages: number;
  total: number;
}

/** A code list entry: unit, price list, cost centre, project, terms of payment/delivery, VAT type… */
export interface CodeItem {
  code: string;
  name: string;
  /** Terms of payment: days until due. */
  days?: number | null;
  active?: boolean;
}

export interface Address {
  address1: string | null;
  address2: string | null;
  zipCode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2, e.g. `SE`. */
  countryCode: string | null;
}

export interface AccCompany {
  name: string;
  organisationNumber: string | null;
  address: Address;
  email: string | null;
  phone: string | null;
  /** Provider-side database/tenant identity, shown on the integrations page. */
  databaseNumber: string | null;
}

export type CustomerType = 'company' | 'private';
export type VatType = 'SEVAT' | 'SEREVERSEDVAT' | 'EUREVERSEDVAT' | 'EUVAT' | 'EXPORT';

export interface CustomerFields {
  name: string;
  type: CustomerType;
  /** Organisation number (company) or personal identity number (private). */
  organisationNumber: string | null;
  active: boolean;
  address: Address;
  deliveryAddress: Address;
  phone1: string | null;
  phone2: string | null;
  email: string | null;
  /** Where invoices are e-mailed, when it differs from `email`. */
  emailInvoice: string | null;
  www: string | null;
  fax: string | null;
  yourReference: string | null;
  ourReference: string | null;
  notes: string | null;
  /** Invoice terms. */
  termsOfPayment: string | null;
  termsOfDelivery: string | null;
  currency: string;
  priceList: string | null;
  /** Percent × 100 (12.5 % → 1250). */
  invoiceDiscountBasisPoints: number | null;
  invoiceAdministrationFeeOre: number | null;
  invoiceFreightOre: number | null;
  vatType: VatType;
  salesAccount: string | null;
  costCenter: string | null;
  project: string | null;
  /** Default way to send invoices to this customer. */
  defaultDelivery: InvoiceDeliveryMethod | null;
  invoiceTemplate: string | null;
}

export interface AccCustomer extends CustomerFields {
  number: string;
  /** The portal's own reference, when the portal created it (idempotent creates). */
  externalRef: string | null;
  modifiedAt: string | null;
}

export type ArticleType = 'STOCK' | 'SERVICE';

export interface ArticleFields {
  description: string;
  type: ArticleType;
  unit: string | null;
  active: boolean;
  discontinued: boolean;
  ean: string | null;
  manufacturer: string | null;
  manufacturerArticleNumber: string | null;
  supplierNumber: string | null;
  stockItem: boolean;
  stockPlace: string | null;
  /** Hundredths. */
  stockQuantityHundredths: number | null;
  disposableQuantityHundredths: number | null;
  orderPointHundredths: number | null;
  stockValueOre: number | null;
  salesAccountSe: string | null;
  salesAccountEu: string | null;
  salesAccountExport: string | null;
  purchaseAccount: string | null;
  vatPercent: number;
  /** Default sales price ex VAT (price list A or the provider's default). */
  salesPriceOre: number | null;
  purchasePriceOre: number | null;
  /** Millimetres and grams. */
  widthMm: number | null;
  heightMm: number | null;
  depthMm: number | null;
  weightGrams: number | null;
  notes: string | null;
}

/** A service article (no stock, no dimensions): the fields a caller names, every other one empty. */
export function serviceArticle(
  fields: Pick<ArticleFields, 'description' | 'vatPercent' | 'salesPriceOre'> & Partial<ArticleFields>,
): ArticleFields {
  return {
    type: 'SERVICE',
    unit: null,
    active: true,
    discontinued: false,
    ean: null,
    manufacturer: null,
    manufacturerArticleNumber: null,
    supplierNumber: null,
    stockItem: false,
    stockPlace: null,
    stockQuantityHundredths: null,
    disposableQuantityHundredths: null,
    orderPointHundredths: null,
    stockValueOre: null,
    salesAccountSe: null,
    salesAccountEu: null,
    salesAccountExport: null,
    purchaseAccount: null,
    purchasePriceOre: null,
    widthMm: null,
    heightMm: null,
    depthMm: null,
    weightGrams: null,
    notes: null,
    ...fields,
  };
}

export interface AccArticle extends ArticleFields {
  number: string;
  externalRef: string | null;
  modifiedAt: string | null;
}

export type InvoiceDeliveryMethod = 'email' | 'einvoice' | 'externalprint' | 'print';
export type InvoiceType = 'INVOICE' | 'CASH';

export interface DocumentRow {
  articleNumber: string | null;
  description: string;
  /** Hundredths (1.5 → 150). */
  quantityHundredths: number;
  unit: string | null;
  /** Price per unit ex VAT. */
  priceOre: number;
  vatPercent: number;
  /** Basis points (10 % → 1000). */
  discountBasisPoints: number;
  costCenter: string | null;
  project: string | null;
}

export interface InvoiceFields {
  customerNumber: string;
  invoiceDate: string;
  dueDate: string | null;
  termsOfPayment: string | null;
  invoiceType: InvoiceType;
  currency: string;
  yourReference: string | null;
  ourReference: string | null;
  remarks: string | null;
  costCenter: string | null;
  project: string | null;
  rows: DocumentRow[];
}

export interface InvoicePayment {
  /** Provider's payment id/number. */
  number: string;
  invoiceNumber: string;
  paymentDate: string;
  amountOre: number;
  modifiedAt: string | null;
}

export interface AccInvoice extends InvoiceFields {
  number: string;
  externalRef: string | null;
  customerName: string;
  ocr: string | null;
  /** Totals as the provider computed them. */
  netOre: number;
  vatOre: number;
  totalOre: number;
  /** Left to pay. */
  balanceOre: number;
  booked: boolean;
  cancelled: boolean;
  sent: boolean;
  /** This invoice is a credit note… */
  isCredit: boolean;
  /** …of this invoice. */
  creditedInvoiceNumber: string | null;
  /** A credit note exists for this invoice. */
  credited: boolean;
  voucherNumbers: string[];
  deliveryMethod: InvoiceDeliveryMethod | null;
  /** The contract this invoice was created from. */
  contractNumber: string | null;
  payments: InvoicePayment[];
  modifiedAt: string | null;
}

export type ContractInterval = 1 | 3 | 6 | 12;

export interface ContractFields {
  customerNumber: string;
  contractDate: string;
  periodStart: string;
  periodEnd: string | null;
  /** Renews itself after periodEnd. */
  continuous: boolean;
  /** Contract length in months. */
  contractLength: number;
  /** Months between invoices. */
  invoiceInterval: ContractInterval;
  active: boolean;
  vatIncluded: boolean;
  termsOfPayment: string | null;
  yourReference: string | null;
  ourReference: string | null;
  remarks: string | null;
  costCenter: string | null;
  project: string | null;
  rows: DocumentRow[];
}

export interface AccContract extends Omit<ContractFields, 'contractDate'> {
  /** Null while only list items were read (Fortnox's contract list has no ContractDate). */
  contractDate: string | null;
  number: string;
  externalRef: string | null;
  customerName: string;
  /** Date of the latest invoice made from the contract. */
  lastInvoiceDate: string | null;
  /** Invoices made so far. */
  invoicesRemaining: number | null;
  /** The contract has been ended (Fortnox "finish"). */
  finished: boolean;
  totalOre: number;
  modifiedAt: string | null;
}

/** A voucher row: one account debited or credited. */
export interface AccVoucherRow {
  account: string;
  debitOre: number;
  creditOre: number;
  description: string | null;
}

export interface AccVoucher {
  series: string;
  /** The number within the series (and, where `year` is set, within that financial year). */
  number: string;
  /**
   * The financial year the number runs in, where the program numbers each year anew (Fortnox: `A 17`
   * of 2025 and of 2026 are two vouchers), as readers name it: `2025` for a calendar year, `2024/2025`
   * for one across the turn of a year (providers/fortnox/resources/financial-years.ts). Null where
   * the series and number alone name the voucher to the program (Visma eEkonomi, Visma Administration).
   */
  year: string | null;
  date: string;
  description: string;
  /** Sum of the debit side. */
  amountOre: number;
  transactionRef: string | null;
  /** Empty while only list items were read (Fortnox's voucher list has no rows). */
  rows: AccVoucherRow[];
  /** The voucher this one reverses, as `voucherName` names it (set on a reversing voucher the portal made). */
  reversesVoucher: string | null;
  /**
   * The document this voucher books, where the program made it from a customer or a supplier
   * invoice (Fortnox `ReferenceType`, Visma eEkonomi `VoucherType`); null for a manual voucher, a
   * payment's, or where the program does not say. Dubbelkoll compares such a voucher as the
   * invoice it books, not as a voucher (docs/duplicates.md#what-is-compared).
   */
  books: VoucherBooks | null;
  modifiedAt: string | null;
}

export type VoucherBooks = 'customer_invoice' | 'supplier_invoice';

/**
 * A voucher's name, the one `vouchers.get` and `vouchers.reverse` take and the mirror keeps it by:
 * series and number, `A 17`, and where numbers run per financial year the year too, `A 17 (2025)`.
 */
export const voucherName = (v: Pick<AccVoucher, 'series' | 'number' | 'year'>) =>
  v.year ? `${v.series} ${v.number} (${v.year})` : `${v.series} ${v.number}`;

/** `A 17` or `A 17 (2025)` read back into its parts (voucherName); null for anything else. */
export function parseVoucherName(name: string): Pick<AccVoucher, 'series' | 'number' | 'year'> | null {
  const match = /^(\S+)\s+(\d+)(?:\s+\(([^()]+)\))?$/.exec(name.trim());
  return match ? { series: match[1], number: match[2], year: match[3] ?? null } : null;
}

export interface AccOrder {
  number: string;
  customerNumber: string;
  customerName: string;
  orderDate: string;
  /** The customer's order number or reference. */
  yourReference: string | null;
  yourOrderNumber: string | null;
  currency: string;
  totalOre: number;
  vatOre: number | null;
  /** Empty while only list items were read. */
  rows: DocumentRow[];
  remarks: string | null;
  cancelled: boolean;
  /** Turned into an invoice: it can no longer be cancelled. */
  invoiced: boolean;
  modifiedAt: string | null;
}

export interface AccSupplier {
  number: string;
  name: string;
  organisationNumber: string | null;
  address: Address;
  email: string | null;
  phone: string | null;
  bankgiro: string | null;
  plusgiro: string | null;
  /** Bank account number or IBAN. */
  bankAccount: string | null;
  currency: string | null;
  active: boolean;
  modifiedAt: string | null;
}

/** A supplier invoice row: the account it is booked on, and the amount (excl. VAT). */
export interface AccSupplierInvoiceRow {
  account: string | null;
  articleNumber: string | null;
  description: string | null;
  amountOre: number;
}

export interface AccSupplierInvoice {
  /** The program's own key (Fortnox GivenNumber, Visma's id). */
  number: string;
  supplierNumber: string;
  supplierName: string | null;
  /** The supplier's own invoice number, as typed in. */
  invoiceNumber: string | null;
  ocr: string | null;
  /** Bankgiro, plusgiro or account the invoice is paid to. */
  bankAccount: string | null;
  invoiceDate: string;
  dueDate: string | null;
  currency: string;
  /** Incl. VAT, öre; negative for a credit. */
  totalOre: number;
  vatOre: number | null;
  comments: string | null;
  /** Empty while only list items were read. */
  rows: AccSupplierInvoiceRow[];
  booked: boolean;
  cancelled: boolean;
  credit: boolean;
  modifiedAt: string | null;
}

/** Creates carry the portal's reference; a retry after a lost answer finds the first document by it. */
export interface CreateOptions {
  externalRef: string;
  /**
   * The caller's own ledger proves no earlier attempt with this reference was made (e.g. the GIT
   * sync's item never reached `creating`): the provider may skip looking the reference up before
   * the first create. A retry after a lost answer always looks it up.
   */
  firstAttempt?: boolean;
}

export interface RegisterPaymentInput {
  paymentDate: string;
  amountOre: number;
}

export interface CodeLists {
  units(): Promise<CodeItem[]>;
  priceLists(): Promise<CodeItem[]>;
  costCenters(): Promise<CodeItem[]>;
  projects(): Promise<CodeItem[]>;
  termsOfPayment(): Promise<CodeItem[]>;
  termsOfDelivery(): Promise<CodeItem[]>;
}

/**
 * One club account's accounting program. Every method may throw `AccountingError` (errors.ts);
 * nothing else escapes a provider.
 */
/**
 * The fields of a document a program's list items do not carry (Fortnox: CONTRACT.md rule L1).
 * A list item maps them to empty values or defaults; the mirror keeps what the last whole read
 * stored instead and reads documents whole after the lists (modules/accounting/refresh/whole-reads.ts).
 */
export type SummaryOmits<T> = readonly (keyof T)[];

export interface AccountingProvider {
  readonly id: ProviderId;

  companyInformation(): Promise<AccCompany>;
  codeLists: CodeLists;

  customers: {
    /** What the program's customer list items leave out (see SummaryOmits). */
    readonly summaryOmits: SummaryOmits<AccCustomer>;
    list(query?: ListQuery): Promise<Page<AccCustomer>>;
    get(number: string): Promise<AccCustomer>;
    /** `number` may be given (e.g. a GIT golf ID based number); otherwise the provider assigns one. */
    create(fields: CustomerFields & { number?: string }, options: CreateOptions): Promise<AccCustomer>;
    update(number: string, fields: Partial<CustomerFields>): Promise<AccCustomer>;
  };

  articles: {
    /**
     * What the program's article list items leave out (Fortnox: `Type`, `Active`, `StockGoods`,
     * `Expired`…): the mirror keeps what a whole read stored and reads new articles whole.
     */
    readonly summaryOmits: SummaryOmits<AccArticle>;
    list(query?: ListQuery): Promise<Page<AccArticle>>;
    get(number: string): Promise<AccArticle>;
    create(fields: ArticleFields & { number?: string }, options: CreateOptions): Promise<AccArticle>;
    update(number: string, fields: Partial<ArticleFields>): Promise<AccArticle>;
  };

  invoices: {
    /** What the program's invoice list items leave out (rows and amounts are kept separately, see invoices.mirror.ts). */
    readonly summaryOmits: SummaryOmits<AccInvoice>;
    list(query?: ListQuery): Promise<Page<AccInvoice>>;
    get(number: string): Promise<AccInvoice>;
    create(fields: InvoiceFields, options: CreateOptions): Promise<AccInvoice>;
    /** Only while not booked. */
    update(number: string, fields: Partial<InvoiceFields>): Promise<AccInvoice>;
    bookkeep(number: string): Promise<AccInvoice>;
    send(number: string, method: InvoiceDeliveryMethod): Promise<AccInvoice>;
    cancel(number: string): Promise<AccInvoice>;
    /** Answers the new credit note. */
    credit(number: string): Promise<AccInvoice>;
    registerPayment(number: string, payment: RegisterPaymentInput, options: CreateOptions): Promise<InvoicePayment>;
    pdf(number: string): Promise<Uint8Array>;
  };

  invoicePayments: {
    list(query?: ListQuery): Promise<Page<InvoicePayment>>;
  };

  contracts: {
    /** What the program's contract list items leave out (see SummaryOmits). */
    readonly summaryOmits: SummaryOmits<AccContract>;
    list(query?: ListQuery): Promise<Page<AccContract>>;
    get(number: string): Promise<AccContract>;
    create(fields: ContractFields, options: CreateOptions): Promise<AccContract>;
    update(number: string, fields: Partial<ContractFields>): Promise<AccContract>;
    finish(number: string): Promise<AccContract>;
    /** Answers the invoice made from the contract's next period. */
    createInvoice(number: string): Promise<AccInvoice>;
  };

  vouchers: {
    readonly summaryOmits: SummaryOmits<AccVoucher>;
    list(query?: ListQuery): Promise<Page<AccVoucher>>;
    /**
     * `number` is the voucher's name (`voucherName`): `A 17`, or `A 17 (2025)` where numbers run per
     * financial year (Fortnox: without the year, the current year's). Absent in Visma
     * Administration, whose connector reads no single voucher (visma-admin/PROTOCOL.md).
     */
    get?(number: string): Promise<AccVoucher>;
    /**
     * Books a voucher with the rows of `number` (named as for `get`) reversed (debit and credit swapped) on `date`,
     * carrying the portal's reference; answers the new voucher. Absent where the program offers no
     * such write.
     */
    reverse?(number: string, date: string, options: CreateOptions): Promise<AccVoucher>;
  };

  orders: {
    readonly summaryOmits: SummaryOmits<AccOrder>;
    list(query?: ListQuery): Promise<Page<AccOrder>>;
    /** The whole order. Absent in Visma Administration, whose connector reads no single order. */
    get?(number: string): Promise<AccOrder>;
    /** Only while not invoiced. Absent where the program offers no such write. */
    cancel?(number: string): Promise<AccOrder>;
  };

  /** Absent where the program (or its connector) cannot read suppliers. */
  suppliers?: {
    readonly summaryOmits: SummaryOmits<AccSupplier>;
    list(query?: ListQuery): Promise<Page<AccSupplier>>;
    get(number: string): Promise<AccSupplier>;
  };

  /** Absent where the program (or its connector) cannot read supplier invoices. */
  supplierInvoices?: {
    readonly summaryOmits: SummaryOmits<AccSupplierInvoice>;
    list(query?: ListQuery): Promise<Page<AccSupplierInvoice>>;
    get(number: string): Promise<AccSupplierInvoice>;
    /** Only while not booked. Absent where the program offers no such write. */
    cancel?(number: string): Promise<AccSupplierInvoice>;
    /** A booked one: answers the credit. Absent where the program offers no such write. */
    credit?(number: string): Promise<AccSupplierInvoice>;
  };
}
