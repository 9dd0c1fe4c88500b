import type { MessageDictionary } from './types';

/** Messages of Dubbelkoll's suppliers, duplicate groups and scans (docs/duplicates.md). */
export const dubbelkollMessages = {
  'suppliers.notFound': { sv: 'Leverantören finns inte.', en: 'The supplier does not exist.' },
  'duplicates.notFound': { sv: 'Dubblettgruppen finns inte.', en: 'The duplicate group does not exist.' },
  'duplicates.memberNotFound': {
    sv: 'Dokumentet {number} är inte en dubblett i gruppen.',
    en: 'The document {number} is not a duplicate in the group.',
  },
  'duplicates.originalNotDuplicate': {
    sv: 'Originalet kan inte markeras som ”inte en dubblett” av sig självt: välj en av dubbletterna.',
    en: 'The original cannot be marked “not a duplicate” of itself: choose one of the duplicates.',
  },
  'duplicates.memberHandled': {
    sv: 'Dokumentet {number} är redan hanterat i bokföringsprogrammet och kan inte markeras som ”inte en dubblett”.',
    en: 'The document {number} has already been handled in the accounting program and cannot be marked “not a duplicate”.',
  },
  'duplicates.handlingUnderway': {
    sv: 'Gruppen hanteras just nu i bokföringsprogrammet. Vänta tills hanteringen är klar.',
    en: 'The group is being handled in the accounting program right now. Wait until the handling is done.',
  },
  'duplicates.scanUnderway': {
    sv: 'En dubblettsökning pågår redan. Den nya sökningen kan startas när den är klar.',
    en: 'A duplicate scan is already under way. A new scan can be started once it is done.',
  },
  'duplicates.event.scanFailed': {
    sv: 'Dubblettsökningen misslyckades',
    en: 'The duplicate scan failed',
  },
  'duplicates.event.resolved': {
    sv: '{user} markerade dubblettgruppen {number} som löst',
    en: '{user} marked the duplicate group {number} resolved',
  },
  'duplicates.event.unresolved': {
    sv: '{user} markerade dubblettgruppen {number} som olöst',
    en: '{user} marked the duplicate group {number} unresolved',
  },
  'duplicates.event.notDuplicate': {
    sv: '{user} markerade {duplicate} som inte en dubblett av {number}',
    en: '{user} marked {duplicate} not a duplicate of {number}',
  },
  'runs.duplicateScan.retrying': {
    sv: 'Dubblettsökningen försöks igen (försök {attempt} av {attempts} misslyckades)',
    en: 'The duplicate scan will be tried again (attempt {attempt} of {attempts} failed)',
  },
  'runs.duplicateScan.resumed': {
    sv: 'Dubblettsökningen avbröts (servern startades om) och fortsätter där den slutade',
    en: 'The duplicate scan was interrupted (the server restarted) and goes on where it stopped',
  },
} as const satisfies MessageDictionary;
