import type { MessageDictionary } from './types';

/** Messages of the SMS provider (providers/46elks): what went wrong handing an SMS to 46elks. */
export const smsProviderMessages = {
  'smsProvider.invalid': {
    sv: 'SMS-leverantören 46elks avvisade SMS:et: {detail}',
    en: 'The SMS provider 46elks refused the SMS: {detail}',
  },
  'smsProvider.unauthorized': {
    sv: 'SMS-leverantören 46elks godkände inte portalens inloggning. Kontakta supporten.',
    en: 'The SMS provider 46elks did not accept the portal’s credentials. Contact support.',
  },
  'smsProvider.forbidden': {
    sv: 'SMS-leverantören 46elks nekade SMS:et: {detail}',
    en: 'The SMS provider 46elks declined the SMS: {detail}',
  },
  'smsProvider.notFound': {
    sv: 'SMS:et finns inte hos SMS-leverantören 46elks.',
    en: 'The SMS does not exist at the SMS provider 46elks.',
  },
  'smsProvider.rateLimited': {
    sv: 'SMS-leverantören 46elks tar emot för många anrop just nu. Försök igen om en stund.',
    en: 'The SMS provider 46elks is receiving too many requests right now. Try again shortly.',
  },
  'smsProvider.unavailable': {
    sv: 'SMS-leverantören 46elks svarar inte just nu. Försök igen om en stund.',
    en: 'The SMS provider 46elks is not answering right now. Try again shortly.',
  },
  'smsProvider.timeout': {
    sv: 'SMS-leverantören 46elks svarade inte i tid. Försök igen om en stund.',
    en: 'The SMS provider 46elks did not answer in time. Try again shortly.',
  },
  'smsProvider.badResponse': {
    sv: 'SMS-leverantören 46elks svarade med något som inte gick att läsa.',
    en: 'The SMS provider 46elks answered with something that could not be read.',
  },
} as const satisfies MessageDictionary;
