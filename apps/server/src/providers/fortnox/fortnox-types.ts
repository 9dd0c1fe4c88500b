/**
 * Fortnox API v3 JSON as it travels on the wire (PascalCase, kronor as decimals, quantities as
 * strings, some booleans as strings). Shared by the simulator, which stores and answers these,
 * and by mapping.ts, which turns them into the portal's normalized types. Only the fields the
 * portal reads or writes are listed; Fortnox sends more.
 */

export interface FxMeta {
  '@TotalResources': number;
  '@TotalPages': number;
  '@CurrentPage': number;
}

export interface FxDefaultDeliveryTypes {
  Invoice: 'PRINT' | 'EMAIL' | 'PRINTSERVICE' | 'ELECTRONICINVOICE' | null;
  Order: string | null;
  Offer: string | null;
}

export interface FxCustomer {
  '@url'?: string;
  CustomerNumber: string;
  Name: string;
  Type: 'COMPANY' | 'PRIVATE';
  OrganisationNumber: string;
  Active: boolean;
  Address1: string;
  Address2: string;
  ZipCode: string;
  City: string;
  CountryCode: string;
  Country: string;
  DeliveryAddress1: string;
  DeliveryAddress2: string;
  DeliveryZipCode: string;
  DeliveryCity: string;
  DeliveryCountryCode: string;
  Phone1: string;
  Phone2: string;
  Email: string;
  EmailInvoice: string;
  WWW: string;
  Fax: string;
  YourReference: string;
  OurReference: string;
  Comments: string;
  TermsOfPayment: string;
  TermsOfDelivery: string;
  Currency: string;
  PriceList: string;
  /** Percent, e.g. 12.5. */
  InvoiceDiscount: number | null;
  InvoiceAdministrationFee: string;
  InvoiceFreight: string;
  VATType: 'SEVAT' | 'SEREVERSEDVAT' | 'EUREVERSEDVAT' | 'EUVAT' | 'EXPORT';
  SalesAccount: string;
  CostCenter: string;
  Project: string;
  GLN: string;
  /** Free reference to the customer in another system; the portal keeps its own key here. */
  ExternalReference: string;
  DefaultDeliveryTypes: FxDefaultDeliveryTypes;
  DefaultTemplates: { Invoice: string; Order: string; Offer: string; CashInvoice: string };
}

export interface FxArticle {
  '@url'?: string;
  ArticleNumber: string;
  Description: string;
  Type: 'STOCK' | 'SERVICE';
  Unit: string;
  Active: boolean;
  Expired: boolean;
  EAN: string;
  Manufacturer: string;
  ManufacturerArticleNumber: string;
  SupplierNumber: string;
  StockGoods: boolean;
  StockPlace: string;
  QuantityInStock: number;
  DisposableQuantity: number;
  StockWarning: number;
  StockValue: number;
  SalesAccount: number | null;
  EUAccount: number | null;
  ExportAccount: number | null;
  PurchaseAccount: number | null;
  VAT: number;
  SalesPrice: number;
  PurchasePrice: number;
  Width: number | null;
  Height: number | null;
  Depth: number | null;
  Weight: number | null;
  Note: string;
}

export interface FxRow {
  RowId?: number;
  ArticleNumber: string;
  Description: string;
  /** A decimal string ("1.00"); the API also accepts a number. */
  DeliveredQuantity: string;
  Unit: string;
  Price: number;
  VAT: number;
  Discount: number;
  DiscountType: 'PERCENT' | 'AMOUNT';
  CostCenter: string;
  Project: string;
  AccountNumber: number | null;
  /** Row amount ex VAT, computed by Fortnox. */
  Total?: number;
}

export interface FxEmailInformation {
  EmailAddressTo: string;
  EmailAddressCC: string;
  EmailSubject: string;
  EmailBody: string;
}

export interface FxInvoice {
  '@url'?: string;
  DocumentNumber: string;
  CustomerNumber: string;
  CustomerName: string;
  Address1: string;
  Address2: string;
  ZipCode: string;
  City: string;
  OrganisationNumber: string;
  InvoiceDate: string;
  DueDate: string;
  TermsOfPayment: string;
  InvoiceType: 'INVOICE' | 'AGREEMENTINVOICE' | 'INTRESTINVOICE' | 'SUMMARYINVOICE' | 'CASHINVOICE';
  Currency: string;
  YourReference: string;
  OurReference: string;
  Remarks: string;
  CostCenter: string;
  Project: string;
  VATIncluded: boolean;
  InvoiceRows: FxRow[];
  OCR: string;
  Net: number;
  TotalVAT: number;
  RoundOff: number;
  Total: number;
  Balance: number;
  Booked: boolean;
  Cancelled: boolean;
  Sent: boolean;
  /** Fortnox sends this boolean as a string. */
  Credit: 'true' | 'false';
  /** On a credit note: the credited invoice; on an invoice: its credit note. "0" when none. */
  CreditInvoiceReference: string;
  VoucherNumber: number | null;
  VoucherSeries: string;
  VoucherYear: number | null;
  ContractReference: string;
  ExternalInvoiceReference1: string;
  ExternalInvoiceReference2: string;
  EmailInformation: FxEmailInformation;
  /** The way it was last sent: the portal's delivery method. */
  WayOfDelivery: string;
  FinalPayDate: string | null;
}

export interface FxInvoicePayment {
  '@url'?: string;
  Number: number;
  InvoiceNumber: number;
  Amount: number;
  AmountCurrency: number;
  PaymentDate: string;
  Booked: boolean;
  Currency: string;
  /** The invoice's references, answered read-only; a payment has no reference of its own. */
  ExternalInvoiceReference1: string;
  ExternalInvoiceReference2: string;
  InvoiceCustomerName: string;
  InvoiceCustomerNumber: string;
  InvoiceOCR: string;
  InvoiceTotal: number;
  ModeOfPayment: string;
  VoucherNumber: number | null;
  VoucherSeries: string;
}

