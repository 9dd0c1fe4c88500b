import type { MessageDictionary } from './types';

/** Messages of configurations, hidden resources and integrations. */
export const configurationsMessages = {
  'configurations.noClubAccount': {
    sv: 'Du har ingen klubb vald. Välj en klubb innan du ändrar inställningarna.',
    en: 'You have no club account in use. Choose a club account before changing the settings.',
  },
} as const satisfies MessageDictionary;
