import { addDays, addMonths } from '../../lib/stockholm-time';
import type {
  AccArticle,
  AccCompany,
  AccContract,
  AccCustomer,
  AccInvoice,
  AccOrder,
  AccSupplier,
  AccSupplierInvoice,
  AccVoucher,
  Address,
  ArticleFields,
  CodeItem,
  ContractFields,
  CustomerFields,
  DocumentRow,
  InvoiceDeliveryMethod,
  InvoiceFields,
  InvoicePayment,
  VoucherBooks,
} from '../accounting/provider';
import type {
  FxArticle,
  FxCompanyInformation,
  FxContract,
  FxCustomer,
  FxDefaultDeliveryTypes,
  FxInvoice,
  FxInvoicePayment,
  FxOrder,
  FxRow,
  FxSupplier,
  FxSupplierInvoice,
  FxVoucher,
} from './fortnox-types';
import { hundredthsToQuantity, kronorToOre, oreToKronor, quantityToHundredths } from './money';

/**
 * Fortnox JSON ↔ the portal's normalized types. Fortnox lists are summaries: a field missing
 * from a list item maps to null (rows and payments to []), and `get` gives the whole document.
 * Writes send only the fields given; a field set to null is cleared with Fortnox's `API_BLANK`.
 */

type Loose<T> = Partial<T>;

/** Fortnox's marker for "clear this field" on update. */
export const API_BLANK = 'API_BLANK';

const nz = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const s = String(value);
  return s === '' ? null : s;
};
const orNull = (value: number | null | undefined): number | null => (value === undefined || value === null ? null : value);
const bool = (value: unknown): boolean => value === true || value === 'true';

function address(a1: unknown, a2: unknown, zip: unknown, city: unknown, country: unknown): Address {
  return { address1: nz(a1), address2: nz(a2), zipCode: nz(zip), city: nz(city), countryCode: nz(country) };
}

const DELIVERY_FROM_FX: Record<string, InvoiceDeliveryMethod> = {
  EMAIL: 'email',
  PRINT: 'print',
  PRINTSERVICE: 'externalprint',
  EXTERNALPRINT: 'externalprint',
  ELECTRONICINVOICE: 'einvoice',
  EINVOICE: 'einvoice',
};
const DELIVERY_TO_FX: Record<InvoiceDeliveryMethod, NonNullable<FxDefaultDeliveryTypes['Invoice']>> = {
  email: 'EMAIL',
  print: 'PRINT',
  externalprint: 'PRINTSERVICE',
  einvoice: 'ELECTRONICINVOICE',
};

/** Puts `value` under `key` when the caller gave it; null clears. */
function put(
  out: Record<string, unknown>,
  key: string,
  value: unknown,
  present: boolean,
  convert: (v: never) => unknown = (v) => v,
) {
  if (!present) return;
  out[key] = value === null ? API_BLANK : convert(value as never);
}

// ---- customers --------------------------------------------------------------------------------

export function customerFromFx(fx: Loose<FxCustomer>): AccCustomer {
  return {
    number: String(fx.CustomerNumber ?? ''),
    externalRef: nz(fx.ExternalReference),
    modifiedAt: null,
    name: String(fx.Name ?? ''),
    type: fx.Type === 'COMPANY' ? 'company' : 'private',
    organisationNumber: nz(fx.OrganisationNumber),
    active: fx.Active === undefined ? true : bool(fx.Active),
    address: address(fx.Address1, fx.Address2, fx.ZipCode, fx.City, fx.CountryCode),
    deliveryAddress: address(
      fx.DeliveryAddress1,
      fx.DeliveryAddress2,
      fx.DeliveryZipCode,
      fx.DeliveryCity,
      fx.DeliveryCountryCode,
    ),
    phone1: nz(fx.Phone1),
    phone2: nz(fx.Phone2),
    email: nz(fx.Email),
    emailInvoice: nz(fx.EmailInvoice),
    www: nz(fx.WWW),
    fax: nz(fx.Fax),
    yourReference: nz(fx.YourReference),
    ourReference: nz(fx.OurReference),
    notes: nz(fx.Comments),
    termsOfPayment: nz(fx.TermsOfPayment),
    termsOfDelivery: nz(fx.TermsOfDelivery),
    currency: nz(fx.Currency) ?? 'SEK',
    priceList: nz(fx.PriceList),
    invoiceDiscountBasisPoints:
      fx.InvoiceDiscount === undefined || fx.InvoiceDiscount === null ? null : Math.round(Number(fx.InvoiceDiscount) * 100),
    invoiceAdministrationFeeOre: nz(fx.InvoiceAdministrationFee) === null ? null : kronorToOre(fx.InvoiceAdministrationFee),
    invoiceFreightOre: nz(fx.InvoiceFreight) === null ? null : kronorToOre(fx.InvoiceFreight),
    vatType: fx.VATType ?? 'SEVAT',
    salesAccount: nz(fx.SalesAccount),
    costCenter: nz(fx.CostCenter),
    project: nz(fx.Project),
    defaultDelivery: fx.DefaultDeliveryTypes?.Invoice ? (DELIVERY_FROM_FX[fx.DefaultDeliveryTypes.Invoice] ?? null) : null,
    invoiceTemplate: nz(fx.DefaultTemplates?.Invoice),
  };
}

