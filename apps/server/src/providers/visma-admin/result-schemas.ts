import { z } from 'zod';
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
  CodeItem,
  DocumentRow,
  InvoicePayment,
  Page,
} from '../accounting/provider';
import type { Operation, OperationResults } from './protocol';

/**
 * The connector runs on a club's PC, with whatever version the club installed: its answers are
 * checked against the normalized shapes before anything in the portal (mirror, routes) sees them.
 * Each schema is annotated with the provider.ts type, so a field added there fails to compile
 * here until it is checked too.
 */

const str = z.string().max(2000);
const nstr = str.nullable();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ndate = date.nullable();
const int = z.number().int();
const nint = int.nullable();
const timestamp = z.string().max(40).nullable();

const address: z.ZodType<Address> = z.object({
  address1: nstr,
  address2: nstr,
  zipCode: nstr,
  city: nstr,
  countryCode: nstr,
});

const deliveryMethod = z.enum(['email', 'einvoice', 'externalprint', 'print']);

const codeItem: z.ZodType<CodeItem> = z.object({
  code: str,
  name: str,
  days: nint.optional(),
  active: z.boolean().optional(),
});

const company: z.ZodType<AccCompany> = z.object({
  name: str,
  organisationNumber: nstr,
  address,
  email: nstr,
  phone: nstr,
  databaseNumber: nstr,
});

const customer: z.ZodType<AccCustomer> = z.object({
  number: str,
  externalRef: nstr,
  modifiedAt: timestamp,
  name: str,
  type: z.enum(['company', 'private']),
  organisationNumber: nstr,
  active: z.boolean(),
  address,
  deliveryAddress: address,
  phone1: nstr,
  phone2: nstr,
  email: nstr,
  emailInvoice: nstr,
  www: nstr,
  fax: nstr,
  yourReference: nstr,
  ourReference: nstr,
  notes: nstr,
  termsOfPayment: nstr,
  termsOfDelivery: nstr,
  currency: str,
  priceList: nstr,
  invoiceDiscountBasisPoints: nint,
  invoiceAdministrationFeeOre: nint,
  invoiceFreightOre: nint,
  vatType: z.enum(['SEVAT', 'SEREVERSEDVAT', 'EUREVERSEDVAT', 'EUVAT', 'EXPORT']),
  salesAccount: nstr,
  costCenter: nstr,
  project: nstr,
  defaultDelivery: deliveryMethod.nullable(),
  invoiceTemplate: nstr,
});

const article: z.ZodType<AccArticle> = z.object({
  number: str,
  externalRef: nstr,
  modifiedAt: timestamp,
  description: str,
  type: z.enum(['STOCK', 'SERVICE']),
  unit: nstr,
  active: z.boolean(),
  discontinued: z.boolean(),
  ean: nstr,
  manufacturer: nstr,
  manufacturerArticleNumber: nstr,
  supplierNumber: nstr,
  stockItem: z.boolean(),
  stockPlace: nstr,
  stockQuantityHundredths: nint,
  disposableQuantityHundredths: nint,
  orderPointHundredths: nint,
  stockValueOre: nint,
  salesAccountSe: nstr,
  salesAccountEu: nstr,
  salesAccountExport: nstr,
  purchaseAccount: nstr,
  vatPercent: int,
  salesPriceOre: nint,
  purchasePriceOre: nint,
  widthMm: nint,
  heightMm: nint,
  depthMm: nint,
  weightGrams: nint,
  notes: nstr,
});

const row: z.ZodType<DocumentRow> = z.object({
  articleNumber: nstr,
  description: z.string().max(2000),
  quantityHundredths: int,
  unit: nstr,
  priceOre: int,
  vatPercent: int,
  discountBasisPoints: int,
  costCenter: nstr,
  project: nstr,
});

const payment: z.ZodType<InvoicePayment> = z.object({
  number: str,
  invoiceNumber: str,
  paymentDate: date,
  amountOre: int,
  modifiedAt: timestamp,
});

const invoice: z.ZodType<AccInvoice> = z.object({
  number: str,
  externalRef: nstr,
  customerNumber: str,
  customerName: str,
  invoiceDate: date,
  dueDate: ndate,
  termsOfPayment: nstr,
  invoiceType: z.enum(['INVOICE', 'CASH']),
  currency: str,
  yourReference: nstr,
  ourReference: nstr,
  remarks: nstr,
  costCenter: nstr,
  project: nstr,
  rows: z.array(row).max(1000),
  ocr: nstr,
  netOre: int,
  vatOre: int,
  totalOre: int,
  balanceOre: int,
  booked: z.boolean(),
  cancelled: z.boolean(),
  sent: z.boolean(),
  isCredit: z.boolean(),
  creditedInvoiceNumber: nstr,
  credited: z.boolean(),
  voucherNumbers: z.array(str).max(100),
  deliveryMethod: deliveryMethod.nullable(),
  contractNumber: nstr,
  payments: z.array(payment).max(1000),
  modifiedAt: timestamp,
});

