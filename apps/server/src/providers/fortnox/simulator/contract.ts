import { FORTNOX_ERROR } from '../error-codes';
import { badRequest } from './sim-error';

/**
 * Fortnox API v3's published contract as the simulator enforces it: which fields each resource
 * takes in a request body, which it only answers (read-only), which a create needs, which query
 * parameters a list searches on, and which OAuth scope each resource needs. Every table names the
 * rule in `apps/server/src/providers/fortnox/CONTRACT.md`, where its public source is written down.
 * The tables are Fortnox's, not our client's: a field the client sends that is missing here is a
 * defect of the client.
 */

export interface ResourceFields {
  /** Fields a request may set. */
  writable: readonly string[];
  /** Fields Fortnox answers but ignores in a request (CONTRACT.md "Read-only fields"). */
  readOnly: readonly string[];
  /** Fields a create must carry, non-empty (CONTRACT.md "Required fields"). */
  required?: readonly string[];
  /** Nested objects and arrays of objects, checked with their own table. */
  nested?: Readonly<Record<string, ResourceFields>>;
}

// CONTRACT.md "Fields per resource" (rule F1): Customer.
const DEFAULT_DELIVERY_TYPES: ResourceFields = { writable: ['Invoice', 'Order', 'Offer'], readOnly: [] };
const DEFAULT_TEMPLATES: ResourceFields = { writable: ['Order', 'Offer', 'Invoice', 'CashInvoice'], readOnly: [] };
export const CUSTOMER: ResourceFields = {
  writable: [
    'Active',
    'Address1',
    'Address2',
    'City',
    'Comments',
    'Currency',
    'CostCenter',
    'CountryCode',
    'CustomerNumber',
    'DefaultDeliveryTypes',
    'DefaultTemplates',
    'DeliveryAddress1',
    'DeliveryAddress2',
    'DeliveryCity',
    'DeliveryCountryCode',
    'DeliveryFax',
    'DeliveryName',
    'DeliveryPhone1',
    'DeliveryPhone2',
    'DeliveryZipCode',
    'Email',
    'EmailInvoice',
    'EmailInvoiceBCC',
    'EmailInvoiceCC',
    'EmailOffer',
    'EmailOfferBCC',
    'EmailOfferCC',
    'EmailOrder',
    'EmailOrderBCC',
    'EmailOrderCC',
    'ExternalReference',
    'Fax',
    'GLN',
    'GLNDelivery',
    'InvoiceAdministrationFee',
    'InvoiceDiscount',
    'InvoiceFreight',
    'InvoiceRemark',
    'Name',
    'OrganisationNumber',
    'OurReference',
    'Phone1',
    'Phone2',
    'PriceList',
    'Project',
    'SalesAccount',
    'ShowPriceVATIncluded',
    'TermsOfDelivery',
    'TermsOfPayment',
    'Type',
    'VATNumber',
    'VATType',
    'VisitingAddress',
    'VisitingCity',
    'VisitingCountryCode',
    'VisitingZipCode',
    'WWW',
    'WayOfDelivery',
    'YourReference',
    'ZipCode',
  ],
  readOnly: ['@url', 'Country', 'DeliveryCountry', 'VisitingCountry'],
  required: ['Name'],
  nested: { DefaultDeliveryTypes: DEFAULT_DELIVERY_TYPES, DefaultTemplates: DEFAULT_TEMPLATES },
};

// CONTRACT.md rule F1: Article. SalesPrice is read-only: an article's price lives in /3/prices.
export const ARTICLE: ResourceFields = {
  writable: [
    'Active',
    'ArticleNumber',
    'Bulky',
    'ConstructionAccount',
    'CostCalculationMethod',
    'DefaultStockLocation',
    'DefaultStockPoint',
    'Depth',
    'Description',
    'DirectCost',
    'EAN',
    'EUAccount',
    'EUVATAccount',
    'Expired',
    'ExportAccount',
    'FreightCost',
    'Height',
    'Housework',
    'HouseworkType',
    'Manufacturer',
    'ManufacturerArticleNumber',
    'Note',
    'OtherCost',
    'PurchaseAccount',
    'PurchasePrice',
    'QuantityInStock',
    'SalesAccount',
    'StockAccount',
    'StockChangeAccount',
    'StockGoods',
    'StockPlace',
    'StockWarning',
    'SupplierNumber',
    'Type',
    'Unit',
    'VAT',
    'WebshopArticle',
    'Weight',
    'Width',
  ],
  readOnly: ['@url', 'DisposableQuantity', 'ReservedQuantity', 'SalesPrice', 'StockValue', 'SupplierName'],
  required: ['Description'],
};