/**
 * A customer list item (CONTRACT.md rule L1): its telephone is `Phone`, not `Phone1`; what it
 * does not carry is mapped to empty values or defaults, which the mirror does not store over a
 * whole read (resources/customers.ts `summaryOmits`).
 */
export function customerFromListItem(fx: Loose<FxCustomer> & { Phone?: string }): AccCustomer {
  const { Phone, Phone1: _phone1, ...rest } = fx;
  return customerFromFx({ ...rest, Phone1: Phone });
}

export function customerToFx(
  fields: Partial<CustomerFields> & { number?: string },
  externalRef?: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const has = (k: keyof CustomerFields) => k in fields;
  if (fields.number) out.CustomerNumber = fields.number;
  if (externalRef !== undefined) out.ExternalReference = externalRef;
  put(out, 'Name', fields.name, has('name'));
  put(out, 'Type', fields.type, has('type'), (v: CustomerFields['type']) => (v === 'company' ? 'COMPANY' : 'PRIVATE'));
  put(out, 'OrganisationNumber', fields.organisationNumber, has('organisationNumber'));
  put(out, 'Active', fields.active, has('active'));
  if (fields.address) {
    put(out, 'Address1', fields.address.address1, true);
    put(out, 'Address2', fields.address.address2, true);
    put(out, 'ZipCode', fields.address.zipCode, true);
    put(out, 'City', fields.address.city, true);
    put(out, 'CountryCode', fields.address.countryCode, true);
  }
  if (fields.deliveryAddress) {
    put(out, 'DeliveryAddress1', fields.deliveryAddress.address1, true);
    put(out, 'DeliveryAddress2', fields.deliveryAddress.address2, true);
    put(out, 'DeliveryZipCode', fields.deliveryAddress.zipCode, true);
    put(out, 'DeliveryCity', fields.deliveryAddress.city, true);
    put(out, 'DeliveryCountryCode', fields.deliveryAddress.countryCode, true);
  }
  put(out, 'Phone1', fields.phone1, has('phone1'));
  put(out, 'Phone2', fields.phone2, has('phone2'));
  put(out, 'Email', fields.email, has('email'));
  put(out, 'EmailInvoice', fields.emailInvoice, has('emailInvoice'));
  put(out, 'WWW', fields.www, has('www'));
  put(out, 'Fax', fields.fax, has('fax'));
  put(out, 'YourReference', fields.yourReference, has('yourReference'));
  put(out, 'OurReference', fields.ourReference, has('ourReference'));
  put(out, 'Comments', fields.notes, has('notes'));
  put(out, 'TermsOfPayment', fields.termsOfPayment, has('termsOfPayment'));
  put(out, 'TermsOfDelivery', fields.termsOfDelivery, has('termsOfDelivery'));
  put(out, 'Currency', fields.currency, has('currency'));
  put(out, 'PriceList', fields.priceList, has('priceList'));
  put(out, 'InvoiceDiscount', fields.invoiceDiscountBasisPoints, has('invoiceDiscountBasisPoints'), (v: number) => v / 100);
  put(out, 'InvoiceAdministrationFee', fields.invoiceAdministrationFeeOre, has('invoiceAdministrationFeeOre'), (v: number) =>
    String(oreToKronor(v)),
  );
  put(out, 'InvoiceFreight', fields.invoiceFreightOre, has('invoiceFreightOre'), (v: number) => String(oreToKronor(v)));
  put(out, 'VATType', fields.vatType, has('vatType'));
  put(out, 'SalesAccount', fields.salesAccount, has('salesAccount'));
  put(out, 'CostCenter', fields.costCenter, has('costCenter'));
  put(out, 'Project', fields.project, has('project'));
  if (has('defaultDelivery') && fields.defaultDelivery)
    out.DefaultDeliveryTypes = { Invoice: DELIVERY_TO_FX[fields.defaultDelivery] };
  if (has('invoiceTemplate') && fields.invoiceTemplate) out.DefaultTemplates = { Invoice: fields.invoiceTemplate };
  return out;
}

