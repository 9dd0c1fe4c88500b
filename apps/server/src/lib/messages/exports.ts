import type { MessageDictionary } from './types';

/**
 * Messages of the exports feature (docs/exports.md): errors, event log activities, file names, and the
 * column headings and values of the files (written in the language of the user who exported).
 */
export const exportsMessages = {
  'exports.notFound': { sv: 'Exporten finns inte.', en: 'The export does not exist.' },
  'exports.fileNotReady': {
    sv: 'Filen håller fortfarande på att skapas. Försök igen om en stund.',
    en: 'The file is still being made. Try again in a moment.',
  },
  'exports.fileFailed': {
    sv: 'Exporten misslyckades, så det finns ingen fil att hämta.',
    en: 'The export failed, so there is no file to download.',
  },
  'exports.fileExpired': {
    sv: 'Filen har tagits bort (filer sparas i {days} dagar). Gör en ny export.',
    en: 'The file has been removed (files are kept for {days} days). Make a new export.',
  },
  'exports.failedUnexpectedly': {
    sv: 'Exporten kunde inte skapas. Försök igen.',
    en: 'The export could not be made. Try again.',
  },
  'exports.failedGaveUp': {
    sv: 'Exporten kunde inte skapas efter flera försök: {error}',
    en: 'The export could not be made after several attempts: {error}',
  },

  // The event log (docs/messages.md#event-log).
  'exports.event.succeeded.members': {
    sv: 'Export av medlemmar {start} – {end}: {rows} rader ({format})',
    en: 'Export of members {start} – {end}: {rows} rows ({format})',
  },
  'exports.event.succeeded.invoices': {
    sv: 'Export av fakturor {start} – {end}: {rows} rader ({format})',
    en: 'Export of invoices {start} – {end}: {rows} rows ({format})',
  },
  'exports.event.succeeded.payments': {
    sv: 'Export av inbetalningar {start} – {end}: {rows} rader ({format})',
    en: 'Export of payments {start} – {end}: {rows} rows ({format})',
  },
  'exports.event.succeeded.git_bases': {
    sv: 'Export av GIT-fakturaunderlag {start} – {end}: {rows} rader ({format})',
    en: 'Export of GIT invoice bases {start} – {end}: {rows} rows ({format})',
  },
  'exports.event.failed': {
    sv: 'Exporten {start} – {end} misslyckades',
    en: 'The export {start} – {end} failed',
  },

  // File names (without the extension).
  'exports.file.members': { sv: 'medlemmar', en: 'members' },
  'exports.file.invoices': { sv: 'fakturor', en: 'invoices' },
  'exports.file.payments': { sv: 'inbetalningar', en: 'payments' },
  'exports.file.git_bases': { sv: 'git-fakturaunderlag', en: 'git-invoice-bases' },

  // Column headings.
  'exports.col.golfId': { sv: 'Golf-ID', en: 'Golf ID' },
  'exports.col.memberNumber': { sv: 'Medlemsnummer', en: 'Member number' },
  'exports.col.firstname': { sv: 'Förnamn', en: 'First name' },
  'exports.col.lastname': { sv: 'Efternamn', en: 'Last name' },
  'exports.col.personalNumber': { sv: 'Personnummer (maskerat)', en: 'Personal identity number (masked)' },
  'exports.col.email': { sv: 'E-post', en: 'E-mail' },
  'exports.col.phone': { sv: 'Mobiltelefon', en: 'Mobile phone' },
  'exports.col.memberCategory': { sv: 'Medlemskategori', en: 'Member category' },
  'exports.col.playerCategory': { sv: 'Spelarkategori', en: 'Player category' },
  'exports.col.memberSince': { sv: 'Medlem sedan', en: 'Member since' },
  'exports.col.family': { sv: 'Familj', en: 'Family' },
  'exports.col.status': { sv: 'Status', en: 'Status' },
  'exports.col.change': { sv: 'Ändring under perioden', en: 'Change in the period' },
  'exports.col.createdAt': { sv: 'Skapad', en: 'Created' },
  'exports.col.updatedAt': { sv: 'Senast ändrad', en: 'Last changed' },
  'exports.col.invoiceNumber': { sv: 'Fakturanummer', en: 'Invoice number' },
  'exports.col.invoiceDate': { sv: 'Fakturadatum', en: 'Invoice date' },
  'exports.col.dueDate': { sv: 'Förfallodatum', en: 'Due date' },
  'exports.col.customerNumber': { sv: 'Kundnummer', en: 'Customer number' },
  'exports.col.customerName': { sv: 'Kund', en: 'Customer' },
  'exports.col.total': { sv: 'Totalt (kr)', en: 'Total (SEK)' },
  'exports.col.balance': { sv: 'Saldo (kr)', en: 'Balance (SEK)' },
  'exports.col.currency': { sv: 'Valuta', en: 'Currency' },
  'exports.col.invoiceState': { sv: 'Status', en: 'State' },
  'exports.col.ocr': { sv: 'OCR', en: 'OCR' },
  'exports.col.paymentNumber': { sv: 'Betalningsnummer', en: 'Payment number' },
  'exports.col.paymentDate': { sv: 'Betaldatum', en: 'Payment date' },
  'exports.col.amount': { sv: 'Belopp (kr)', en: 'Amount (SEK)' },
  'exports.col.occasion': { sv: 'Faktureringsomgång', en: 'Invoice occasion' },
  'exports.col.basisNumber': { sv: 'Underlagsnummer', en: 'Basis number' },
  'exports.col.memberName': { sv: 'Medlem', en: 'Member' },
  'exports.col.payerGolfId': { sv: 'Betalarens golf-ID', en: "Payer's golf ID" },
  'exports.col.payerName': { sv: 'Betalare', en: 'Payer' },
  'exports.col.paid': { sv: 'Betalt (kr)', en: 'Paid (SEK)' },
  'exports.col.gitStatus': { sv: 'Betalstatus i GIT', en: 'Payment state in GIT' },
  'exports.col.paidAt': { sv: 'Betald', en: 'Paid on' },
  'exports.col.creditedAt': { sv: 'Krediterad', en: 'Credited on' },
  'exports.col.syncState': { sv: 'Synkstatus', en: 'Sync state' },
  'exports.col.accountingInvoice': { sv: 'Faktura i bokföringen', en: 'Invoice in accounting' },

  // Values.
  'exports.memberStatus.active': { sv: 'Aktiv', en: 'Active' },
  'exports.memberStatus.pending': { sv: 'Väntande', en: 'Pending' },
  'exports.memberStatus.paused': { sv: 'Vilande', en: 'Paused' },
  'exports.memberStatus.resigned': { sv: 'Utträdd', en: 'Resigned' },
  'exports.change.joined': { sv: 'Ny', en: 'Joined' },
  'exports.change.changed': { sv: 'Ändrad', en: 'Changed' },
  'exports.invoiceState.cancelled': { sv: 'Makulerad', en: 'Cancelled' },
  'exports.invoiceState.credit': { sv: 'Kreditfaktura', en: 'Credit invoice' },
  'exports.invoiceState.credited': { sv: 'Krediterad', en: 'Credited' },
  'exports.invoiceState.paid': { sv: 'Betald', en: 'Paid' },
  'exports.invoiceState.partlyPaid': { sv: 'Delbetald', en: 'Partly paid' },
  'exports.invoiceState.overdue': { sv: 'Förfallen', en: 'Overdue' },
  'exports.invoiceState.unpaid': { sv: 'Obetald', en: 'Unpaid' },
  'exports.gitStatus.unpaid': { sv: 'Obetald', en: 'Unpaid' },
  'exports.gitStatus.partially_paid': { sv: 'Delbetald', en: 'Partly paid' },
  'exports.gitStatus.paid': { sv: 'Betald', en: 'Paid' },
  'exports.gitStatus.credited': { sv: 'Krediterad', en: 'Credited' },
  'exports.syncState.synced': { sv: 'Skapad i bokföringen', en: 'Created in accounting' },
  'exports.syncState.notSynced': { sv: 'Inte synkad', en: 'Not synced' },
} as const satisfies MessageDictionary;