// CONTRACT.md rule F1: the fields an invoice's rows (InvoiceRow) and a contract's rows
// (ContractInvoiceRow) share; InvoiceRow has a few more.
const ROW: ResourceFields = {
  writable: [
    'AccountNumber',
    'ArticleNumber',
    'CostCenter',
    'DeliveredQuantity',
    'Description',
    'Discount',
    'DiscountType',
    'HouseWork',
    'HouseWorkHoursToReport',
    'HouseWorkType',
    'Price',
    'Project',
    'RowId',
    'Unit',
    'VAT',
  ],
  readOnly: ['ContributionPercent', 'ContributionValue', 'Total', 'TotalExcludingVAT'],
};
export const INVOICE_ROW: ResourceFields = {
  writable: [...ROW.writable, 'StockPointCode', 'VATCode'],
  readOnly: [...ROW.readOnly, 'PriceExcludingVAT'],
};
export const CONTRACT_ROW: ResourceFields = {
  ...ROW,
  // CONTRACT.md rule R2: the OpenAPI document's ContractInvoiceRow requires both (no text rows).
  required: ['ArticleNumber', 'DeliveredQuantity'],
};
const EMAIL_INFORMATION: ResourceFields = {
  writable: ['EmailAddressFrom', 'EmailAddressTo', 'EmailAddressCC', 'EmailAddressBCC', 'EmailSubject', 'EmailBody'],
  readOnly: [],
};

// CONTRACT.md rule F1: Invoice.
export const INVOICE: ResourceFields = {
  writable: [
    'AdministrationFee',
    'Address1',
    'Address2',
    'City',
    'Comments',
    'Country',
    'CostCenter',
    'Currency',
    'CurrencyRate',
    'CurrencyUnit',
    'CustomerName',
    'CustomerNumber',
    'DeliveryAddress1',
    'DeliveryAddress2',
    'DeliveryCity',
    'DeliveryCountry',
    'DeliveryDate',
    'DeliveryName',
    'DeliveryZipCode',
    'DocumentNumber',
    'DueDate',
    'EDIInformation',
    'EmailInformation',
    'EUQuarterlyReport',
    'ExternalInvoiceReference1',
    'ExternalInvoiceReference2',
    'FinalPayDate',
    'Freight',
    'InvoiceDate',
    'InvoiceRows',
    'InvoiceType',
    'Labels',
    'Language',
    'NotCompleted',
    'OCR',
    'OurReference',
    'OutboundDate',
    'PaymentWay',
    'Phone1',
    'Phone2',
    'PriceList',
    'PrintTemplate',
    'Project',
    'Remarks',
    'TaxReductionType',
    'TermsOfDelivery',
    'TermsOfPayment',
    'TimeBasisReference',
    'VATIncluded',
    'WarehouseReady',
    'WayOfDelivery',
    'YourOrderNumber',
    'YourReference',
    'ZipCode',
  ],
  readOnly: [
    '@url',
    '@urlTaxReductionList',
    'AccountingMethod',
    'AdministrationFeeVAT',
    'Balance',
    'BasisTaxReduction',
    'Booked',
    'Cancelled',
    'ContractReference',
    'ContributionPercent',
    'ContributionValue',
    'Credit',
    'CreditInvoiceReference',
    'FreightVAT',
    'Gross',
    'HouseWork',
    'InvoicePeriodEnd',
    'InvoicePeriodStart',
    'InvoiceReference',
    'LastRemindDate',
    'Net',
    'NoxFinans',
    'OfferReference',
    'OrderReference',
    'OrganisationNumber',
    'Reminders',
    'RoundOff',
    'Sent',
    'TaxReduction',
    'Total',
    'TotalToPay',
    'TotalVAT',
    'VoucherNumber',
    'VoucherSeries',
    'VoucherYear',
  ],
  required: ['CustomerNumber'],
  nested: { InvoiceRows: INVOICE_ROW, EmailInformation: EMAIL_INFORMATION },
};