// ---- articles ---------------------------------------------------------------------------------

export function articleFromFx(fx: Loose<FxArticle>): AccArticle {
  const num = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));
  return {
    number: String(fx.ArticleNumber ?? ''),
    externalRef: null,
    modifiedAt: null,
    description: String(fx.Description ?? ''),
    type: fx.Type === 'STOCK' ? 'STOCK' : 'SERVICE',
    unit: nz(fx.Unit),
    active: fx.Active === undefined ? true : bool(fx.Active),
    discontinued: bool(fx.Expired),
    ean: nz(fx.EAN),
    manufacturer: nz(fx.Manufacturer),
    manufacturerArticleNumber: nz(fx.ManufacturerArticleNumber),
    supplierNumber: nz(fx.SupplierNumber),
    stockItem: bool(fx.StockGoods),
    stockPlace: nz(fx.StockPlace),
    stockQuantityHundredths: fx.QuantityInStock === undefined ? null : quantityToHundredths(fx.QuantityInStock),
    disposableQuantityHundredths: fx.DisposableQuantity === undefined ? null : quantityToHundredths(fx.DisposableQuantity),
    orderPointHundredths: fx.StockWarning === undefined ? null : quantityToHundredths(fx.StockWarning),
    stockValueOre: fx.StockValue === undefined ? null : kronorToOre(fx.StockValue),
    salesAccountSe: nz(fx.SalesAccount),
    salesAccountEu: nz(fx.EUAccount),
    salesAccountExport: nz(fx.ExportAccount),
    purchaseAccount: nz(fx.PurchaseAccount),
    vatPercent: Number(fx.VAT ?? 25),
    salesPriceOre: fx.SalesPrice === undefined ? null : kronorToOre(fx.SalesPrice),
    purchasePriceOre: fx.PurchasePrice === undefined ? null : kronorToOre(fx.PurchasePrice),
    widthMm: orNull(num(fx.Width)),
    heightMm: orNull(num(fx.Height)),
    depthMm: orNull(num(fx.Depth)),
    weightGrams: orNull(num(fx.Weight)),
    notes: nz(fx.Note),
  };
}

export function articleToFx(fields: Partial<ArticleFields> & { number?: string }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const has = (k: keyof ArticleFields) => k in fields;
  const account = (v: string) => Number(v);
  if (fields.number) out.ArticleNumber = fields.number;
  put(out, 'Description', fields.description, has('description'));
  put(out, 'Type', fields.type, has('type'));
  put(out, 'Unit', fields.unit, has('unit'));
  put(out, 'Active', fields.active, has('active'));
  put(out, 'Expired', fields.discontinued, has('discontinued'));
  put(out, 'EAN', fields.ean, has('ean'));
  put(out, 'Manufacturer', fields.manufacturer, has('manufacturer'));
  put(out, 'ManufacturerArticleNumber', fields.manufacturerArticleNumber, has('manufacturerArticleNumber'));
  put(out, 'SupplierNumber', fields.supplierNumber, has('supplierNumber'));
  put(out, 'StockGoods', fields.stockItem, has('stockItem'));
  put(out, 'StockPlace', fields.stockPlace, has('stockPlace'));
  put(out, 'QuantityInStock', fields.stockQuantityHundredths, has('stockQuantityHundredths'), (v: number) => v / 100);
  put(out, 'StockWarning', fields.orderPointHundredths, has('orderPointHundredths'), (v: number) => v / 100);
  put(out, 'SalesAccount', fields.salesAccountSe, has('salesAccountSe'), account);
  put(out, 'EUAccount', fields.salesAccountEu, has('salesAccountEu'), account);
  put(out, 'ExportAccount', fields.salesAccountExport, has('salesAccountExport'), account);
  put(out, 'PurchaseAccount', fields.purchaseAccount, has('purchaseAccount'), account);
  put(out, 'VAT', fields.vatPercent, has('vatPercent'));
  // SalesPrice is read-only in Fortnox (CONTRACT.md rule F1): the provider writes it as the price in
  // the preselected price list.
  put(out, 'PurchasePrice', fields.purchasePriceOre, has('purchasePriceOre'), oreToKronor);
  put(out, 'Width', fields.widthMm, has('widthMm'));
  put(out, 'Height', fields.heightMm, has('heightMm'));
  put(out, 'Depth', fields.depthMm, has('depthMm'));
  put(out, 'Weight', fields.weightGrams, has('weightGrams'));
  put(out, 'Note', fields.notes, has('notes'));
  return out;
}

