import type { MessageDictionary } from './types';

/** Messages of configurations, hidden resources and integrations. */
export const configurationsMessages = {
  'configurations.noClubAccount': {
    sv: 'Du har ingen klubb vald. Välj en klubb innan du ändrar inställningarna.',
    en: 'You have no club account in use. Choose a club account before changing the settings.',
  },
  'configurations.notFound': {
    sv: 'Inställningen finns inte (den har inte sparats för klubben som används).',
    en: 'The configuration does not exist (it has not been saved for the club account in use).',
  },
} as const satisfies MessageDictionary;
