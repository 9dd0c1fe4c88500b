import { z } from 'zod';
import {
  accountingListQuery,
  basisPointsField,
  codeField,
  exportFormatSchema,
  isValidPersonalNumber,
  positiveOreField,
  textField,
} from '../accounting/accounting.schemas';
import { paginationSchema } from '../errors';
import { encodeMessage } from '../validation/messages';
import { isValidOrgNumber, PHONE_PATTERN, requiredString, URL_PATTERN } from '../validation/rules';

/** Customers (docs/accounting-data.md#customers), as the accounting program keeps them; the portal mirrors and edits them. */
export const CUSTOMER_TYPES = ['company', 'private'] as const;
export const VAT_TYPES = ['SEVAT', 'SEREVERSEDVAT', 'EUREVERSEDVAT', 'EUVAT', 'EXPORT'] as const;
export const DELIVERY_METHODS = ['email', 'einvoice', 'externalprint', 'print'] as const;

const phone = () => textField(32).refine((v) => v === null || PHONE_PATTERN.test(v), { message: encodeMessage('phone') });
const email = () =>
  textField(254).refine((v) => v === null || z.string().email().safeParse(v).success, { message: encodeMessage('email') });
const www = () => textField(2048).refine((v) => v === null || URL_PATTERN.test(v), { message: encodeMessage('url') });

export const addressSchema = z
  .object({
    address1: textField(1024).default(null),
    address2: textField(1024).default(null),
    zipCode: textField(10).default(null),
    city: textField(1024).default(null),
    /** ISO 3166-1 alpha-2. */
    countryCode: z
      .string()
      .trim()
      .max(2)
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/, { message: encodeMessage('length', { length: 2 }) })
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .default('SE'),
  })
  .strict();
export type AddressInput = z.infer<typeof addressSchema>;

const EMPTY_ADDRESS = { address1: null, address2: null, zipCode: null, city: null, countryCode: 'SE' };

/** Customer numbers: what Fortnox accepts (letters, digits, dash, underscore; up to 50). */
export const customerNumberField = () =>
  z
    .string()
    .trim()
    .max(50)
    .regex(/^[\p{L}\p{N}_-]*$/u, { message: encodeMessage('alpha_dash') });

const customerFields = {
  name: requiredString(1024),
  type: z.enum(CUSTOMER_TYPES).default('private'),
  /** Organisation number (company) or personal identity number (private). */
  organisationNumber: textField(13).default(null),
  active: z.boolean().default(true),
  address: addressSchema.default(EMPTY_ADDRESS),
  deliveryAddress: addressSchema.default(EMPTY_ADDRESS),
  phone1: phone().default(null),
  phone2: phone().default(null),
  email: email().default(null),
  emailInvoice: email().default(null),
  www: www().default(null),
  fax: phone().default(null),
  yourReference: textField(50).default(null),
  ourReference: textField(50).default(null),
  notes: textField(1024).default(null),
  termsOfPayment: codeField().default(null),
  termsOfDelivery: codeField().default(null),
  currency: z
    .string()
    .trim()
    .max(3)
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { message: encodeMessage('length', { length: 3 }) })
    .default('SEK'),
  priceList: codeField().default(null),
  invoiceDiscountBasisPoints: basisPointsField().nullable().default(null),
  invoiceAdministrationFeeOre: positiveOreField().nullable().default(null),
  invoiceFreightOre: positiveOreField().nullable().default(null),
  vatType: z.enum(VAT_TYPES).default('SEVAT'),
  salesAccount: textField(4)
    .refine((v) => v === null || /^\d{4}$/.test(v), { message: encodeMessage('digits', { length: 4 }) })
    .default(null),
  costCenter: codeField().default(null),
  project: codeField().default(null),
  defaultDelivery: z.enum(DELIVERY_METHODS).nullable().default(null),
  invoiceTemplate: textField(50).default(null),
  /** Kept by the portal only (the programs have no such fields). */
  sni: textField(10)
    .refine((v) => v === null || /^\d{2,5}$/.test(v), { message: encodeMessage('integer') })
    .default(null),
  cfar: textField(8)
    .refine((v) => v === null || /^\d{8}$/.test(v), { message: encodeMessage('digits', { length: 8 }) })
    .default(null),
  shopId: textField(50).default(null),
};

/**
 * The organisation number of a company, or the personal identity number of a private customer.
 * Checked even when other fields are wrong (`when`), so the form shows every mistake at once.
 */
