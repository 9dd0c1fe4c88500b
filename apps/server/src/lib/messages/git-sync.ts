import type { MessageDictionary } from './types';

/** Messages of the GIT → accounting sync (modules/git/sync/). */
export const gitSyncMessages = {
  'gitSync.missingArticles': {
    sv: 'GIT-artiklarna {codes} är inte kopplade till någon artikel i bokföringsprogrammet. Koppla eller skapa dem innan synkroniseringen.',
    en: 'The GIT articles {codes} are not mapped to an article in the accounting program. Map or create them before syncing.',
  },
  'gitSync.targetNotFound': {
    sv: 'Klubbkontot att synka till finns inte',
    en: 'The club account to sync to does not exist',
  },
  'gitSync.basisNotFound': {
    sv: 'Ett eller flera av de valda fakturaunderlagen finns inte i faktureringstillfället',
    en: 'One or more of the chosen invoice bases are not in the invoice occasion',
  },
  'gitSync.stopped': {
    sv: 'Synkroniseringen stoppades: {reason}',
    en: 'The sync was stopped: {reason}',
  },
  'gitSync.invoiceBooked': {
    sv: 'Fakturan {invoice} är bokförd och ändras inte; ändringen i GIT är inte överförd',
    en: 'Invoice {invoice} is booked and is not changed; the change in GIT has not been applied',
  },
  'gitSync.changeNotApplied': {
    sv: 'Underlaget har ändrats i GIT; ändringen förs inte över (automatisk uppdatering är avstängd)',
    en: 'The basis has changed in GIT; the change is not applied (automatic update is off)',
  },
  'gitSync.event.started': {
    sv: 'Synkronisering av {bases} fakturaunderlag till bokföringsprogrammet startade',
    en: 'Sync of {bases} invoice bases to the accounting program started',
  },
  'gitSync.event.finished': {
    sv: 'Synkroniseringen klar: {created} fakturor skapade, {sent} skickade, {updated} uppdaterade, {credited} krediterade, {failed} misslyckades',
    en: 'Sync finished: {created} invoices created, {sent} sent, {updated} updated, {credited} credited, {failed} failed',
  },
  'gitSync.event.failed': {
    sv: 'Synkroniseringen till bokföringsprogrammet misslyckades',
    en: 'The sync to the accounting program failed',
  },
  'gitSync.event.mapped': {
    sv: 'GIT-artikel {code} kopplades till artikel {number}',
    en: 'GIT article {code} was mapped to article {number}',
  },
  'gitSync.event.customerRecreated': {
    sv: 'Kund {old} för betalaren {golfId} finns inte längre i bokföringsprogrammet; kunden skapades igen som {number}',
    en: 'Customer {old} of payer {golfId} no longer exists in the accounting program; the customer was created again as {number}',
  },
  'gitSync.event.scheduledRefused': {
    sv: 'Den schemalagda synkroniseringen väntar: GIT-artiklarna {codes} är inte kopplade till någon artikel i bokföringsprogrammet',
    en: 'The scheduled sync is waiting: the GIT articles {codes} are not mapped to an article in the accounting program',
  },
  'gitSync.notice.scheduledRefused.subject': {
    sv: 'Automatisk synkronisering väntar på artikelkoppling',
    en: 'Automatic sync is waiting for article mapping',
  },
  'gitSync.notice.scheduledRefused.message': {
    sv: 'GIT-artiklarna {codes} saknar koppling till bokföringsprogrammet. Koppla dem under GIT → Artiklar så tar nästa schemalagda synkronisering med fakturorna.',
    en: 'The GIT articles {codes} have no mapping to the accounting program. Map them under GIT → Articles and the next scheduled sync takes the invoices.',
  },
} as const satisfies MessageDictionary;
