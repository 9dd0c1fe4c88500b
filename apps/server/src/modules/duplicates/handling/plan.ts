import type { DuplicateResource, HandlingAction, HandlingStep } from '@fairway/shared';
import type { AccountingProvider, ProviderId } from '../../../providers/accounting/provider';

/**
 * What handling a duplicate does in the accounting program (docs/duplicates.md#handling), per
 * resource, program and the document's state. Only duplicates in state `open` are handled, never
 * a group's original. Where the program offers no safe write, the step is `manual`: a message
 * key (messages/duplicates-handling.ts) says what to do by hand.
 */

/** What a program can do to each resource, as its provider offers it (providers/<program>/provider.ts). */
export interface HandlingCapabilities {
  invoice: { cancel: boolean; credit: boolean };
  supplier_invoice: { cancel: boolean; credit: boolean };
  order: { cancel: boolean };
  voucher: { reverse: boolean };
}

/**
 * Per program, which writes handling uses. Every write named here is asserted against the
 * provider itself in plan.test.ts, so the table cannot promise what a provider lacks.
 */
export const PROGRAM_CAPABILITIES: Record<ProviderId, HandlingCapabilities> = {
  fortnox: {
    invoice: { cancel: true, credit: true },
    supplier_invoice: { cancel: true, credit: true },
    order: { cancel: true },
    voucher: { reverse: true },
  },
  // Visma eEkonomi books an invoice when it is made (providers/visma-eekonomi/provider.ts): never cancelled, credited.
  visma_eekonomi: {
    invoice: { cancel: false, credit: true },
    supplier_invoice: { cancel: false, credit: false },
    order: { cancel: false },
    voucher: { reverse: true },
  },
  visma_administration: {
    invoice: { cancel: true, credit: true },
    supplier_invoice: { cancel: false, credit: false },
    order: { cancel: false },
    voucher: { reverse: false },
  },
};

/** The writes a provider object offers (the capabilities read off the provider). */
export function capabilitiesOf(provider: AccountingProvider): HandlingCapabilities {
  return {
    invoice: { cancel: typeof provider.invoices.cancel === 'function', credit: typeof provider.invoices.credit === 'function' },
    supplier_invoice: {
      cancel: typeof provider.supplierInvoices?.cancel === 'function',
      credit: typeof provider.supplierInvoices?.credit === 'function',
    },
    order: { cancel: typeof provider.orders.cancel === 'function' },
    voucher: { reverse: typeof provider.vouchers.reverse === 'function' },
  };
}

/** A document's state in the program as far as handling cares. */
export interface HandlingDocumentState {
  booked: boolean;
  /** Cancelled, or (customer invoice) already credited: nothing is left to do. */
  done: boolean;
  /** An order turned into an invoice: it can no longer be cancelled. */
  invoiced: boolean;
}

export type ManualKey =
  | 'duplicates.handling.manual.invoiceCancel'
  | 'duplicates.handling.manual.invoiceCredit'
  | 'duplicates.handling.manual.supplierInvoiceCancel'
  | 'duplicates.handling.manual.supplierInvoiceCredit'
  | 'duplicates.handling.manual.orderCancel'
  | 'duplicates.handling.manual.orderInvoiced'
  | 'duplicates.handling.manual.voucherReverse'
  | 'duplicates.handling.manual.notInMirror';

export interface PlannedAction {
  action: HandlingAction;
  manualKey: ManualKey | null;
}

const manual = (manualKey: ManualKey): PlannedAction => ({ action: 'manual', manualKey });
const auto = (action: Exclude<HandlingAction, 'manual'>): PlannedAction => ({ action, manualKey: null });

/**
 * The action for one duplicate: a customer or supplier invoice is cancelled while unbooked and
 * credited once booked; an order is cancelled unless invoiced; a voucher is reversed. `null`
 * state: the document is not in the mirror (not read yet, or deleted in the program).
 */
export function actionFor(
  resource: DuplicateResource,
  capabilities: HandlingCapabilities,
  state: HandlingDocumentState | null,
): PlannedAction {
  if (!state) return manual('duplicates.handling.manual.notInMirror');
  switch (resource) {
    case 'invoice':
      if (state.booked) return capabilities.invoice.credit ? auto('credit') : manual('duplicates.handling.manual.invoiceCredit');
      return capabilities.invoice.cancel ? auto('cancel') : manual('duplicates.handling.manual.invoiceCancel');
    case 'supplier_invoice':
      if (state.booked)
        return capabilities.supplier_invoice.credit ? auto('credit') : manual('duplicates.handling.manual.supplierInvoiceCredit');
      return capabilities.supplier_invoice.cancel ? auto('cancel') : manual('duplicates.handling.manual.supplierInvoiceCancel');
    case 'order':
      if (state.invoiced) return manual('duplicates.handling.manual.orderInvoiced');
      return capabilities.order.cancel ? auto('cancel') : manual('duplicates.handling.manual.orderCancel');
    case 'voucher':
      return capabilities.voucher.reverse ? auto('reverse') : manual('duplicates.handling.manual.voucherReverse');
  }
}

/** The steps of a handling: one per open duplicate, in the order given. */
export function planSteps(
  resource: DuplicateResource,
  capabilities: HandlingCapabilities,
  documents: { number: string; state: HandlingDocumentState | null }[],
): HandlingStep[] {
  return documents.map((d) => ({ number: d.number, ...actionFor(resource, capabilities, d.state) }));
}

/** Whether a plan has anything the program can do (at least one step not `manual`). */
export const hasAutomaticStep = (steps: HandlingStep[]) => steps.some((s) => s.action !== 'manual');