// CONTRACT.md rule F1: InvoicePayment. It has no field for another system's reference: the
// ExternalInvoiceReference1/2 it answers are the invoice's, read-only.
const WRITE_OFF: ResourceFields = {
  writable: ['Amount', 'AccountNumber', 'CostCenter', 'Currency', 'Description', 'TransactionInformation', 'Project'],
  readOnly: [],
};
export const INVOICE_PAYMENT: ResourceFields = {
  writable: [
    'Amount',
    'AmountCurrency',
    'CurrencyRate',
    'InvoiceNumber',
    'ModeOfPayment',
    'ModeOfPaymentAccount',
    'PaymentDate',
    'WriteOffs',
  ],
  readOnly: [
    '@url',
    'Booked',
    'Currency',
    'CurrencyUnit',
    'ExternalInvoiceReference1',
    'ExternalInvoiceReference2',
    'InvoiceCustomerName',
    'InvoiceCustomerNumber',
    'InvoiceDueDate',
    'InvoiceOCR',
    'InvoiceTotal',
    'Number',
    'Source',
    'VoucherNumber',
    'VoucherSeries',
    'VoucherYear',
  ],
  required: ['InvoiceNumber'],
  nested: { WriteOffs: WRITE_OFF },
};

// CONTRACT.md rule F1: Contract. ExternalInvoiceReference1 exists and is writable, but no list
// parameter searches it (rule S1).
export const CONTRACT: ResourceFields = {
  writable: [
    'Active',
    'AdministrationFee',
    'Comments',
    'Continuous',
    'ContractDate',
    'ContractLength',
    'CostCenter',
    'Currency',
    'CustomerNumber',
    'DocumentNumber',
    'EmailInformation',
    'ExternalInvoiceReference1',
    'ExternalInvoiceReference2',
    'Freight',
    'InvoiceDiscount',
    'InvoiceInterval',
    'InvoiceRows',
    'Language',
    'OurReference',
    'PeriodEnd',
    'PeriodStart',
    'PriceList',
    'PrintTemplate',
    'Project',
    'Remarks',
    'TaxReductionType',
    'TemplateNumber',
    'TermsOfDelivery',
    'TermsOfPayment',
    'VATIncluded',
    'WayOfDelivery',
    'YourOrderNumber',
    'YourReference',
  ],
  readOnly: [
    '@url',
    '@urlTaxReductionList',
    'BasisTaxReduction',
    'ContributionPercent',
    'ContributionValue',
    'CustomerName',
    'Gross',
    'HouseWork',
    'InvoicesRemaining',
    'LastInvoiceDate',
    'Net',
    'RoundOff',
    'Status',
    'TaxReduction',
    'TemplateName',
    'Total',
    'TotalToPay',
    'TotalVAT',
  ],
  // CONTRACT.md rules R1 and R2: the OpenAPI document's Contract requires PeriodEnd as well.
  required: ['CustomerNumber', 'InvoiceRows', 'PeriodEnd'],
  nested: { InvoiceRows: CONTRACT_ROW, EmailInformation: EMAIL_INFORMATION },
};

// CONTRACT.md rule F1: Price (the price of an article in a price list, from a quantity).
export const PRICE: ResourceFields = {
  writable: ['ArticleNumber', 'FromQuantity', 'Percent', 'Price', 'PriceList'],
  readOnly: ['@url', 'Date'],
  required: ['ArticleNumber', 'PriceList'],
};

// CONTRACT.md rule F1: PriceList.
export const PRICE_LIST: ResourceFields = {
  writable: ['Code', 'Description', 'Comments'],
  readOnly: ['@url', 'PreSelected'],
  required: ['Code', 'Description'],
};

// CONTRACT.md rule F1: Supplier ([FX-OAS] `Supplier`, [SDK-CS] `Supplier`).
export const SUPPLIER: ResourceFields = {
  writable: [
    'Active',
    'Address1',
    'Address2',
    'Bank',
    'BankAccountNumber',
    'BG',
    'BIC',
    'BranchCode',
    'City',
    'ClearingNumber',
    'Comments',
    'CostCenter',
    'CountryCode',
    'Currency',
    'DisablePaymentFile',
    'Email',
    'Fax',
    'IBAN',
    'Name',
    'OrganisationNumber',
    'OurReference',
    'PG',
    'Phone1',
    'Phone2',
    'PreDefinedAccount',
    'Project',
    'SupplierNumber',
    'TermsOfPayment',
    'VATNumber',
    'VATType',
    'VisitingAddress',
    'VisitingCity',
    'VisitingCountryCode',
    'VisitingZipCode',
    'WorkPlace',
    'WWW',
    'YourReference',
    'ZipCode',
  ],
  readOnly: ['@url', 'Country'],
  required: ['Name'],
};

