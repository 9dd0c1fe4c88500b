import type { MessageDictionary } from './types';

/** Messages of the GIT gateway (providers/git): what went wrong talking to GIT. */
export const gitGatewayMessages = {
  'gitGateway.unauthorized': {
    sv: 'GIT godkände inte API-nyckeln. Kontrollera nyckeln och GIT-klubb-id under API-konfiguration.',
    en: 'GIT did not accept the API key. Check the key and the GIT club ID under API configuration.',
  },
  'gitGateway.rateLimited': {
    sv: 'GIT tar emot för många anrop just nu. Försök igen om en stund.',
    en: 'GIT is receiving too many requests right now. Try again shortly.',
  },
  'gitGateway.unavailable': {
    sv: 'GIT svarar inte just nu. Försök igen om en stund.',
    en: 'GIT is not answering right now. Try again shortly.',
  },
  'gitGateway.timeout': {
    sv: 'GIT svarade inte i tid. Försök igen om en stund.',
    en: 'GIT did not answer in time. Try again shortly.',
  },
  'gitGateway.badResponse': {
    sv: 'GIT svarade med något som inte gick att läsa. Försök igen om en stund.',
    en: 'GIT answered with something that could not be read. Try again shortly.',
  },
  'gitGateway.invalid': {
    sv: 'GIT avvisade anropet: {detail}',
    en: 'GIT refused the request: {detail}',
  },
  'gitGateway.notFound': {
    sv: 'Posten finns inte i GIT.',
    en: 'The record does not exist in GIT.',
  },
  'gitGateway.memberMissing': {
    sv: 'Medlemmen {golfId} finns inte i GIT.',
    en: 'Member {golfId} does not exist in GIT.',
  },
  'gitGateway.occasionMissing': {
    sv: 'Fakturaomgången finns inte i GIT.',
    en: 'The invoice occasion does not exist in GIT.',
  },
  'gitGateway.basisMissing': {
    sv: 'Fakturaunderlaget finns inte i GIT.',
    en: 'The invoice basis does not exist in GIT.',
  },
  'gitGateway.alreadyPaid': {
    sv: 'Fakturaunderlaget är redan betalt i GIT.',
    en: 'The invoice basis is already paid in GIT.',
  },
  'gitGateway.basisCredited': {
    sv: 'Fakturaunderlaget är krediterat i GIT och kan inte markeras som betalt.',
    en: 'The invoice basis is credited in GIT and cannot be marked as paid.',
  },
} as const satisfies MessageDictionary;
