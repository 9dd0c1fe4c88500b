import type { MessageDictionary } from './types';

/** Messages of users, company, organisations and permissions. */
export const usersMessages = {
  'users.cannotRemoveSelf': {
    sv: 'Du kan inte ta bort dig själv från organisationen',
    en: 'You cannot remove yourself from the organisation',
  },
  'users.lastOwner': {
    sv: 'Organisationen måste ha minst en användare med rollen Ägare',
    en: 'The organisation must keep at least one user with role Owner',
  },
  'users.onlyOwnerAssignsOwner': {
    sv: 'Endast användare med rollen Ägare kan bjuda in eller utse andra ägare',
    en: 'Only users with role Owner can invite or appoint other owners',
  },
  'users.roleNotAssignable': {
    sv: 'Du kan inte tilldela rollen {role}',
    en: 'You cannot give the role {role}',
  },
  'users.onlyOwnerChangesOwner': {
    sv: 'Endast användare med rollen Ägare kan ändra eller ta bort en ägare',
    en: 'Only users with role Owner can change or remove an owner',
  },
  'users.onlyOwnAccount': {
    sv: 'Du kan bara byta ditt eget klubbkonto',
    en: 'You can only switch your own club account',
  },
  'users.userLimitReached': {
    sv: 'Paketet {package} omfattar högst {max} användare. Uppgradera ditt abonnemang för att bjuda in fler användare.',
    en: 'The {package} package includes at most {max} users. Upgrade your subscription to invite more users.',
  },
  'users.alreadyMember': {
    sv: 'Användaren är redan med i organisationen',
    en: 'The user is already a member of the organisation',
  },
  'users.imageNotFound': {
    sv: 'Användaren har ingen profilbild',
    en: 'The user has no profile image',
  },
} as const satisfies MessageDictionary;