// ---- rows -------------------------------------------------------------------------------------

export function rowFromFx(row: Loose<FxRow>): DocumentRow {
  const priceOre = kronorToOre(row.Price);
  const discount = Number(row.Discount ?? 0);
  return {
    articleNumber: nz(row.ArticleNumber),
    description: String(row.Description ?? ''),
    quantityHundredths: quantityToHundredths(row.DeliveredQuantity),
    unit: nz(row.Unit),
    priceOre,
    vatPercent: Number(row.VAT ?? 0),
    discountBasisPoints:
      row.DiscountType === 'AMOUNT'
        ? priceOre === 0
          ? 0
          : Math.round((kronorToOre(discount) / priceOre) * 10_000)
        : Math.round(discount * 100),
    costCenter: nz(row.CostCenter),
    project: nz(row.Project),
  };
}

export function rowToFx(row: DocumentRow): Record<string, unknown> {
  return {
    ArticleNumber: row.articleNumber ?? '',
    Description: row.description,
    DeliveredQuantity: hundredthsToQuantity(row.quantityHundredths),
    Unit: row.unit ?? '',
    Price: oreToKronor(row.priceOre),
    VAT: row.vatPercent,
    Discount: row.discountBasisPoints / 100,
    DiscountType: 'PERCENT',
    CostCenter: row.costCenter ?? '',
    Project: row.project ?? '',
  };
}

// ---- invoices ---------------------------------------------------------------------------------

export function invoiceFromFx(fx: Loose<FxInvoice>, payments: InvoicePayment[] = []): AccInvoice {
  const isCredit = bool(fx.Credit);
  const creditRef = nz(fx.CreditInvoiceReference);
  const hasCreditRef = creditRef !== null && creditRef !== '0';
  const contract = nz(fx.ContractReference);
  return {
    number: String(fx.DocumentNumber ?? ''),
    externalRef: nz(fx.ExternalInvoiceReference1),
    customerNumber: String(fx.CustomerNumber ?? ''),
    customerName: String(fx.CustomerName ?? ''),
    invoiceDate: String(fx.InvoiceDate ?? ''),
    dueDate: nz(fx.DueDate),
    termsOfPayment: nz(fx.TermsOfPayment),
    invoiceType: fx.InvoiceType === 'CASHINVOICE' ? 'CASH' : 'INVOICE',
    currency: nz(fx.Currency) ?? 'SEK',
    yourReference: nz(fx.YourReference),
    ourReference: nz(fx.OurReference),
    remarks: nz(fx.Remarks),
    costCenter: nz(fx.CostCenter),
    project: nz(fx.Project),
    rows: (fx.InvoiceRows ?? []).map((row) => rowFromFx(row as Loose<FxRow>)),
    ocr: nz(fx.OCR),
    netOre: kronorToOre(fx.Net),
    vatOre: kronorToOre(fx.TotalVAT),
    totalOre: kronorToOre(fx.Total),
    balanceOre: kronorToOre(fx.Balance),
    booked: bool(fx.Booked),
    cancelled: bool(fx.Cancelled),
    sent: bool(fx.Sent),
    isCredit,
    creditedInvoiceNumber: isCredit && hasCreditRef ? creditRef : null,
    credited: !isCredit && hasCreditRef,
    voucherNumbers: fx.VoucherNumber ? [`${fx.VoucherSeries ?? ''}${fx.VoucherNumber}`] : [],
    deliveryMethod: fx.WayOfDelivery ? (DELIVERY_FROM_FX[String(fx.WayOfDelivery)] ?? null) : null,
    contractNumber: contract && contract !== '0' ? contract : null,
    payments,
    modifiedAt: null,
  };
}

