import type { MessageKey } from '../../lib/i18n';
import { AccountingError } from '../accounting/errors';
import type { ConnectorError, Operation } from './protocol';

export const PROVIDER_NAME = 'Visma Administration';

/**
 * Visma Administration's own error codes (the constants of its integration kit, ADK) that the
 * portal tells apart; everything else is shown as "refused: <the program's message>".
 */
const CODE_MESSAGES: Record<string, MessageKey> = {
  ADKE_COULD_NOT_FIND_CUSTOMER: 'accounting.customerMissing',
  ADKE_OOF_INVALID_CUSTOMER: 'accounting.customerMissing',
  ADKE_COULD_NOT_FIND_ARTICLE: 'accounting.articleMissing',
  ADKE_OOF_INVALID_ARTICLE: 'accounting.articleMissing',
  ADKE_INVALID_INVOICE: 'accounting.invoiceMissing',
  ADKE_INVALID_AGREEMENT: 'accounting.contractMissing',
  ADKE_CUSTOMER_INVALID_CUSTOMERNR: 'accounting.customerNumberInUse',
  ADKE_INVOICE_EDIT_DENIED_BOOKKEEPING: 'accounting.invoiceBooked',
  ADKE_INVOICE_EDIT_DENIED_ALREADY_IN_LEDGER: 'accounting.invoiceBooked',
  ADKE_EDIT_DENIED_ALREADY_IN_LEDGER: 'accounting.invoiceBooked',
};

function missingKey(operation: Operation): MessageKey {
  if (operation.startsWith('customers.')) return 'accounting.customerMissing';
  if (operation.startsWith('articles.')) return 'accounting.articleMissing';
  if (operation.startsWith('invoices.')) return 'accounting.invoiceMissing';
  if (operation.startsWith('contracts.')) return 'accounting.contractMissing';
  return 'accounting.documentMissing';
}

/** The connector's error body for a work item, as the `AccountingError` the portal shows. */
export function toAccountingError(operation: Operation, error: ConnectorError | { kind: string; code: string; message: string }) {
  const options = { provider: 'visma_administration' as const, providerCode: error.code };
  const known = CODE_MESSAGES[error.code];
  // A number series key taken means the number is in use, in whichever register it was.
  const numberInUse =
    error.code === 'ADKE_KEY_TAKEN_IN_NUMBERSERIES'
      ? operation.startsWith('articles.')
        ? 'accounting.articleNumberInUse'
        : 'accounting.customerNumberInUse'
      : undefined;
  switch (error.kind) {
    case 'not_found':
      return new AccountingError('not_found', known ?? missingKey(operation), undefined, options);
    case 'conflict':
      return new AccountingError(
        'conflict',
        numberInUse ?? known ?? 'accounting.rejected',
        { provider: PROVIDER_NAME, detail: error.message },
        options,
      );
    case 'validation':
      return new AccountingError(
        'validation',
        known ?? 'accounting.rejected',
        { provider: PROVIDER_NAME, detail: error.message },
        options,
      );
    case 'licence_missing':
      return new AccountingError('licence_missing', 'accounting.licenceMissing', { provider: PROVIDER_NAME }, options);
    case 'timeout':
      return new AccountingError('timeout', 'accounting.timeout', { provider: PROVIDER_NAME }, options);
    default:
      return new AccountingError('unavailable', 'accounting.unavailable', { provider: PROVIDER_NAME }, options);
  }
}
