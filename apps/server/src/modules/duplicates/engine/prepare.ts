import type { DuplicateDocument } from './model';
import {
  compactReference,
  dayNumber,
  normaliseAccount,
  normaliseCurrency,
  normaliseName,
  normaliseOcr,
  normaliseReference,
  normaliseText,
  rowsSignature,
} from './normalise';

/** A document with its normal forms computed once, as blocking and scoring read them. */
export interface PreparedDocument {
  doc: DuplicateDocument;
  /** The counterparty's id, or its normalised name when the program gave no id; null when neither. */
  counterparty: string | null;
  reference: string | null;
  /** The reference with its zeros, for typos (normalise.ts). */
  compactReference: string | null;
  ocr: string | null;
  bankAccount: string | null;
  /** Amount incl. VAT in öre. */
  amount: number;
  /** Amount excl. VAT in öre when the VAT is known, else null. */
  amountExclVat: number | null;
  currency: string;
  day: number;
  dueDay: number;
  text: string | null;
  rows: string | null;
}

export function prepareDocument(doc: DuplicateDocument): PreparedDocument {
  const counterparty = doc.counterpartyId?.trim() ? `id:${doc.counterpartyId.trim()}` : normaliseName(doc.counterpartyName);
  const vat = doc.vatAmount;
  return {
    doc,
    counterparty: counterparty && !counterparty.startsWith('id:') ? `name:${counterparty}` : counterparty,
    reference: normaliseReference(doc.reference),
    compactReference: compactReference(doc.reference),
    ocr: normaliseOcr(doc.ocr),
    bankAccount: normaliseAccount(doc.bankAccount),
    amount: doc.amount,
    amountExclVat: vat === null || vat === undefined || vat === 0 ? null : doc.amount - vat,
    currency: normaliseCurrency(doc.currency),
    day: dayNumber(doc.date),
    dueDay: dayNumber(doc.dueDate),
    text: normaliseText(doc.text),
    rows: rowsSignature(doc.rows),
  };
}
