import type { MessageDictionary } from './types';

/** Messages of the club account's GIT connection and the GIT mirror (modules/git). */
export const gitMessages = {
  'git.notConnected': {
    sv: 'Klubbkontot är inte kopplat till GIT. Koppla GIT under Integrationer.',
    en: 'The club account is not connected to GIT. Connect GIT under Integrations.',
  },
  'git.keyRevoked': {
    sv: 'GIT har återkallat API-nyckeln. Koppla GIT igen med en ny nyckel.',
    en: 'GIT has revoked the API key. Connect GIT again with a new key.',
  },
  'git.addressNotAllowed': {
    sv: 'GIT-kopplingen pekar på en adress som portalen inte får anropa. Koppla GIT igen med GIT:s adress.',
    en: 'The GIT connection points at an address the portal may not call. Connect GIT again with GIT’s address.',
  },
  'git.occasionNotFound': {
    sv: 'Faktureringstillfället finns inte',
    en: 'The invoice occasion does not exist',
  },
  'git.event.connected': {
    sv: 'GIT kopplades till klubb {clubId} ({clubName})',
    en: 'GIT was connected to club {clubId} ({clubName})',
  },
  'git.event.disconnected': { sv: 'GIT kopplades från', en: 'GIT was disconnected' },
  'git.event.keyRevoked': {
    sv: 'GIT återkallade API-nyckeln; GIT-synkroniseringen är stoppad tills GIT kopplas igen',
    en: 'GIT revoked the API key; GIT synchronisation is stopped until GIT is connected again',
  },
  'git.event.refreshed': {
    sv: 'GIT-data uppdaterades: {created} nya, {updated} ändrade',
    en: 'GIT data refreshed: {created} new, {updated} changed',
  },
  'git.event.refreshFailed': { sv: 'Uppdateringen av GIT-data misslyckades', en: 'Refreshing the GIT data failed' },
  'git.event.archived': { sv: 'Faktureringstillfället {name} arkiverades', en: 'The invoice occasion {name} was archived' },
  'git.event.unarchived': {
    sv: 'Faktureringstillfället {name} återställdes från arkivet',
    en: 'The invoice occasion {name} was restored from the archive',
  },
} as const satisfies MessageDictionary;
