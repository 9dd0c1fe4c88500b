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
  ArticleFields,
  CodeItem,
  ContractFields,
  CustomerFields,
  InvoiceDeliveryMethod,
  InvoiceFields,
  InvoicePayment,
  Page,
  RegisterPaymentInput,
} from '../accounting/provider';

/**
 * The wire contract between our server and the Visma Administration connector installed at a
 * club (PROTOCOL.md describes it for people). The reference connector (apps/visma-connector)
 * imports only the types of this file, so the two sides cannot drift apart silently.
 */

export const PROTOCOL_VERSION = 1;
/** The connector sends a heartbeat this often… */
export const HEARTBEAT_SECONDS = 30;
/** …and is "offline" after this long without any call. */
export const OFFLINE_AFTER_SECONDS = 120;
/** The longest a claim waits for work before answering an empty list. */
export const MAX_CLAIM_WAIT_SECONDS = 25;
/** How long a claimed item is the connector's before it returns to the queue. */
export const DEFAULT_LEASE_SECONDS = 60;
/** Claims per item before it is given up (a work item that crashes the connector every time). */
export const MAX_ATTEMPTS = 5;
/** A connector key: `fwc_` and 43 base64url characters (32 random bytes). */
export const CONNECTOR_KEY_PATTERN = /^fwc_[A-Za-z0-9_-]{43}$/;

/**
 * Every operation a work item can carry: one per `AccountingProvider` method. `read`s are not
 * kept when nobody waits for them; `write`s wait in the queue until the connector runs them.
 */
export const OPERATIONS = {
  'company.info': 'read',
  'codeLists.list': 'read',
  'customers.list': 'read',
  'customers.get': 'read',
  'customers.create': 'write',
  'customers.update': 'write',
  'articles.list': 'read',
  'articles.get': 'read',
  'articles.create': 'write',
  'articles.update': 'write',
  'invoices.list': 'read',
  'invoices.get': 'read',
  'invoices.create': 'write',
  'invoices.update': 'write',
  'invoices.bookkeep': 'write',
  'invoices.send': 'write',
  'invoices.cancel': 'write',
  'invoices.credit': 'write',
  'invoices.registerPayment': 'write',
  'invoices.pdf': 'read',
  'invoicePayments.list': 'read',
  'contracts.list': 'read',
  'contracts.get': 'read',
  'contracts.create': 'write',
  'contracts.update': 'write',
  'contracts.finish': 'write',
  'contracts.createInvoice': 'write',
  'vouchers.list': 'read',
  'orders.list': 'read',
  'suppliers.list': 'read',
  'suppliers.get': 'read',
  'supplierInvoices.list': 'read',
  'supplierInvoices.get': 'read',
} as const;

export type Operation = keyof typeof OPERATIONS;
export type OperationKind = (typeof OPERATIONS)[Operation];
export const OPERATION_NAMES = Object.keys(OPERATIONS) as [Operation, ...Operation[]];

export const CODE_LISTS = ['units', 'priceLists', 'costCenters', 'projects', 'termsOfPayment', 'termsOfDelivery'] as const;
export type CodeListName = (typeof CODE_LISTS)[number];

/** What the connector may say went wrong; the server maps it onto `AccountingError` kinds and messages. */
export const CONNECTOR_ERROR_KINDS = ['validation', 'not_found', 'conflict', 'licence_missing', 'unavailable'] as const;
export type ConnectorErrorKind = (typeof CONNECTOR_ERROR_KINDS)[number];

const text = (max: number) => z.string().trim().min(1).max(max);

export const registerBodySchema = z
  .object({
    protocolVersion: z.literal(PROTOCOL_VERSION),
    connectorVersion: text(40),
    /** The Windows computer name of the PC running Visma Administration. */
    machine: text(120),
    company: z
      .object({
        /** Företagsnamn as Visma Administration shows it. */
        name: text(200),
        /** The company's database folder (e.g. `Ftg1`), which identifies it among the PC's companies. */
        database: text(200),
      })
      .strict(),
  })
  .strict();
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const registerAnswerSchema = z.object({
  connectorId: z.string(),
  protocolVersion: z.number().int(),
  heartbeatSeconds: z.number().int(),
  maxClaimWaitSeconds: z.number().int(),
  leaseSeconds: z.number().int(),
});
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

export const heartbeatBodySchema = z
  .object({
    /** Items the connector is working on right now, for the log. */
    busy: z.number().int().min(0).max(1000).optional(),
  })
  .strict();
export type HeartbeatBody = z.infer<typeof heartbeatBodySchema>;

export const heartbeatAnswerSchema = z.object({ serverTime: z.string(), queued: z.number().int() });
export type HeartbeatAnswer = z.infer<typeof heartbeatAnswerSchema>;

export const claimBodySchema = z
  .object({
    /** 0 answers at once; up to 25 s the server holds the request until work arrives. */
    waitSeconds: z.number().int().min(0).max(MAX_CLAIM_WAIT_SECONDS).default(MAX_CLAIM_WAIT_SECONDS),
    /** Items to lease at most; the connector runs them in the order given. */
    max: z.number().int().min(1).max(20).default(5),
  })
  .strict();
export type ClaimBody = z.input<typeof claimBodySchema>;