// Rule F1: SupplierInvoiceRow ([FX-OAS] `SupplierInvoiceSupplierInvoiceRow`).
const SUPPLIER_INVOICE_ROW: ResourceFields = {
  writable: [
    'Account',
    'ArticleNumber',
    'Code',
    'CostCenter',
    'Credit',
    'Debit',
    'ItemDescription',
    'Price',
    'Project',
    'Quantity',
    'Total',
    'TransactionInformation',
    'Unit',
    'StockPointCode',
  ],
  readOnly: ['AccountDescription', 'CreditCurrency', 'DebitCurrency', 'StockLocationCode', 'TotalCurrency'],
};

// Rule F1: SupplierInvoice ([FX-OAS] `SupplierInvoice`).
export const SUPPLIER_INVOICE: ResourceFields = {
  writable: [
    'AdministrationFee',
    'Comments',
    'CostCenter',
    'Currency',
    'CurrencyRate',
    'CurrencyUnit',
    'DisablePaymentFile',
    'DueDate',
    'ExternalInvoiceNumber',
    'ExternalInvoiceSeries',
    'Freight',
    'InvoiceDate',
    'InvoiceNumber',
    'OCR',
    'OurReference',
    'PaymentPending',
    'Project',
    'RoundOffValue',
    'SalesType',
    'SupplierInvoiceRows',
    'SupplierNumber',
    'Total',
    'VAT',
    'VATType',
    'YourReference',
  ],
  readOnly: [
    '@url',
    'Balance',
    'Booked',
    'Cancelled',
    'Credit',
    'CreditReference',
    'GivenNumber',
    'SupplierName',
    'VoucherNumber',
    'VoucherSeries',
    'VoucherYear',
    'Vouchers',
    'FinalPayDate',
    'AccountingMethod',
  ],
  required: ['SupplierNumber'],
  nested: { SupplierInvoiceRows: SUPPLIER_INVOICE_ROW },
};

// Rule F1: Voucher and its rows ([FX-OAS] `Voucher`, `VoucherVoucherRow`; [SDK-CS] marks
// ReferenceNumber, ReferenceType, VoucherNumber and Year read-only).
const VOUCHER_ROW: ResourceFields = {
  writable: ['Account', 'CostCenter', 'Credit', 'Description', 'Debit', 'Project', 'TransactionInformation', 'Quantity'],
  readOnly: ['Removed'],
};
export const VOUCHER: ResourceFields = {
  writable: ['Comments', 'CostCenter', 'Description', 'Project', 'TransactionDate', 'VoucherRows', 'VoucherSeries'],
  readOnly: ['@url', 'ReferenceNumber', 'ReferenceType', 'VoucherNumber', 'Year', 'ApprovalState'],
  required: ['Description', 'TransactionDate', 'VoucherSeries', 'VoucherRows'],
  nested: { VoucherRows: VOUCHER_ROW },
};

/**
 * CONTRACT.md rule L1: the fields of a list item, per list, exactly as the OpenAPI document's
 * `<Resource>ListItem` models publish them; a list answers these and nothing else (a GET by
 * number answers the whole document). Two carry another name than the document's field:
 * `LIST_ITEM_SOURCES` says which document field each is read from.
 */
