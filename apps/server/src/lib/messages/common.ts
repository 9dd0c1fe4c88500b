import type { MessageDictionary } from './types';

/** Messages of the error handler and the infrastructure every module shares. */
export const commonMessages = {
  'errors.validation': {
    sv: 'De angivna uppgifterna är ogiltiga',
    en: 'The given data was invalid',
  },
  'errors.badRequest': { sv: 'Felaktig begäran', en: 'Bad request' },
  'errors.unauthorized': { sv: 'Du måste logga in', en: 'Authentication required' },
  'errors.unauthorizedDetail': {
    sv: 'Inloggningsuppgifter saknas eller är ogiltiga',
    en: 'Authentication credentials were not provided or are invalid',
  },
  'errors.forbidden': {
    sv: 'Du har inte behörighet att utföra denna åtgärd',
    en: 'You do not have permission to perform this action',
  },
  'errors.notFound': { sv: 'Resursen hittades inte', en: 'The resource was not found' },
  'errors.clubAccountNotFound': { sv: 'Klubbkontot hittades inte', en: 'The club account was not found' },
  'errors.routeNotFound': {
    sv: 'Adressen {method} {path} finns inte',
    en: 'There is no {method} {path}',
  },
  'errors.methodNotAllowed': { sv: 'Metoden är inte tillåten', en: 'Method not allowed' },
  'errors.conflict': {
    sv: 'Åtgärden krockar med befintliga uppgifter',
    en: 'The request conflicts with existing data',
  },
  'errors.payloadTooLarge': { sv: 'Begäran är för stor', en: 'The request is too large' },
  'errors.uriTooLong': {
    sv: 'Adressen eller en del av den är för lång',
    en: 'The address or a part of it is too long',
  },
  'errors.headersTooLarge': {
    sv: 'Begärans huvuden är för stora',
    en: 'The request headers are too large',
  },
  'errors.requestTimeout': {
    sv: 'Begäran kom inte fram i tid',
    en: 'The request did not arrive in time',
  },
  'errors.unsupportedMediaType': {
    sv: 'Innehållstypen stöds inte',
    en: 'Unsupported content type',
  },
  'errors.invalidJson': { sv: 'Begärans JSON är ogiltig', en: 'The request body is not valid JSON' },
  'errors.malformedMultipart': {
    sv: 'Uppladdningen gick inte att läsa. Välj filen och försök igen',
    en: 'The upload could not be read. Choose the file and try again',
  },
  'errors.tooManyRequests': {
    sv: 'För många förfrågningar. Försök igen om {seconds} sekunder',
    en: 'Too many requests. Try again in {seconds} seconds',
  },
  'errors.internal': { sv: 'Internt serverfel', en: 'Internal server error' },
  'errors.unexpectedFailure': {
    sv: 'Ett oväntat fel inträffade. Försök igen senare, eller kontakta supporten om felet kvarstår.',
    en: 'An unexpected error occurred. Try again later, or contact support if it persists.',
  },
  'errors.serviceUnavailable': {
    sv: 'Tjänsten är tillfälligt otillgänglig',
    en: 'The service is temporarily unavailable',
  },
  'errors.somethingWentWrong': {
    sv: 'Något gick fel när din begäran behandlades, försök igen',
    en: 'Something went wrong while processing your request, kindly try again',
  },
} as const satisfies MessageDictionary;
