import type { MessageDictionary } from './types';

/** Messages of importing GIT's Excel export of an invoice batch (modules/git/import/). */
export const gitImportMessages = {
  'gitImport.notFound': { sv: 'Importen finns inte', en: 'The import does not exist' },
  'gitImport.fileRequired': { sv: 'Välj en Excel-fil (.xlsx)', en: 'Choose an Excel file (.xlsx)' },
  'gitImport.notXlsx': {
    sv: 'Filen måste vara en Excel-fil (.xlsx), som GIT:s export av en fakturaomgång',
    en: 'The file must be an Excel file (.xlsx), like GIT’s export of an invoice batch',
  },
  'gitImport.tooLarge': { sv: 'Filen får vara högst {max} MB', en: 'The file may be at most {max} MB' },
  'gitImport.unreadable': {
    sv: 'Excel-filen kunde inte läsas. Spara den igen som .xlsx och försök på nytt.',
    en: 'The Excel file could not be read. Save it again as .xlsx and try once more.',
  },
  'gitImport.empty': { sv: 'Filen innehåller inga rader att importera', en: 'The file holds no rows to import' },
  'gitImport.tooManyRows': {
    sv: 'Filen har fler än {max} rader. Dela upp fakturaomgången i flera filer.',
    en: 'The file has more than {max} rows. Split the invoice batch into several files.',
  },
  'gitImport.invalidRows': {
    sv: '{count} rader har fel. Rätta filen, eller välj att hoppa över fakturor med fel.',
    en: '{count} rows have errors. Correct the file, or choose to skip invoices with errors.',
  },
  'gitImport.nothingToImport': {
    sv: 'Det finns ingen giltig faktura att importera',
    en: 'There is no valid invoice to import',
  },
  'gitImport.event.committed': {
    sv: 'Fakturaomgången "{name}" importerades från Excel: {invoices} fakturor, {skipped} överhoppade',
    en: 'The invoice batch "{name}" was imported from Excel: {invoices} invoices, {skipped} skipped',
  },
  'gitImport.row.required': { sv: 'Värde saknas', en: 'Value missing' },
  'gitImport.row.tooLong': { sv: 'Högst {max} tecken', en: 'At most {max} characters' },
  'gitImport.row.golfId': {
    sv: 'Ogiltigt golf-ID "{value}": ange ÅÅMMDD-NNN med ett riktigt datum',
    en: 'Invalid golf ID "{value}": use YYMMDD-NNN with a real date',
  },
  'gitImport.row.payerUnknown': {
    sv: 'Betalarens namn saknas och betalaren finns inte bland GIT-medlemmarna',
    en: 'The payer’s name is missing and the payer is not among the GIT members',
  },
  'gitImport.row.email': { sv: 'Ogiltig e-postadress "{value}"', en: 'Invalid e-mail address "{value}"' },
  'gitImport.row.quantity': {
    sv: 'Antalet "{value}" är inget positivt tal',
    en: 'The quantity "{value}" is not a positive number',
  },
  'gitImport.row.amount': {
    sv: 'Beloppet "{value}" är inget belopp i kronor (t.ex. 1 234,50)',
    en: 'The amount "{value}" is not an amount in kronor (e.g. 1 234,50)',
  },
  'gitImport.row.vat': {
    sv: 'Momssatsen "{value}" måste vara 25, 12, 6 eller 0 %',
    en: 'The VAT rate "{value}" must be 25, 12, 6 or 0 %',
  },
  'gitImport.row.date': {
    sv: 'Ogiltigt datum "{value}": ange ÅÅÅÅ-MM-DD',
    en: 'Invalid date "{value}": use YYYY-MM-DD',
  },
  'gitImport.row.dueBeforeInvoice': {
    sv: 'Förfallodatum {dueDate} är före fakturadatum {invoiceDate}',
    en: 'The due date {dueDate} is before the invoice date {invoiceDate}',
  },
  'gitImport.row.otherPayer': {
    sv: 'Fakturan har en annan betalare ({first}) på rad {firstRow} än här ({payer})',
    en: 'The invoice has another payer ({first}) on row {firstRow} than here ({payer})',
  },
  'gitImport.row.otherDueDate': {
    sv: 'Fakturan har ett annat förfallodatum på rad {firstRow}',
    en: 'The invoice has another due date on row {firstRow}',
  },
  'gitImport.row.otherInvoiceDate': {
    sv: 'Fakturan har ett annat fakturadatum på rad {firstRow}',
    en: 'The invoice has another invoice date on row {firstRow}',
  },
  'gitImport.row.negativeTotal': {
    sv: 'Fakturans summa är negativ; en kreditering kan inte importeras som faktura',
    en: 'The invoice total is negative; a credit cannot be imported as an invoice',
  },
} as const satisfies MessageDictionary;