export interface FxContract {
  '@url'?: string;
  DocumentNumber: string;
  CustomerNumber: string;
  CustomerName: string;
  ContractDate: string;
  PeriodStart: string;
  PeriodEnd: string;
  Continuous: boolean;
  ContractLength: number;
  InvoiceInterval: number;
  Active: boolean;
  VATIncluded: boolean;
  TermsOfPayment: string;
  YourReference: string;
  OurReference: string;
  Remarks: string;
  CostCenter: string;
  Project: string;
  Currency: string;
  InvoiceRows: FxRow[];
  InvoicesRemaining: number;
  LastInvoiceDate: string;
  Status: 'ONGOING' | 'FINISHED' | 'UPCOMING' | 'INACTIVE';
  Net: number;
  TotalVAT: number;
  Total: number;
  ExternalInvoiceReference1: string;
  ExternalInvoiceReference2: string;
}

export interface FxVoucherRow {
  Account: number;
  Debit: number;
  Credit: number;
  Description: string;
  TransactionInformation: string;
}

export interface FxVoucher {
  '@url'?: string;
  VoucherSeries: string;
  VoucherNumber: number;
  /** The financial year's `Id` (FxFinancialYear): numbers run per series within a financial year. */
  Year: number;
  TransactionDate: string;
  Description: string;
  /** Free text; the portal's reversing vouchers carry their reference here (resources/ledger.ts). */
  Comments?: string;
  ReferenceNumber: string;
  ReferenceType: string;
  VoucherRows?: FxVoucherRow[];
}

/**
 * A financial year (`/3/financialyears`, CONTRACT.md rule Y1). Its list item names the chart
 * `accountCharts`, the whole year `AccountChartType`; neither is read by the client.
 */
export interface FxFinancialYear {
  '@url'?: string;
  Id: number;
  FromDate: string;
  ToDate: string;
  AccountingMethod: 'ACCRUAL' | 'CASH';
  AccountChartType?: string | null;
  accountCharts?: string;
}

export interface FxOrderRow {
  ArticleNumber: string;
  Description: string;
  /** Decimal strings, as on invoice rows. */
  OrderedQuantity: string;
  DeliveredQuantity: string;
  Unit: string;
  Price: number;
  VAT: number;
  Discount: number;
  CostCenter: string;
  Project: string;
  Total?: number;
}

export interface FxOrder {
  '@url'?: string;
  DocumentNumber: string;
  CustomerNumber: string;
  CustomerName: string;
  OrderDate: string;
  Currency?: string;
  Total: number;
  TotalVAT?: number;
  Net?: number;
  YourReference?: string;
  YourOrderNumber?: string;
  OurReference?: string;
  Remarks?: string;
  Cancelled: boolean;
  Sent?: boolean;
  /** The invoice made from the order; `0` (or empty) while none is. */
  InvoiceReference?: string;
  OrderRows?: FxOrderRow[];
}

export interface FxSupplier {
  '@url'?: string;
  SupplierNumber: string;
  Name: string;
  OrganisationNumber: string;
  Active: boolean;
  Address1: string;
  Address2: string;
  ZipCode: string;
  City: string;
  CountryCode: string;
  Email: string;
  Phone1: string;
  BG: string;
  PG: string;
  BankAccountNumber: string;
  IBAN: string;
  BIC: string;
  Currency: string;
  Comments: string;
}

export interface FxSupplierInvoiceRow {
  Account: number;
  ArticleNumber: string;
  ItemDescription: string;
  Debit: number;
  Credit: number;
  Total: number;
}

export interface FxSupplierInvoice {
  '@url'?: string;
  GivenNumber: string;
  SupplierNumber: string;
  SupplierName: string;
  InvoiceNumber: string;
  OCR: string;
  InvoiceDate: string;
  DueDate: string;
  Currency: string;
  Total: number;
  VAT: number;
  Balance: number;
  Comments: string;
  YourReference: string;
  OurReference: string;
  Booked: boolean;
  Cancelled: boolean;
  Credit: boolean;
  /** The credit of this invoice (on the original), or the invoice it credits (on the credit); 0 for none. */
  CreditReference: number;
  VoucherNumber: number | null;
  VoucherSeries: string;
  VoucherYear: number | null;
  SupplierInvoiceRows: FxSupplierInvoiceRow[];
}

export interface FxCompanyInformation {
  CompanyName: string;
  OrganizationNumber: string;
  Address: string;
  ZipCode: string;
  City: string;
  CountryCode: string;
  DatabaseNumber: number;
  VisitAddress: string;
  VisitZipCode: string;
  VisitCity: string;
  VisitCountryCode: string;
}

export interface FxUnit {
  Code: string;
  Description: string;
  CodeEnglish: string;
}
export interface FxPriceList {
  Code: string;
  Description: string;
  Comments: string;
  PreSelected: boolean;
}
/** An article's price in a price list from a quantity (`/3/prices`). */
export interface FxPrice {
  '@url'?: string;
  ArticleNumber: string;
  PriceList: string;
  FromQuantity: number;
  Price: number;
  Percent: number;
  Date: string;
}
export interface FxCostCenter {
  Code: string;
  Description: string;
  Note: string;
  Active: boolean;
}
export interface FxProject {
  ProjectNumber: string;
  Description: string;
  Status: 'NOTSTARTED' | 'ONGOING' | 'COMPLETED';
  StartDate: string;
  EndDate: string;
}
export interface FxTermsOfPayment {
  Code: string;
  Description: string;
}
export interface FxTermsOfDelivery {
  Code: string;
  Description: string;
}
