import type { MessageDictionary } from './types';

/** Subjects and messages of in-app notifications; `{name}` placeholders come from the row's params. */
export const notificationsMessages = {
  'notifications.notFound': {
    sv: 'Aviseringen finns inte',
    en: 'The notification does not exist',
  },
  'notifications.userInvited.subject': {
    sv: 'Ny användare inbjuden',
    en: 'New user invited',
  },
  'notifications.userInvited.message': {
    sv: '{actor} bjöd in {name} ({email}) med rollen {role}.',
    en: '{actor} invited {name} ({email}) with the role {role}.',
  },
} as const satisfies MessageDictionary;
