import type { MessageDictionary } from './types';

/** Messages of the receipts feature (docs/receipts.md). */
export const receiptsMessages = {
  'receipts.selectInvoices': { sv: 'Välj en eller flera fakturor', en: 'Kindly select one or more invoices' },
  'receipts.outsideWindow': {
    sv: 'Kvitton skickas bara för fakturor som betalats helt de senaste 90 dagarna.',
    en: 'Receipts are sent only for invoices fully paid in the last 90 days.',
  },
  'receipts.notFound': {
    sv: 'Det finns inget kvitto för fakturan (den är inte helt betald de senaste 90 dagarna).',
    en: 'There is no receipt for the invoice (it is not fully paid in the last 90 days).',
  },
  'receipts.sendOutNotFound': { sv: 'Utskicket finns inte.', en: 'The send-out does not exist.' },
  'receipts.pdfFilename': { sv: 'kvitto-{number}.pdf', en: 'receipt-{number}.pdf' },
  'receipts.event.sendOut': {
    sv: 'Kvitton: {sent} skickade, {failed} misslyckades',
    en: 'Receipts: {sent} sent, {failed} failed',
  },
  'receipts.failure.no_email': { sv: 'Kunden saknar e-postadress', en: 'The customer has no e-mail address' },
  'receipts.failure.not_paid': {
    sv: 'Fakturan är inte längre helt betald',
    en: 'The invoice is no longer fully paid',
  },
  'receipts.event.sendOutFailed': {
    sv: 'Utskicket av kvitton misslyckades; kvitton som inte skickats kan väljas och skickas igen',
    en: 'The receipt send-out failed; receipts not sent can be chosen and sent again',
  },
  'receipts.failure.interrupted': {
    sv: 'Utskicket avbröts medan kvittot lämnades till e-postservern; det kan ha skickats. Skicka igen om kunden inte fått det.',
    en: 'The send-out was interrupted while the receipt was handed to the mail server; it may have been sent. Send it again if the customer did not get it.',
  },
  'receipts.failure.smtp': { sv: 'E-postservern tog inte emot meddelandet', en: 'The mail server refused the message' },
} as const satisfies MessageDictionary;
