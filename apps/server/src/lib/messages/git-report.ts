import type { MessageDictionary } from './types';

/** Messages of reporting payments and credits back to GIT, and of the scheduled auto-sync. */
export const gitReportMessages = {
  'gitReport.basisNotFound': {
    sv: 'Ett eller flera av de valda fakturaunderlagen finns inte',
    en: 'One or more of the chosen invoice bases do not exist',
  },
  'gitReport.notSynced': {
    sv: 'Fakturaunderlaget har ingen faktura i bokföringsprogrammet',
    en: 'The invoice basis has no invoice in the accounting program',
  },
  'gitReport.notPaid': {
    sv: 'Faktura {invoice} är inte betald i bokföringsprogrammet',
    en: 'Invoice {invoice} is not paid in the accounting program',
  },
  'gitReport.partlyPaidOnly': {
    sv: 'Faktura {invoice} är bara delvis betald (delbetalningar rapporteras inte enligt API-inställningarna)',
    en: 'Invoice {invoice} is only partly paid (part payments are not reported, see the API configuration)',
  },
  'gitReport.notCredited': {
    sv: 'Faktura {invoice} är inte krediterad i bokföringsprogrammet',
    en: 'Invoice {invoice} is not credited in the accounting program',
  },
  'gitReport.creditedInGit': {
    sv: 'Fakturaunderlaget är krediterat i GIT och kan inte markeras som betalt',
    en: 'The invoice basis is credited in GIT and cannot be marked paid',
  },
  'gitReport.imported': {
    sv: 'Fakturaunderlaget är importerat från Excel och finns inte i GIT; markera det som betalt eller krediterat i GIT direkt',
    en: 'The invoice basis was imported from Excel and does not exist in GIT; mark it paid or credited in GIT itself',
  },
  'gitReport.paused': {
    sv: 'Faktura {invoice} är pausad och rapporteras inte',
    en: 'Invoice {invoice} is paused and is not reported',
  },
  'gitReport.refusedByGit': {
    sv: 'GIT tog inte emot ändringen av faktura {invoice}: {reason}',
    en: 'GIT did not accept the change of invoice {invoice}: {reason}',
  },
  'gitReport.creditReason': {
    sv: 'Krediterad i bokföringen (faktura {invoice})',
    en: 'Credited in accounting (invoice {invoice})',
  },
  'gitReport.event.started': {
    sv: 'Rapportering till GIT startade ({kind})',
    en: 'Reporting to GIT started ({kind})',
  },
  'gitReport.event.finished': {
    sv: 'Rapportering till GIT klar: {paid} betalda, {partiallyPaid} delbetalda, {credited} krediterade, {failed} misslyckades',
    en: 'Reporting to GIT done: {paid} paid, {partiallyPaid} partly paid, {credited} credited, {failed} failed',
  },
  'gitReport.event.failed': { sv: 'Rapporteringen till GIT misslyckades', en: 'Reporting to GIT failed' },
  'gitReport.kind.paid': { sv: 'betalningar', en: 'payments' },
  'gitReport.kind.credited': { sv: 'krediteringar', en: 'credits' },
  'gitReport.kind.both': { sv: 'betalningar och krediteringar', en: 'payments and credits' },
} as const satisfies MessageDictionary;
