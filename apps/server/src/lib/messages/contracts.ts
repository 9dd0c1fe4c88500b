import type { MessageDictionary } from './types';

/** Messages of the contracts feature (docs/accounting-data.md#contracts): refusals, the schedules job, event log, export. */
export const contractsMessages = {
  'contracts.notFound': { sv: 'Avtalet finns inte.', en: 'The contract does not exist.' },
  'contracts.notSupported': {
    sv: 'Visma eEkonomi har inga avtal, så avtal kan inte visas eller ändras för den här klubben. Avtal finns när klubben använder Fortnox eller Visma Administration.',
    en: 'Visma eEkonomi has no contracts, so contracts cannot be shown or changed for this club account. Contracts are available when the club uses Fortnox or Visma Administration.',
  },
  'contracts.staleCopy': {
    sv: 'Bokföringsprogrammet kunde inte nås, så uppgifterna är de senast hämtade. {reason}',
    en: 'The accounting program could not be reached, so this is the last copy read. {reason}',
  },
  // Refusals by state (each action only where `CONTRACT_ACTION_STATES` allows it).
  'contracts.refused.update': {
    sv: 'Ett avslutat eller uppsagt avtal kan inte ändras.',
    en: 'A finished or terminated contract cannot be changed.',
  },
  'contracts.refused.terminate': {
    sv: 'Avtalet är redan avslutat eller uppsagt.',
    en: 'The contract is already finished or terminated.',
  },
  'contracts.refused.scheduleCancellation': {
    sv: 'Uppsägning kan bara schemaläggas för kommande, aktiva och inaktiva avtal.',
    en: 'A cancellation can only be scheduled for upcoming, active and inactive contracts.',
  },
  'contracts.refused.priceChange': {
    sv: 'Priser kan bara ändras på kommande, aktiva och inaktiva avtal.',
    en: 'Prices can only be changed on upcoming, active and inactive contracts.',
  },
  'contracts.refused.createInvoice': {
    sv: 'Faktura kan bara skapas från kommande och aktiva avtal.',
    en: 'An invoice can only be created from upcoming and active contracts.',
  },
  'contracts.invoice.periodAlreadyInvoiced': {
    sv: 'Avtalets period har redan fakturerats (senast fakturerat {date}). Ladda om avtalet innan du skapar nästa faktura.',
    en: "The contract's period has already been invoiced (last invoiced {date}). Reload the contract before creating the next invoice.",
  },
  'contracts.refused.tags': { sv: 'Avtalets taggar kan inte ändras.', en: "The contract's tags cannot be changed." },
  'contracts.priceChange.contractEnded': {
    sv: 'Avtalet är avslutat eller uppsagt, så priserna ändrades inte.',
    en: 'The contract is finished or terminated, so the prices were not changed.',
  },
  'contracts.priceChange.failed': {
    sv: 'Prisändringen kunde inte genomföras.',
    en: 'The price change could not be carried out.',
  },
  // Event log activities.
  'contracts.event.created': {
    sv: '{user} skapade avtalet {number} för {customer}',
    en: '{user} created the contract {number} for {customer}',
  },
  'contracts.event.updated': {
    sv: '{user} ändrade avtalet {number} för {customer}',
    en: '{user} changed the contract {number} for {customer}',
  },
  'contracts.event.terminated': {
    sv: '{user} sade upp avtalet {number} för {customer}',
    en: '{user} terminated the contract {number} for {customer}',
  },
  'contracts.event.cancellationScheduled': {
    sv: '{user} schemalade uppsägning av avtalet {number} den {date}',
    en: '{user} scheduled the cancellation of the contract {number} on {date}',
  },
  'contracts.event.cancellationCleared': {
    sv: '{user} tog bort den schemalagda uppsägningen av avtalet {number}',
    en: '{user} removed the scheduled cancellation of the contract {number}',
  },
  'contracts.event.cancelled': {
    sv: 'Avtalet {number} för {customer} sades upp enligt schemat ({date})',
    en: 'The contract {number} for {customer} was cancelled as scheduled ({date})',
  },
  'contracts.event.cancellationFailed': {
    sv: 'Den schemalagda uppsägningen av avtalet {number} kunde inte genomföras',
    en: 'The scheduled cancellation of the contract {number} could not be carried out',
  },
  'contracts.event.priceChangeScheduled': {
    sv: '{user} schemalade en prisändring på {percent} % för avtalet {number} från {date}',
    en: '{user} scheduled a price change of {percent} % for the contract {number} from {date}',
  },
  'contracts.event.priceChangeApplied': {
    sv: 'Priserna på avtalet {number} ändrades med {percent} % ({date})',
    en: 'The prices of the contract {number} changed by {percent} % ({date})',
  },
  'contracts.event.priceChangeFailed': {
    sv: 'Prisändringen på {percent} % för avtalet {number} kunde inte genomföras',
    en: 'The price change of {percent} % for the contract {number} could not be carried out',
  },
  'contracts.event.tagged': {
    sv: '{user} ändrade taggarna på avtalet {number}: {tags}',
    en: '{user} changed the tags of the contract {number}: {tags}',
  },
  'contracts.event.invoiceCreated': {
    sv: '{user} skapade fakturan {invoice} från avtalet {number}',
    en: '{user} created the invoice {invoice} from the contract {number}',
  },
  // Export (CSV / Excel).
  'contracts.export.filename': { sv: 'avtal', en: 'contracts' },
  'contracts.export.number': { sv: 'Avtalsnummer', en: 'Contract number' },
  'contracts.export.customerNumber': { sv: 'Kundnummer', en: 'Customer number' },
  'contracts.export.customerName': { sv: 'Kund', en: 'Customer' },
  'contracts.export.contractDate': { sv: 'Avtalsdatum', en: 'Contract date' },
  'contracts.export.periodStart': { sv: 'Start', en: 'Start' },
  'contracts.export.periodEnd': { sv: 'Slut', en: 'End' },
  'contracts.export.continuous': { sv: 'Löpande', en: 'Continuous' },
  'contracts.export.length': { sv: 'Längd (mån)', en: 'Length (months)' },
  'contracts.export.interval': { sv: 'Intervall (mån)', en: 'Interval (months)' },
  'contracts.export.lastInvoiceDate': { sv: 'Senast fakturerad', en: 'Last invoiced' },
  'contracts.export.total': { sv: 'Belopp', en: 'Amount' },
  'contracts.export.status': { sv: 'Status', en: 'Status' },
  'contracts.export.category': { sv: 'Kategori', en: 'Category' },
  'contracts.export.tags': { sv: 'Taggar', en: 'Tags' },
  'contracts.export.cancellationDate': { sv: 'Uppsägs', en: 'Cancels on' },
  'contracts.export.yes': { sv: 'Ja', en: 'Yes' },
  'contracts.export.no': { sv: 'Nej', en: 'No' },
  'contracts.status.upcoming': { sv: 'Kommande', en: 'Upcoming' },
  'contracts.status.active': { sv: 'Aktiv', en: 'Active' },
  'contracts.status.inactive': { sv: 'Inaktiv', en: 'Inactive' },
  'contracts.status.finished': { sv: 'Avslutad', en: 'Finished' },
  'contracts.status.terminated': { sv: 'Uppsagd', en: 'Terminated' },
} as const satisfies MessageDictionary;
