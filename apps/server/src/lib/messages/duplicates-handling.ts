import type { MessageDictionary } from './types';

/** Handling duplicates in the accounting program (modules/duplicates/handling, docs/duplicates.md#handling). */
export const duplicatesHandlingMessages = {
  'duplicates.handling.groupNotFound': {
    sv: 'Dubblettgruppen finns inte.',
    en: 'The duplicate group does not exist.',
  },
  'duplicates.handling.documentNotFound': {
    sv: 'Dokumentet hör inte till dubblettgruppen.',
    en: 'The document is not part of the duplicate group.',
  },
  'duplicates.handling.groupResolved': {
    sv: 'Dubblettgruppen är redan löst.',
    en: 'The duplicate group is already resolved.',
  },
  'duplicates.handling.underWay': {
    sv: 'Dubbletterna i gruppen hanteras redan. Vänta tills det är klart.',
    en: 'The duplicates of this group are already being handled. Wait until it is done.',
  },
  'duplicates.handling.documentNotOpen': {
    sv: 'Dokument {number} är redan hanterat eller markerat som inte en dubblett.',
    en: 'Document {number} has already been handled or marked as not a duplicate.',
  },
  'duplicates.handling.nothingToHandle': {
    sv: 'Det finns inget som kan hanteras automatiskt i gruppen. Följ instruktionerna för att hantera dubbletterna för hand.',
    en: 'There is nothing in the group that can be handled automatically. Follow the instructions to handle the duplicates by hand.',
  },
  'duplicates.handling.orderInvoiced': {
    sv: 'Order {number} har fakturerats sedan planen visades och kan inte makuleras. Kreditera fakturan i bokföringsprogrammet.',
    en: 'Order {number} was invoiced after the plan was shown and cannot be cancelled. Credit the invoice in the accounting program.',
  },
  'duplicates.handling.documentChanged': {
    sv: 'Dokument {number} i bokföringsprogrammet är inte längre det som hittades som dubblett (t.ex. ett annat räkenskapsårs verifikation). Uppdatera och granska gruppen igen.',
    en: 'Document {number} in the accounting program is no longer the one found as a duplicate (e.g. a voucher of another financial year). Refresh and review the group again.',
  },
  'duplicates.handling.actionUnavailable': {
    sv: 'Bokföringsprogrammet erbjuder inte den åtgärd som behövs för dokument {number}. Hantera det för hand.',
    en: 'The accounting program does not offer the action document {number} needs. Handle it by hand.',
  },
  'duplicates.handling.manual.invoiceCancel': {
    sv: 'Makulera kundfakturan för hand i bokföringsprogrammet.',
    en: 'Cancel the customer invoice by hand in the accounting program.',
  },
  'duplicates.handling.manual.invoiceCredit': {
    sv: 'Fakturan är bokförd: skapa en kreditfaktura för den i bokföringsprogrammet.',
    en: 'The invoice is booked: create a credit note for it in the accounting program.',
  },
  'duplicates.handling.manual.supplierInvoiceCancel': {
    sv: 'Makulera leverantörsfakturan för hand i bokföringsprogrammet innan den betalas.',
    en: 'Cancel the supplier invoice by hand in the accounting program before it is paid.',
  },
  'duplicates.handling.manual.supplierInvoiceCredit': {
    sv: 'Leverantörsfakturan är bokförd: registrera en kreditfaktura för den i bokföringsprogrammet och stoppa betalningen om den inte gått iväg.',
    en: 'The supplier invoice is booked: register a credit for it in the accounting program and stop the payment if it has not gone out.',
  },
  'duplicates.handling.manual.orderCancel': {
    sv: 'Makulera ordern för hand i bokföringsprogrammet.',
    en: 'Cancel the order by hand in the accounting program.',
  },
  'duplicates.handling.manual.orderInvoiced': {
    sv: 'Ordern är redan fakturerad: kreditera fakturan som gjordes av den i bokföringsprogrammet.',
    en: 'The order has already been invoiced: credit the invoice made from it in the accounting program.',
  },
  'duplicates.handling.manual.voucherReverse': {
    sv: 'Bokför en rättelseverifikation med debet och kredit omvända i bokföringsprogrammet.',
    en: 'Book a correcting voucher with debit and credit swapped in the accounting program.',
  },
  'duplicates.handling.manual.notInMirror': {
    sv: 'Dokumentet har inte lästs från bokföringsprogrammet än. Uppdatera och försök igen, eller hantera det för hand.',
    en: 'The document has not been read from the accounting program yet. Refresh and try again, or handle it by hand.',
  },
  'duplicates.handling.event.done': {
    sv: 'Dubbletter hanterade i bokföringsprogrammet ({count} st, {group})',
    en: 'Duplicates handled in the accounting program ({count}, {group})',
  },
  'duplicates.handling.event.retrying': {
    sv: 'Hanteringen av dubbletter försöker igen efter ett fel',
    en: 'Handling of duplicates is retrying after a fault',
  },
  'duplicates.handling.event.resumed': {
    sv: 'Hanteringen av dubbletter fortsätter efter ett avbrott',
    en: 'Handling of duplicates resumes after an interruption',
  },
  'duplicates.handling.event.failed': {
    sv: 'Hanteringen av dubbletter misslyckades',
    en: 'Handling of duplicates failed',
  },
} satisfies MessageDictionary;
