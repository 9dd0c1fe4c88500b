import type { DuplicateField, DuplicateResource, TransactionIdField } from '@fairway/shared';

export type { DuplicateField, DuplicateResource, TransactionIdField } from '@fairway/shared';
export { DUPLICATE_FIELDS, DUPLICATE_RESOURCES } from '@fairway/shared';

export interface DocumentRowInput {
  /** Article number, or the account for a voucher row. */
  code: string;
  /** The row's amount in öre (quantity × price, or debit − credit). */
  amount: number;
}

/**
 * The document the duplicate engine compares: what every accounting resource of the mirror can be
 * mapped to. Amounts are integers in minor units (öre), dates ISO `YYYY-MM-DD`. Every field but
 * `resource`, `id`, `amount` and `date` may be missing; a missing field is "not compared", never
 * a difference (docs/duplicates.md#fields).
 */
export interface DuplicateDocument {
  resource: DuplicateResource;
  /** The program's own id or number of the document: identifies it, never compared. */
  id: string;
  counterpartyId?: string | null;
  counterpartyName?: string | null;
  /** The transaction reference: the supplier's invoice number, the customer's order or their reference. */
  reference?: string | null;
  ocr?: string | null;
  /** Bankgiro, plusgiro or account number the document is paid to. */
  bankAccount?: string | null;
  /** Amount including VAT, in öre; negative for a credit. */
  amount: number;
  /** The VAT of `amount`, in öre, when the program knows it (so excl. VAT = amount − vat). */
  vatAmount?: number | null;
  currency?: string | null;
  date: string;
  dueDate?: string | null;
  text?: string | null;
  rows?: readonly DocumentRowInput[] | null;
}

/** Which field is a resource's transaction ID and which fields are compared. */
export interface FieldMapping {
  transactionIdField: TransactionIdField;
  compared: readonly DuplicateField[];
}

/**
 * Defaults per resource. The program numbers customer invoices, orders and vouchers itself, so a
 * second entry gets a new number (and, for a customer invoice, a new OCR derived from it): those are
 * not compared. A supplier invoice carries the supplier's own number and OCR, which a second entry
 * copies, so there they are the strongest evidence.
 */
export const DEFAULT_FIELD_MAPPINGS: Readonly<Record<DuplicateResource, FieldMapping>> = {
  supplier_invoice: {
    transactionIdField: 'reference',
    compared: ['counterparty', 'reference', 'ocr', 'bankAccount', 'amount', 'currency', 'date', 'dueDate', 'text', 'rows'],
  },
  invoice: {
    transactionIdField: 'reference',
    compared: ['counterparty', 'reference', 'amount', 'currency', 'date', 'dueDate', 'text', 'rows'],
  },
  order: {
    transactionIdField: 'reference',
    compared: ['counterparty', 'reference', 'amount', 'currency', 'date', 'text', 'rows'],
  },
  voucher: {
    transactionIdField: 'reference',
    compared: ['reference', 'amount', 'date', 'text', 'rows'],
  },
};

export type FieldMappings = Readonly<Record<DuplicateResource, FieldMapping>>;
