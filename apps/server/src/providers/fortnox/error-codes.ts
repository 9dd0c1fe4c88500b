/**
 * Fortnox `ErrorInformation.code` values the simulator answers and the client maps. The first
 * group is Fortnox's published list (developer.fortnox.se "Errors"), with its Swedish messages.
 * Fortnox does not publish codes for state refusals (a booked invoice changed, a cancelled
 * invoice sent…); it answers 400 with a Swedish sentence and a code from the same 2000xxx
 * range. The second group gives those refusals stable codes so the simulator and the client
 * agree; the client also falls back on the HTTP status for any code it does not know.
 */
export const FORTNOX_ERROR = {
  systemException: 1000003,
  notAlphanumeric: 2000106,
  notNumeric: 2000108,
  notBoolean: 2000134,
  couldNotFindCustomer: 2000204,
  invalidLogin: 2000310,
  missingToken: 2000311,
  invalidCharacters: 2000359,
  couldNotFindArticle2: 2000428,
  couldNotFindCustomer2: 2000433,
  invalidParameter: 2000588,
  customerNumberUsed: 2000637,
  noAccessToScope: 2000663,
  noValidIdentifier: 2000729,
  noActiveLicenceForScope: 2001101,
  apiLicenceMissing: 2001103,
  couldNotFindArticle: 2001302,
  accountNotFound: 2001304,
  incorrectData: 2001392,
  invalidFieldName: 2001399,
  jsonSyntax: 2002115,

  // State refusals and not-found answers (see above).
  invoiceNotFound: 2000430,
  contractNotFound: 2000431,
  paymentNotFound: 2000432,
  articleNumberUsed: 2000013,
  invoiceBooked: 2000600,
  invoiceCancelled: 2000601,
  invoiceNotBooked: 2000602,
  invoiceAlreadyCredited: 2000603,
  invoiceIsCredit: 2000604,
  missingEmail: 2000605,
  einvoiceNotPossible: 2000606,
  paymentBooked: 2000607,
  contractFinished: 2000610,
  contractInactive: 2000611,
  valueRequired: 2000612,
  invalidDate: 2000613,
  invalidVat: 2000614,
  priceNotFound: 2000615,
  priceExists: 2000616,
  supplierInvoiceBooked: 2000620,
  supplierInvoiceNotBooked: 2000621,
  supplierInvoiceCancelled: 2000622,
  supplierInvoiceAlreadyCredited: 2000623,
  supplierInvoiceIsCredit: 2000624,
  orderInvoiced: 2000625,
  orderCancelled: 2000626,
  voucherUnbalanced: 2000627,
  voucherSeriesMissing: 2000628,
  supplierNotFound: 2000629,
  /** No financial year covers the date (CONTRACT.md rule Y2), or the date is not in the year named. */
  financialYearMissing: 2000630,
  /** `financialyear` names a financial year the company does not have (rule Y2). */
  financialYearNotFound: 2000631,
} as const;

export type FortnoxErrorCode = (typeof FORTNOX_ERROR)[keyof typeof FORTNOX_ERROR];

/** The body of every Fortnox error answer. */
export interface FortnoxErrorBody {
  ErrorInformation: { error: number; message: string; code: number };
}

export function fortnoxErrorBody(code: number, message: string): FortnoxErrorBody {
  return { ErrorInformation: { error: 1, message, code } };
}