export const LIST_ITEM_FIELDS = {
  customers: [
    '@url',
    'Address1',
    'Address2',
    'City',
    'CustomerNumber',
    'Email',
    'Name',
    'OrganisationNumber',
    'Phone',
    'ZipCode',
  ],
  articles: [
    '@url',
    'ArticleNumber',
    'Description',
    'DisposableQuantity',
    'EAN',
    'Housework',
    'PurchasePrice',
    'SalesPrice',
    'QuantityInStock',
    'ReservedQuantity',
    'StockPlace',
    'StockValue',
    'Unit',
    'VAT',
    'WebshopArticle',
  ],
  invoices: [
    '@url',
    'Balance',
    'Booked',
    'Cancelled',
    'CostCenter',
    'Currency',
    'CurrencyRate',
    'CurrencyUnit',
    'CustomerName',
    'CustomerNumber',
    'DocumentNumber',
    'DueDate',
    'ExternalInvoiceReference1',
    'ExternalInvoiceReference2',
    'InvoiceDate',
    'InvoiceType',
    'NoxFinans',
    'OCR',
    'VoucherNumber',
    'VoucherSeries',
    'VoucherYear',
    'WayOfDelivery',
    'TermsOfPayment',
    'Project',
    'Sent',
    'Total',
    'FinalPayDate',
  ],
  contracts: [
    '@url',
    'Continuous',
    'ContractLength',
    'Currency',
    'CustomerName',
    'CustomerNumber',
    'DocumentNumber',
    'Invoiceinterval',
    'InvoicesRemaining',
    'LastInvoiceDate',
    'PeriodStart',
    'PeriodEnd',
    'Status',
    'TemplateNumber',
    'Total',
  ],
  suppliers: [
    '@url',
    'Active',
    'Address1',
    'Address2',
    'BankAccountNumber',
    'BG',
    'BIC',
    'City',
    'CostCenter',
    'CountryCode',
    'Currency',
    'DisablePaymentFile',
    'Email',
    'IBAN',
    'Name',
    'OrganisationNumber',
    'PG',
    'Phone',
    'PreDefinedAccount',
    'Project',
    'SupplierNumber',
    'TermsOfPayment',
    'ZipCode',
  ],
  supplierinvoices: [
    '@url',
    'Balance',
    'Booked',
    'Cancel',
    'CostCenter',
    'Credit',
    'Currency',
    'CurrencyRate',
    'CurrencyUnit',
    'DueDate',
    'ExternalInvoiceNumber',
    'ExternalInvoiceSeries',
    'GivenNumber',
    'InvoiceDate',
    'InvoiceNumber',
    'Project',
    'SupplierNumber',
    'SupplierName',
    'Total',
    'AuthorizerName',
    'Vouchers',
    'FinalPayDate',
  ],
  orders: [
    '@url',
    'Cancelled',
    'Currency',
    'CustomerName',
    'CustomerNumber',
    'DeliveryDate',
    'DocumentNumber',
    'ExternalInvoiceReference1',
    'ExternalInvoiceReference2',
    'OrderDate',
    'OrderType',
    'Project',
    'Sent',
    'Total',
  ],
  vouchers: [
    '@url',
    'Comments',
    'Description',
    'ReferenceNumber',
    'ReferenceType',
    'TransactionDate',
    'VoucherNumber',
    'VoucherSeries',
    'Year',
    'ApprovalState',
  ],
  invoicepayments: [
    '@url',
    'Amount',
    'Booked',
    'Currency',
    'CurrencyRate',
    'CurrencyUnit',
    'InvoiceNumber',
    'Number',
    'PaymentDate',
    'Source',
    'WriteOffExist',
  ],
} as const satisfies Readonly<Record<string, readonly string[]>>;

/** Rule L1: list-item fields named otherwise than the document field they carry. */
export const LIST_ITEM_SOURCES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // CustomerListItem has `Phone`; the customer has `Phone1` (and `Phone2`, which the list leaves out).
  customers: { Phone: 'Phone1' },
  // ContractListItem has `Invoiceinterval` (lower-case i); the contract has `InvoiceInterval`.
  contracts: { Invoiceinterval: 'InvoiceInterval' },
  // SupplierListItem has `Phone`; the supplier has `Phone1`.
  suppliers: { Phone: 'Phone1' },
  // SupplierInvoiceListItem has `Cancel`; the supplier invoice has `Cancelled`.
  supplierinvoices: { Cancel: 'Cancelled' },
};

/** A document as its list answers it (rule L1): the published list-item fields, nothing more. */
export function listItemOf(kind: string, doc: Record<string, unknown>): Record<string, unknown> {
  const fields = (LIST_ITEM_FIELDS as Readonly<Record<string, readonly string[]>>)[kind];
  if (!fields) return doc;
  const sources = LIST_ITEM_SOURCES[kind] ?? {};
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = doc[sources[field] ?? field];
    if (value !== undefined) out[field] = value;
  }
  return out;
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * Checks a request body against its resource's table: an unknown field is refused with 2001399
 * "Felaktigt fältnamn (Field)" (rule E1), a read-only one is dropped (rule F2), and a create
 * without a required field is refused (rule R1). Answers the body without read-only fields.
 */
