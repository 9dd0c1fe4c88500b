import type { MessageDictionary } from './types';

/** Messages of roles and scopes (permissions/…). */
export const permissionsMessages = {
  // The default roles' names (apps/web/src/locales/*/common.json "roles" says the same).
  'permissions.roleName.Owner': { sv: 'Ägare', en: 'Owner' },
  'permissions.roleName.Manager': { sv: 'Chef', en: 'Manager' },
  'permissions.roleName.Staff': { sv: 'Personal', en: 'Staff' },
  'permissions.roleName.Accountant': { sv: 'Redovisningsansvarig', en: 'Accountant' },
  'permissions.roleName.Other': { sv: 'Övrig', en: 'Other' },
  'permissions.roleNotFound': {
    sv: 'Rollen finns inte',
    en: 'The role does not exist',
  },
  'permissions.systemRoleReadOnly': {
    sv: 'Standardrollen {role} kan inte ändras eller tas bort',
    en: 'The default role {role} cannot be changed or removed',
  },
  'permissions.roleInUseOne': {
    sv: 'Rollen {role} används av 1 användare. Ge användaren en annan roll innan du tar bort rollen.',
    en: 'The role {role} is held by 1 user. Give that user another role before removing the role.',
  },
  'permissions.roleInUse': {
    sv: 'Rollen {role} används av {count} användare. Ge dem en annan roll innan du tar bort rollen.',
    en: 'The role {role} is held by {count} users. Give them another role before removing the role.',
  },
  'permissions.scopeNotGrantable': {
    sv: 'Du kan inte ge behörigheten {scope} eftersom du inte har den själv',
    en: 'You cannot grant the scope {scope} because you do not hold it yourself',
  },
} as const satisfies MessageDictionary;
