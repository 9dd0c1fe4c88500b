import type { MessageDictionary } from './types';

/** Activities of the event log; `{name}` placeholders come from the entry's params. */
export const eventlogsMessages = {
  /** Who did it when no person did (a scheduled or queued run): plugins/auth.ts `systemCaller`. */
  'eventlogs.system': { sv: 'Fairway (systemet)', en: 'Fairway (system)' },
  'eventlogs.userInvited': {
    sv: '{actor} bjöd in {name} ({email}) med rollen {role}',
    en: '{actor} invited {name} ({email}) with the role {role}',
  },
  'eventlogs.userRemoved': {
    sv: '{actor} tog bort {name} ({email}) från organisationen',
    en: '{actor} removed {name} ({email}) from the organisation',
  },
  'eventlogs.emailSent': {
    sv: 'E-post "{subject}" skickad till {to}',
    en: 'E-mail "{subject}" sent to {to}',
  },
  'eventlogs.emailFailed': {
    sv: 'E-post "{subject}" till {to} kunde inte levereras efter {attempts} försök',
    en: 'E-mail "{subject}" to {to} could not be delivered after {attempts} attempts',
  },
} as const satisfies MessageDictionary;
