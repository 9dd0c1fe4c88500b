import type { Lang } from '../constants';

/**
 * Validation texts of SMS (the sender and the recipient's number), merged into
 * VALIDATION_MESSAGES. The sender's own two texts (`sender_name`, `sender_name_required`) are
 * the ones clubs have always read and live with the general rules in validation/messages.ts.
 */
export const SMS_VALIDATION_MESSAGES = {
  sms_sender_format: {
    sv: 'Avsändarnamnet får bara innehålla bokstäver A–Z och siffror, ska vara 3–11 tecken och får inte börja med en siffra',
    en: 'The sender name may only contain the letters A–Z and digits, must be 3–11 characters and may not start with a digit',
  },
  sms_sender_number: {
    sv: 'Avsändarnumret är inte ett giltigt telefonnummer',
    en: 'The sender number is not a valid phone number',
  },
  sms_recipient_number: {
    sv: 'Ogiltigt mobilnummer',
    en: 'Invalid mobile number',
  },
} as const satisfies Record<string, Record<Lang, string>>;