export const workItemSchema = z.object({
  id: z.string(),
  operation: z.enum(OPERATION_NAMES),
  payload: z.unknown(),
  /** The portal's reference for creates (also inside the payload as `externalRef`). */
  idempotencyKey: z.string().nullable(),
  leaseUntil: z.string(),
  attempt: z.number().int(),
});
export type WorkItem = z.infer<typeof workItemSchema>;

export const claimAnswerSchema = z.object({ items: z.array(workItemSchema) });
export type ClaimAnswer = z.infer<typeof claimAnswerSchema>;

export const connectorErrorSchema = z
  .object({
    kind: z.enum(CONNECTOR_ERROR_KINDS),
    /** Visma Administration's own error, e.g. the ADK constant `ADKE_COULD_NOT_FIND_CUSTOMER`. */
    code: text(80),
    message: text(1000),
    /** The field the program refused, when it names one. */
    field: text(80).optional(),
  })
  .strict();
export type ConnectorError = z.infer<typeof connectorErrorSchema>;

/**
 * A result: `{ ok: true, data }` with the operation's answer in the normalized shapes of
 * accounting/provider.ts (checked against result-schemas.ts when the provider reads it), or
 * `{ ok: false, error }`.
 */
export const resultBodySchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }).strict(),
  z.object({ ok: z.literal(false), error: connectorErrorSchema }).strict(),
]);
export type ResultBody = z.infer<typeof resultBodySchema>;

export const resultAnswerSchema = z.object({
  /** False when the item already had a result (the first one counts) or was given up. */
  applied: z.boolean(),
});
export type ResultAnswer = z.infer<typeof resultAnswerSchema>;

/** The payload of each operation, as the provider queues it and the connector reads it. */
export interface OperationPayloads {
  'company.info': Record<string, never>;
  'codeLists.list': { list: CodeListName };
  'customers.list': { query: ListQueryPayload };
  'customers.get': { number: string };
  'customers.create': { fields: CustomerFields & { number?: string }; externalRef: string };
  'customers.update': { number: string; fields: Partial<CustomerFields> };
  'articles.list': { query: ListQueryPayload };
  'articles.get': { number: string };
  'articles.create': { fields: ArticleFields & { number?: string }; externalRef: string };
  'articles.update': { number: string; fields: Partial<ArticleFields> };
  'invoices.list': { query: ListQueryPayload };
  'invoices.get': { number: string };
  'invoices.create': { fields: InvoiceFields; externalRef: string };
  'invoices.update': { number: string; fields: Partial<InvoiceFields> };
  'invoices.bookkeep': { number: string };
  'invoices.send': { number: string; method: InvoiceDeliveryMethod };
  'invoices.cancel': { number: string };
  'invoices.credit': { number: string };
  'invoices.registerPayment': { number: string; payment: RegisterPaymentInput; externalRef: string };
  'invoices.pdf': { number: string };
  'invoicePayments.list': { query: ListQueryPayload };
  'contracts.list': { query: ListQueryPayload };
  'contracts.get': { number: string };
  'contracts.create': { fields: ContractFields; externalRef: string };
  'contracts.update': { number: string; fields: Partial<ContractFields> };
  'contracts.finish': { number: string };
  'contracts.createInvoice': { number: string };
  'vouchers.list': { query: ListQueryPayload };
  'orders.list': { query: ListQueryPayload };
  'suppliers.list': { query: ListQueryPayload };
  'suppliers.get': { number: string };
  'supplierInvoices.list': { query: ListQueryPayload };
  'supplierInvoices.get': { number: string };
}

export interface ListQueryPayload {
  page: number;
  pageSize: number;
  modifiedSince: string | null;
}

/** The connector pages at most this many documents per answer. */
export const MAX_PAGE_SIZE = 500;

/** What each operation answers in `{ ok: true, data }`: the normalized shapes of accounting/provider.ts. */
export interface OperationResults {
  'company.info': AccCompany;
  'codeLists.list': CodeItem[];
  'customers.list': Page<AccCustomer>;
  'customers.get': AccCustomer;
  'customers.create': AccCustomer;
  'customers.update': AccCustomer;
  'articles.list': Page<AccArticle>;
  'articles.get': AccArticle;
  'articles.create': AccArticle;
  'articles.update': AccArticle;
  'invoices.list': Page<AccInvoice>;
  'invoices.get': AccInvoice;
  'invoices.create': AccInvoice;
  'invoices.update': AccInvoice;
  'invoices.bookkeep': AccInvoice;
  'invoices.send': AccInvoice;
  'invoices.cancel': AccInvoice;
  'invoices.credit': AccInvoice;
  'invoices.registerPayment': InvoicePayment;
  /** The PDF, base64 encoded. */
  'invoices.pdf': { contentBase64: string };
  'invoicePayments.list': Page<InvoicePayment>;
  'contracts.list': Page<AccContract>;
  'contracts.get': AccContract;
  'contracts.create': AccContract;
  'contracts.update': AccContract;
  'contracts.finish': AccContract;
  'contracts.createInvoice': AccInvoice;
  'vouchers.list': Page<AccVoucher>;
  'orders.list': Page<AccOrder>;
  'suppliers.list': Page<AccSupplier>;
  'suppliers.get': AccSupplier;
  'supplierInvoices.list': Page<AccSupplierInvoice>;
  'supplierInvoices.get': AccSupplierInvoice;
}
