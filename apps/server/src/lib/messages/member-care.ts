import type { MessageDictionary } from './types';

/** Messages of member care (modules/member-care): e-mail templates and newsletter images, with their event-log activities. */
export const memberCareMessages = {
  'memberCare.noClubAccount': {
    sv: 'Du har ingen klubb vald. Välj en klubb för att se och ändra e-postmallar.',
    en: 'You have no club account in use. Choose a club account to see and change e-mail templates.',
  },
  'memberCare.templateNotFound': { sv: 'E-postmallen finns inte', en: 'The e-mail template does not exist' },
  'memberCare.imageNotFound': { sv: 'Bilden finns inte', en: 'The image does not exist' },
  /** The title a duplicated template gets. */
  'memberCare.copyTitle': { sv: '{title} (kopia)', en: '{title} (copy)' },
  'memberCare.templateCreated': {
    sv: '{actor} skapade e-postmallen {title}',
    en: '{actor} created the e-mail template {title}',
  },
  'memberCare.templateUpdated': {
    sv: '{actor} ändrade e-postmallen {title}',
    en: '{actor} changed the e-mail template {title}',
  },
  'memberCare.templateDeleted': {
    sv: '{actor} tog bort e-postmallen {title}',
    en: '{actor} deleted the e-mail template {title}',
  },
} as const satisfies MessageDictionary;