export function invoiceToFx(fields: Partial<InvoiceFields>, externalRef?: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const has = (k: keyof InvoiceFields) => k in fields;
  if (externalRef !== undefined) out.ExternalInvoiceReference1 = externalRef;
  put(out, 'CustomerNumber', fields.customerNumber, has('customerNumber'));
  put(out, 'InvoiceDate', fields.invoiceDate, has('invoiceDate'));
  if (has('dueDate') && fields.dueDate) out.DueDate = fields.dueDate;
  put(out, 'TermsOfPayment', fields.termsOfPayment, has('termsOfPayment'));
  put(out, 'InvoiceType', fields.invoiceType, has('invoiceType'), (v: InvoiceFields['invoiceType']) =>
    v === 'CASH' ? 'CASHINVOICE' : 'INVOICE',
  );
  put(out, 'Currency', fields.currency, has('currency'));
  put(out, 'YourReference', fields.yourReference, has('yourReference'));
  put(out, 'OurReference', fields.ourReference, has('ourReference'));
  put(out, 'Remarks', fields.remarks, has('remarks'));
  put(out, 'CostCenter', fields.costCenter, has('costCenter'));
  put(out, 'Project', fields.project, has('project'));
  if (fields.rows) out.InvoiceRows = fields.rows.map(rowToFx);
  return out;
}

export function paymentFromFx(fx: Loose<FxInvoicePayment>): InvoicePayment {
  return {
    number: String(fx.Number ?? ''),
    invoiceNumber: String(fx.InvoiceNumber ?? ''),
    paymentDate: String(fx.PaymentDate ?? ''),
    amountOre: kronorToOre(fx.Amount),
    modifiedAt: null,
  };
}

// ---- contracts --------------------------------------------------------------------------------

export function contractFromFx(fx: Loose<FxContract>): AccContract {
  const interval = Number(fx.InvoiceInterval ?? 12);
  return {
    number: String(fx.DocumentNumber ?? ''),
    externalRef: nz(fx.ExternalInvoiceReference1),
    customerNumber: String(fx.CustomerNumber ?? ''),
    customerName: String(fx.CustomerName ?? ''),
    contractDate: nz(fx.ContractDate),
    periodStart: String(fx.PeriodStart ?? ''),
    periodEnd: nz(fx.PeriodEnd),
    continuous: bool(fx.Continuous),
    contractLength: Number(fx.ContractLength ?? 0),
    invoiceInterval: ([1, 3, 6, 12].includes(interval) ? interval : 12) as AccContract['invoiceInterval'],
    active: fx.Active === undefined ? fx.Status !== 'INACTIVE' : bool(fx.Active),
    vatIncluded: bool(fx.VATIncluded),
    termsOfPayment: nz(fx.TermsOfPayment),
    yourReference: nz(fx.YourReference),
    ourReference: nz(fx.OurReference),
    remarks: nz(fx.Remarks),
    costCenter: nz(fx.CostCenter),
    project: nz(fx.Project),
    rows: (fx.InvoiceRows ?? []).map((row) => rowFromFx(row as Loose<FxRow>)),
    lastInvoiceDate: nz(fx.LastInvoiceDate),
    invoicesRemaining: fx.InvoicesRemaining === undefined || fx.InvoicesRemaining === null ? null : Number(fx.InvoicesRemaining),
    finished: fx.Status === 'FINISHED',
    totalOre: kronorToOre(fx.Total),
    modifiedAt: null,
  };
}

/**
 * A contract list item (CONTRACT.md rule L1): its interval is `Invoiceinterval` (lower-case i),
 * not `InvoiceInterval`; what it does not carry is mapped to empty values or defaults, which the
 * mirror does not store over a whole read (resources/contracts.ts `summaryOmits`).
 */
export function contractFromListItem(fx: Loose<FxContract> & { Invoiceinterval?: number }): AccContract {
  const { Invoiceinterval, InvoiceInterval: _whole, ...rest } = fx;
  return contractFromFx({ ...rest, InvoiceInterval: Invoiceinterval });
}

/**
 * A contract's end when the portal leaves it empty: its start plus its length, less a day (what
 * Fortnox shows for such a contract). Fortnox requires PeriodEnd on a create (CONTRACT.md rule R2).
 */
export function contractPeriodEnd(periodStart: string, contractLength: number): string {
  return addDays(addMonths(periodStart, contractLength), -1);
}