export function checkFields(body: Record<string, unknown>, fields: ResourceFields, creating: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (fields.readOnly.includes(key)) continue;
    if (!fields.writable.includes(key)) throw badRequest(FORTNOX_ERROR.invalidFieldName, `Felaktigt fältnamn (${key})`);
    const nested = fields.nested?.[key];
    if (nested && Array.isArray(value)) {
      out[key] = value.map((item) =>
        item && typeof item === 'object' && !Array.isArray(item)
          ? checkFields(item as Record<string, unknown>, nested, true)
          : item,
      );
    } else if (nested && value && typeof value === 'object') {
      out[key] = checkFields(value as Record<string, unknown>, nested, false);
    } else {
      out[key] = value;
    }
  }
  if (creating) {
    for (const key of fields.required ?? []) {
      const value = out[key];
      if (!present(value) || (Array.isArray(value) && value.length === 0))
        throw badRequest(FORTNOX_ERROR.valueRequired, `Fältet måste anges (${key})`);
    }
  }
  return out;
}

/**
 * The query parameters each list searches on (rule S1), each matched as `ILIKE '%value%'`
 * (rule S2), keyed by the document field they search. A parameter not listed here is not
 * Fortnox's for that list and is ignored (rule S3): the list answers as if it were not sent.
 */
export const SEARCH_PARAMETERS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  customers: {
    customernumber: 'CustomerNumber',
    name: 'Name',
    zipcode: 'ZipCode',
    city: 'City',
    email: 'Email',
    phone: 'Phone1',
    organisationnumber: 'OrganisationNumber',
    gln: 'GLN',
    glndelivery: 'GLNDelivery',
  },
  articles: {
    articlenumber: 'ArticleNumber',
    description: 'Description',
    ean: 'EAN',
    suppliernumber: 'SupplierNumber',
    manufacturer: 'Manufacturer',
    manufacturerarticlenumber: 'ManufacturerArticleNumber',
  },
  invoices: {
    costcenter: 'CostCenter',
    customername: 'CustomerName',
    customernumber: 'CustomerNumber',
    documentnumber: 'DocumentNumber',
    ocr: 'OCR',
    ourreference: 'OurReference',
    project: 'Project',
    externalinvoicereference1: 'ExternalInvoiceReference1',
    externalinvoicereference2: 'ExternalInvoiceReference2',
    yourreference: 'YourReference',
    invoicetype: 'InvoiceType',
    currency: 'Currency',
  },
  // The OpenAPI document gives contracts no search field at all, only `filter` (rule S1).
  contracts: {},
  invoicepayments: { invoicenumber: 'InvoiceNumber' },
  orders: {
    customername: 'CustomerName',
    customernumber: 'CustomerNumber',
    documentnumber: 'DocumentNumber',
  },
  vouchers: {},
  suppliers: {
    suppliernumber: 'SupplierNumber',
    name: 'Name',
    organisationnumber: 'OrganisationNumber',
    city: 'City',
    email: 'Email',
    zipcode: 'ZipCode',
    bankaccountnumber: 'BankAccountNumber',
    bg: 'BG',
    pg: 'PG',
  },
  supplierinvoices: {
    suppliernumber: 'SupplierNumber',
    invoicenumber: 'InvoiceNumber',
    ocr: 'OCR',
    ourreference: 'OurReference',
    yourreference: 'YourReference',
  },
};

/** Fortnox's search: `field ILIKE '%value%'` (rule S2). */
export function ilike(fieldValue: unknown, searched: string): boolean {
  return String(fieldValue ?? '')
    .toLowerCase()
    .includes(searched.toLowerCase());
}

/** The scope each resource needs (rule O1); a token without it is refused with 2000663. */
export const SCOPE_OF: Readonly<Record<string, string>> = {
  customers: 'customer',
  articles: 'article',
  invoices: 'invoice',
  contracts: 'invoice',
  invoicepayments: 'payment',
  vouchers: 'bookkeeping',
  // Fortnox's voucher best practice: "Financial Years" requires the bookkeeping scope (rule Y1).
  financialyears: 'bookkeeping',
  orders: 'order',
  suppliers: 'supplier',
  supplierinvoices: 'supplierinvoice',
  units: 'settings',
  termsofpayments: 'settings',
  termsofdeliveries: 'settings',
  pricelists: 'price',
  prices: 'price',
  costcenters: 'costcenter',
  projects: 'project',
  companyinformation: 'companyinformation',
};
