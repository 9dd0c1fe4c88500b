import type { MessageDictionary } from './types';

/** Messages of the invoices feature (docs/invoices.md). */
export const invoicesMessages = {
  'invoices.notFound': { sv: 'Fakturan finns inte.', en: 'The invoice does not exist.' },
  // Refusals by state (docs/invoices.md#states): the portal checks before it calls the accounting program.
  'invoices.refused.cancelled': {
    sv: 'Fakturan {number} är makulerad; inget mer kan göras med den.',
    en: 'Invoice {number} is cancelled; nothing more can be done with it.',
  },
  'invoices.refused.booked': {
    sv: 'Fakturan {number} är bokförd och kan inte ändras eller makuleras. Kreditera den i stället.',
    en: 'Invoice {number} is booked and cannot be changed or cancelled. Credit it instead.',
  },
  'invoices.refused.notBooked': {
    sv: 'Fakturan {number} måste bokföras först.',
    en: 'Invoice {number} must be booked first.',
  },
  'invoices.refused.isCredit': {
    sv: 'Faktura {number} är en kreditfaktura och kan inte krediteras eller betalas.',
    en: 'Invoice {number} is a credit note and cannot be credited or paid.',
  },
  'invoices.refused.credited': {
    sv: 'Fakturan {number} är redan krediterad.',
    en: 'Invoice {number} has already been credited.',
  },
  'invoices.refused.paid': {
    sv: 'Fakturan {number} är redan helt betald.',
    en: 'Invoice {number} is already fully paid.',
  },
  'invoices.event.created': {
    sv: '{user} skapade faktura {number} till {customer}',
    en: '{user} created invoice {number} for {customer}',
  },
  'invoices.event.updated': { sv: '{user} ändrade faktura {number}', en: '{user} changed invoice {number}' },
  'invoices.event.booked': { sv: '{user} bokförde faktura {number}', en: '{user} booked invoice {number}' },
  'invoices.event.sent': {
    sv: '{user} skickade faktura {number} ({method})',
    en: '{user} sent invoice {number} ({method})',
  },
  'invoices.event.cancelled': { sv: '{user} makulerade faktura {number}', en: '{user} cancelled invoice {number}' },
  'invoices.event.credited': {
    sv: '{user} krediterade faktura {number} med kreditfaktura {credit}',
    en: '{user} credited invoice {number} with credit note {credit}',
  },
  'invoices.event.paid': {
    sv: '{user} registrerade en inbetalning på {amount} kr ({date}) på faktura {number}',
    en: '{user} registered a payment of {amount} kr ({date}) on invoice {number}',
  },
  'invoices.method.email': { sv: 'e-post', en: 'e-mail' },
  'invoices.method.einvoice': { sv: 'e-faktura', en: 'e-invoice' },
  'invoices.method.externalprint': { sv: 'extern utskrift', en: 'external print' },
  'invoices.method.print': { sv: 'utskrift', en: 'print' },
  'invoices.export.filename': { sv: 'fakturor', en: 'invoices' },
  'invoices.export.number': { sv: 'Fakturanummer', en: 'Invoice number' },
  'invoices.export.customerNumber': { sv: 'Kundnummer', en: 'Customer number' },
  'invoices.export.customerName': { sv: 'Kund', en: 'Customer' },
  'invoices.export.invoiceDate': { sv: 'Fakturadatum', en: 'Invoice date' },
  'invoices.export.dueDate': { sv: 'Förfallodatum', en: 'Due date' },
  'invoices.export.net': { sv: 'Belopp exkl. moms', en: 'Amount excl. VAT' },
  'invoices.export.vat': { sv: 'Moms', en: 'VAT' },
  'invoices.export.total': { sv: 'Totalt', en: 'Total' },
  'invoices.export.balance': { sv: 'Saldo', en: 'Balance' },
  'invoices.export.currency': { sv: 'Valuta', en: 'Currency' },
  'invoices.export.ocr': { sv: 'OCR', en: 'OCR' },
  'invoices.export.status': { sv: 'Status', en: 'Status' },
  'invoices.status.cancelled': { sv: 'Makulerad', en: 'Cancelled' },
  'invoices.status.credit': { sv: 'Kreditfaktura', en: 'Credit note' },
  'invoices.status.credited': { sv: 'Krediterad', en: 'Credited' },
  'invoices.status.paid': { sv: 'Betald', en: 'Paid' },
  'invoices.status.overdue': { sv: 'Förfallen', en: 'Overdue' },
  'invoices.status.unpaid': { sv: 'Obetald', en: 'Unpaid' },
  'invoices.status.unbooked': { sv: 'Ej bokförd', en: 'Not booked' },
  'invoices.pdfFilename': { sv: 'faktura-{number}.pdf', en: 'invoice-{number}.pdf' },
} as const satisfies MessageDictionary;