/** A contract create: every field Fortnox requires (CONTRACT.md rules R1, R2), PeriodEnd computed when not given. */
export function newContractToFx(fields: ContractFields, externalRef: string): Record<string, unknown> {
  return {
    ...contractToFx(fields, externalRef),
    PeriodEnd: fields.periodEnd || contractPeriodEnd(fields.periodStart, fields.contractLength),
  };
}

export function contractToFx(fields: Partial<ContractFields>, externalRef?: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const has = (k: keyof ContractFields) => k in fields;
  if (externalRef !== undefined) out.ExternalInvoiceReference1 = externalRef;
  put(out, 'CustomerNumber', fields.customerNumber, has('customerNumber'));
  put(out, 'ContractDate', fields.contractDate, has('contractDate'));
  put(out, 'PeriodStart', fields.periodStart, has('periodStart'));
  if (has('periodEnd') && fields.periodEnd) out.PeriodEnd = fields.periodEnd;
  put(out, 'Continuous', fields.continuous, has('continuous'));
  put(out, 'ContractLength', fields.contractLength, has('contractLength'));
  put(out, 'InvoiceInterval', fields.invoiceInterval, has('invoiceInterval'));
  put(out, 'Active', fields.active, has('active'));
  put(out, 'VATIncluded', fields.vatIncluded, has('vatIncluded'));
  put(out, 'TermsOfPayment', fields.termsOfPayment, has('termsOfPayment'));
  put(out, 'YourReference', fields.yourReference, has('yourReference'));
  put(out, 'OurReference', fields.ourReference, has('ourReference'));
  put(out, 'Remarks', fields.remarks, has('remarks'));
  put(out, 'CostCenter', fields.costCenter, has('costCenter'));
  put(out, 'Project', fields.project, has('project'));
  if (fields.rows) out.InvoiceRows = fields.rows.map(rowToFx);
  return out;
}

// ---- the rest ---------------------------------------------------------------------------------

/**
 * What the portal writes into a reversing voucher's `Comments` (resources/ledger.ts): its
 * reference, for the look-up after a lost answer, and the voucher it reverses (`A 17 (2025)`,
 * provider.ts voucherName).
 */
export const REVERSAL_COMMENT = /^Fairway (\S+) reverses (\S+ \d+(?: \([^()]+\))?)$/;
export const reversalComment = (externalRef: string, reverses: string) => `Fairway ${externalRef} reverses ${reverses}`;

/** `year`: the name of the voucher's financial year (`fx.Year` is its Id; resources/financial-years.ts). */
export function voucherFromFx(fx: Loose<FxVoucher>, year: string | null): AccVoucher {
  // The debit side of the voucher; Fortnox's list leaves rows out, so this is 0 until read in full.
  const debit = (fx.VoucherRows ?? []).reduce((sum, row) => sum + kronorToOre(row.Debit), 0);
  const reversal = REVERSAL_COMMENT.exec(String(fx.Comments ?? ''));
  return {
    series: String(fx.VoucherSeries ?? ''),
    number: String(fx.VoucherNumber ?? ''),
    year,
    date: String(fx.TransactionDate ?? ''),
    description: String(fx.Description ?? ''),
    amountOre: debit,
    transactionRef: nz(fx.ReferenceNumber),
    rows: (fx.VoucherRows ?? []).map((row) => ({
      account: String(row.Account ?? ''),
      debitOre: kronorToOre(row.Debit),
      creditOre: kronorToOre(row.Credit),
      description: nz(row.Description),
    })),
    reversesVoucher: reversal ? reversal[2] : null,
    books: FORTNOX_VOUCHER_BOOKS[String(fx.ReferenceType ?? '')] ?? null,
    modifiedAt: null,
  };
}

/**
 * The `ReferenceType`s of vouchers Fortnox books from a customer or supplier invoice (a cash
 * invoice is a customer invoice paid at once); `MANUAL`, payments and the rest book nothing we
 * compare elsewhere (providers/fortnox/CONTRACT.md rule L1: the list item carries ReferenceType).
 */
const FORTNOX_VOUCHER_BOOKS: Record<string, VoucherBooks> = {
  INVOICE: 'customer_invoice',
  CASHINVOICE: 'customer_invoice',
  SUPPLIERINVOICE: 'supplier_invoice',
};

