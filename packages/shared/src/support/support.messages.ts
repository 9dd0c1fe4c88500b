import type { Lang } from '../constants';

/** Validation messages of the contact form, the launch signup, tickets and support hours; part of VALIDATION_MESSAGES. */
export const SUPPORT_VALIDATION_MESSAGES = {
  contact_consent_required: {
    sv: 'Du behöver godkänna att vi kontaktar dig om ditt ärende',
    en: 'Please agree that we may contact you about your message',
  },
  support_hours_min: { sv: 'Ange fler än 0 timmar', en: 'Enter more than 0 hours' },
  support_hours_max: { sv: 'Du kan köpa högst {max} timmar åt gången', en: 'You can buy at most {max} hours at a time' },
  support_member_unknown: { sv: 'Medlemmen finns inte', en: 'The member does not exist' },
} as const satisfies Record<string, Record<Lang, string>>;
