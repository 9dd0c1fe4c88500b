import type { MessageDictionary } from './types';

/** Messages of support tickets, support hours and the public contact and signup forms (docs/help.md). */
export const supportMessages = {
  'support.tooManyForms': {
    sv: 'Du har skickat många meddelanden på kort tid. Försök igen om {minutes} minuter.',
    en: 'You have sent many messages in a short time. Please try again in {minutes} minutes.',
  },
  'support.memberNotFound': {
    sv: 'Medlemmen finns inte i klubbkontot.',
    en: 'The member does not belong to the club account.',
  },
  'support.event.ticketOpened': {
    sv: '{name} skickade supportärende {number}: {subject}',
    en: '{name} opened support ticket {number}: {subject}',
  },
  'support.event.hoursBought': {
    sv: '{name} köpte {hours} supporttimmar för {amount} kr exkl. moms; de läggs på nästa faktura',
    en: '{name} bought {hours} support hours for SEK {amount} ex VAT; they are added to the next billing',
  },
} as const satisfies MessageDictionary;