export function orderFromFx(fx: Loose<FxOrder>): AccOrder {
  const invoiceReference = String(fx.InvoiceReference ?? '');
  return {
    number: String(fx.DocumentNumber ?? ''),
    customerNumber: String(fx.CustomerNumber ?? ''),
    customerName: String(fx.CustomerName ?? ''),
    orderDate: String(fx.OrderDate ?? ''),
    yourReference: nz(fx.YourReference),
    yourOrderNumber: nz(fx.YourOrderNumber),
    currency: String(fx.Currency || 'SEK'),
    totalOre: kronorToOre(fx.Total),
    vatOre: fx.TotalVAT === undefined || fx.TotalVAT === null ? null : kronorToOre(fx.TotalVAT),
    // An order row's quantity is what was ordered.
    rows: (fx.OrderRows ?? []).map((row) => rowFromFx({ ...row, DeliveredQuantity: row.OrderedQuantity })),
    remarks: nz(fx.Remarks),
    cancelled: bool(fx.Cancelled),
    invoiced: invoiceReference !== '' && invoiceReference !== '0',
    modifiedAt: null,
  };
}

/** A supplier, whole or as its list item (SupplierListItem has `Phone` where the supplier has `Phone1`). */
export function supplierFromFx(fx: Loose<FxSupplier> & { Phone?: string }): AccSupplier {
  return {
    number: String(fx.SupplierNumber ?? ''),
    name: String(fx.Name ?? ''),
    organisationNumber: nz(fx.OrganisationNumber),
    address: address(fx.Address1, fx.Address2, fx.ZipCode, fx.City, fx.CountryCode),
    email: nz(fx.Email),
    phone: nz(fx.Phone1 ?? fx.Phone),
    bankgiro: nz(fx.BG),
    plusgiro: nz(fx.PG),
    bankAccount: nz(fx.BankAccountNumber) ?? nz(fx.IBAN),
    currency: nz(fx.Currency),
    active: fx.Active === undefined ? true : bool(fx.Active),
    modifiedAt: null,
  };
}

export function supplierInvoiceFromFx(fx: Loose<FxSupplierInvoice>): AccSupplierInvoice {
  return {
    number: String(fx.GivenNumber ?? ''),
    supplierNumber: String(fx.SupplierNumber ?? ''),
    supplierName: nz(fx.SupplierName),
    invoiceNumber: nz(fx.InvoiceNumber),
    ocr: nz(fx.OCR),
    bankAccount: null,
    invoiceDate: String(fx.InvoiceDate ?? ''),
    dueDate: nz(fx.DueDate),
    currency: String(fx.Currency || 'SEK'),
    totalOre: kronorToOre(fx.Total),
    vatOre: fx.VAT === undefined || fx.VAT === null ? null : kronorToOre(fx.VAT),
    comments: nz(fx.Comments),
    // Rows with the supplier-debt and VAT accounts are the booking's other side: only the cost rows.
    rows: (fx.SupplierInvoiceRows ?? [])
      .filter((row) => !SUPPLIER_INVOICE_BALANCE_ACCOUNTS.has(Number(row.Account)))
      .map((row) => ({
        account: row.Account === undefined || row.Account === null ? null : String(row.Account),
        articleNumber: nz(row.ArticleNumber),
        description: nz(row.ItemDescription),
        amountOre: kronorToOre(row.Total ?? (row.Debit ?? 0) - (row.Credit ?? 0)),
      })),
    booked: bool(fx.Booked),
    cancelled: bool(fx.Cancelled),
    credit: bool(fx.Credit),
    modifiedAt: null,
  };
}

/** Supplier debt (2440) and incoming VAT (2640/2641/2645): the booking rows Fortnox adds to a supplier invoice. */
export const SUPPLIER_INVOICE_BALANCE_ACCOUNTS = new Set([2440, 2640, 2641, 2645]);

export function companyFromFx(fx: Loose<FxCompanyInformation>): AccCompany {
  return {
    name: String(fx.CompanyName ?? ''),
    organisationNumber: nz(fx.OrganizationNumber),
    address: address(fx.Address, null, fx.ZipCode, fx.City, fx.CountryCode),
    email: null,
    phone: null,
    databaseNumber: fx.DatabaseNumber === undefined || fx.DatabaseNumber === null ? null : String(fx.DatabaseNumber),
  };
}

export function codeItem(code: unknown, name: unknown, extra: Partial<CodeItem> = {}): CodeItem {
  return { code: String(code ?? ''), name: String(name ?? ''), ...extra };
}