const contract: z.ZodType<AccContract> = z.object({
  number: str,
  externalRef: nstr,
  customerNumber: str,
  customerName: str,
  contractDate: date,
  periodStart: date,
  periodEnd: ndate,
  continuous: z.boolean(),
  contractLength: int,
  invoiceInterval: z.union([z.literal(1), z.literal(3), z.literal(6), z.literal(12)]),
  active: z.boolean(),
  vatIncluded: z.boolean(),
  termsOfPayment: nstr,
  yourReference: nstr,
  ourReference: nstr,
  remarks: nstr,
  costCenter: nstr,
  project: nstr,
  rows: z.array(row).max(1000),
  lastInvoiceDate: ndate,
  invoicesRemaining: nint,
  finished: z.boolean(),
  totalOre: int,
  modifiedAt: timestamp,
});

const voucher: z.ZodType<AccVoucher> = z.object({
  series: str,
  number: str,
  // Added after protocol version 1 went out, like `books`: a connector that does not send it says null.
  year: nstr.default(null),
  date,
  description: z.string().max(2000),
  amountOre: int,
  transactionRef: nstr,
  rows: z.array(z.object({ account: str, debitOre: int, creditOre: int, description: nstr })).max(1000),
  reversesVoucher: nstr,
  // Added after protocol version 1 went out: a connector that does not send it says nothing (null).
  books: z.enum(['customer_invoice', 'supplier_invoice']).nullable().default(null),
  modifiedAt: timestamp,
});

const order: z.ZodType<AccOrder> = z.object({
  number: str,
  customerNumber: str,
  customerName: str,
  orderDate: date,
  yourReference: nstr,
  yourOrderNumber: nstr,
  currency: str,
  totalOre: int,
  vatOre: int.nullable(),
  rows: z.array(z.never()).max(0),
  remarks: nstr,
  cancelled: z.boolean(),
  invoiced: z.boolean(),
  modifiedAt: timestamp,
});

const supplier: z.ZodType<AccSupplier> = z.object({
  number: str,
  name: str,
  organisationNumber: nstr,
  address,
  email: nstr,
  phone: nstr,
  bankgiro: nstr,
  plusgiro: nstr,
  bankAccount: nstr,
  currency: nstr,
  active: z.boolean(),
  modifiedAt: timestamp,
});

const supplierInvoice: z.ZodType<AccSupplierInvoice> = z.object({
  number: str,
  supplierNumber: str,
  supplierName: nstr,
  invoiceNumber: nstr,
  ocr: nstr,
  bankAccount: nstr,
  invoiceDate: date,
  dueDate: ndate,
  currency: str,
  totalOre: int,
  vatOre: nint,
  comments: nstr,
  rows: z.array(z.object({ account: nstr, articleNumber: nstr, description: nstr, amountOre: int })).max(1000),
  booked: z.boolean(),
  cancelled: z.boolean(),
  credit: z.boolean(),
  modifiedAt: timestamp,
});

function page<T>(item: z.ZodType<T>): z.ZodType<Page<T>> {
  return z.object({
    items: z.array(item).max(500),
    page: int.min(1),
    totalPages: int.min(0),
    total: int.min(0),
  }) as z.ZodType<Page<T>>;
}

/** Base64 of a PDF of at most about 10 MB. */
const pdf = z.object({
  contentBase64: z
    .string()
    .max(14_000_000)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/),
});

export const RESULT_SCHEMAS: { [O in Operation]: z.ZodType<OperationResults[O]> } = {
  'company.info': company,
  'codeLists.list': z.array(codeItem).max(10_000),
  'customers.list': page(customer),
  'customers.get': customer,
  'customers.create': customer,
  'customers.update': customer,
  'articles.list': page(article),
  'articles.get': article,
  'articles.create': article,
  'articles.update': article,
  'invoices.list': page(invoice),
  'invoices.get': invoice,
  'invoices.create': invoice,
  'invoices.update': invoice,
  'invoices.bookkeep': invoice,
  'invoices.send': invoice,
  'invoices.cancel': invoice,
  'invoices.credit': invoice,
  'invoices.registerPayment': payment,
  'invoices.pdf': pdf,
  'invoicePayments.list': page(payment),
  'contracts.list': page(contract),
  'contracts.get': contract,
  'contracts.create': contract,
  'contracts.update': contract,
  'contracts.finish': contract,
  'contracts.createInvoice': invoice,
  'vouchers.list': page(voucher),
  'orders.list': page(order),
  'suppliers.list': page(supplier),
  'suppliers.get': supplier,
  'supplierInvoices.list': page(supplierInvoice),
  'supplierInvoices.get': supplierInvoice,
};