const identityValid = (value: unknown): boolean => {
  const v = value as { type?: unknown; organisationNumber?: unknown } | null;
  const n = v?.organisationNumber;
  if (typeof n !== 'string' || n === '') return true;
  return v?.type === 'company' ? isValidOrgNumber(n) : isValidPersonalNumber(n);
};
const identityCheck = {
  path: ['organisationNumber'],
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};
const checkIdentity = <T extends z.ZodType>(schema: T) =>
  schema
    .refine((v) => (v as { type?: unknown }).type !== 'company' || identityValid(v), {
      ...identityCheck,
      message: encodeMessage('org_number'),
    })
    .refine((v) => (v as { type?: unknown }).type === 'company' || identityValid(v), {
      ...identityCheck,
      message: encodeMessage('personal_number'),
    });

/** POST customers: `number` may be left empty for the accounting program to assign the next one. */
/**
 * POST customers. `requestId` is the form's own id for this customer: sending the same form twice
 * (a double click, a retry after a lost or queued answer) answers the first customer instead of a second.
 */
export const createCustomerBodySchema = checkIdentity(
  z.object({ number: customerNumberField().default(''), ...customerFields, requestId: z.string().uuid().optional() }).strict(),
);
export type CreateCustomerBody = z.input<typeof createCustomerBodySchema>;
export type CreateCustomerInput = z.output<typeof createCustomerBodySchema>;

/** PUT customers/{id}: the whole customer (the number cannot change). */
export const updateCustomerBodySchema = checkIdentity(z.object(customerFields).strict());
export type UpdateCustomerBody = z.input<typeof updateCustomerBodySchema>;
export type UpdateCustomerInput = z.output<typeof updateCustomerBodySchema>;

const address = z.object({
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  countryCode: z.string().nullable(),
});

export const customerSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  name: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  organisationNumber: z.string().nullable(),
  active: z.boolean(),
  address,
  deliveryAddress: address,
  phone1: z.string().nullable(),
  phone2: z.string().nullable(),
  email: z.string().nullable(),
  emailInvoice: z.string().nullable(),
  www: z.string().nullable(),
  fax: z.string().nullable(),
  yourReference: z.string().nullable(),
  ourReference: z.string().nullable(),
  notes: z.string().nullable(),
  termsOfPayment: z.string().nullable(),
  termsOfDelivery: z.string().nullable(),
  currency: z.string(),
  priceList: z.string().nullable(),
  invoiceDiscountBasisPoints: z.number().int().nullable(),
  invoiceAdministrationFeeOre: z.number().int().nullable(),
  invoiceFreightOre: z.number().int().nullable(),
  vatType: z.enum(VAT_TYPES),
  salesAccount: z.string().nullable(),
  costCenter: z.string().nullable(),
  project: z.string().nullable(),
  defaultDelivery: z.enum(DELIVERY_METHODS).nullable(),
  invoiceTemplate: z.string().nullable(),
  sni: z.string().nullable(),
  cfar: z.string().nullable(),
  shopId: z.string().nullable(),
  /** When the portal last read it from the accounting program. */
  syncedAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerRowSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  name: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  organisationNumber: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  active: z.boolean(),
  /**
   * False while the portal has only the program's list item of the customer, which (Fortnox) has
   * no type and no active flag: `type` and `active` are then not the program's and are not shown.
   */
  readWhole: z.boolean(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const CUSTOMER_SORTS = ['number', 'name', 'type', 'city', 'organisationNumber'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

const customerFilters = {
  status: z.enum(['all', 'active', 'inactive']).default('all'),
  type: z.enum(['all', ...CUSTOMER_TYPES]).default('all'),
};
export const customersListQuerySchema = accountingListQuery(CUSTOMER_SORTS, customerFilters);
export type CustomersListQuery = z.input<typeof customersListQuerySchema>;
export type CustomersListFilter = z.output<typeof customersListQuerySchema>;

export const customersExportQuerySchema = customersListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: exportFormatSchema });
export type CustomersExportQuery = z.input<typeof customersExportQuerySchema>;

export const customersListSchema = z.object({ data: z.array(customerRowSchema), pagination: paginationSchema });

/** GET customers/search: the quick lookup of invoice and contract forms. */
export const customerSearchQuerySchema = z.object({ q: z.string().trim().max(100).default('') }).strict();
export const customerOptionSchema = z.object({ id: z.string().uuid(), number: z.string(), name: z.string() });
export type CustomerOption = z.infer<typeof customerOptionSchema>;
