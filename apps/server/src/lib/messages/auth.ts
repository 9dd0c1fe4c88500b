import type { MessageDictionary } from './types';

/** Messages of sign-in, registration, sessions and passwords. */
export const authMessages = {
  'auth.registrationNotOffered': {
    sv: 'Den här typen av registrering erbjuds inte här',
    en: 'This kind of registration is not offered here',
  },
  'auth.invalidCredentials': {
    sv: 'Felaktig e-postadress eller lösenord',
    en: 'Incorrect e-mail or password',
  },
  'auth.tooManyAttempts': {
    sv: 'För många misslyckade inloggningsförsök. Försök igen om {minutes} minuter',
    en: 'Too many failed sign-in attempts. Try again in {minutes} minutes',
  },
  'auth.noActiveMembership': {
    sv: 'Kontot är inte kopplat till någon aktiv organisation',
    en: 'The account is not linked to any active organisation',
  },
  'auth.notAuthenticated': {
    sv: 'Du måste logga in för att fortsätta',
    en: 'You must log in to continue',
  },
  'auth.credentialsMissing': {
    sv: 'Inloggningsuppgifter saknas',
    en: 'Authentication credentials were not provided.',
  },
  'auth.tokenNotValid': {
    sv: 'Din session har gått ut. Logga in igen',
    en: 'Your session has expired. Please log in again',
  },
  'auth.tokenNotValidDetail': {
    sv: 'Angiven token är inte giltig för någon tokentyp',
    en: 'Given token not valid for any token type',
  },
  'auth.refreshInvalidDetail': {
    sv: 'Token är ogiltig eller har gått ut',
    en: 'Token is invalid or expired',
  },
  'auth.sessionRevokedDetail': {
    sv: 'Sessionen har avslutats',
    en: 'The session has been ended',
  },
  'auth.emailTaken': {
    sv: 'Det finns redan ett konto med den här e-postadressen',
    en: 'An account with this e-mail address already exists',
  },
  'auth.customerNumberTaken': {
    sv: 'Kundnumret är redan registrerat. Logga in eller kontakta supporten',
    en: 'The customer number is already registered. Log in or contact support',
  },
  'auth.tokenLinkInvalid': {
    sv: 'Länken är ogiltig, har redan använts eller har gått ut',
    en: 'The link is invalid, has already been used or has expired',
  },
  'auth.currentPasswordWrong': {
    sv: 'Nuvarande lösenord är felaktigt',
    en: 'The current password is incorrect',
  },
} as const satisfies MessageDictionary;
