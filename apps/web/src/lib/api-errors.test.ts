import { describe, expect, it } from 'vitest';
import { describeApiError, localisedMessage, unauthorizedMessage } from './api-errors';

const both = { message: 'Svenskt meddelande', eng_message: 'English message' };

describe('describeApiError', () => {
  describe('a data object (field → messages)', () => {
    it('lists every field with its messages under "Misslyckat" in Swedish', () => {
      const body = { ...both, data: { email: ['Ogiltig e-post'], name: ['Krävs', 'För kort'] } };
      expect(describeApiError(body, 422, 'sv')).toEqual({
        kind: 'fields',
        title: 'Misslyckat',
        fields: [
          { field: 'email', messages: ['Ogiltig e-post'] },
          { field: 'name', messages: ['Krävs', 'För kort'] },
        ],
      });
    });

    it('is titled "Failed" in English', () => {
      const body = { data: { email: ['Invalid e-mail'] } };
      expect(describeApiError(body, 500, 'en')).toMatchObject({ kind: 'fields', title: 'Failed' });
    });
  });

  describe('an error object (field → messages)', () => {
    it('lists every field, also on a 400 validation error', () => {
      const body = { ...both, error: { password: ['För kort'], email: ['Krävs'] } };
      expect(describeApiError(body, 400, 'sv')).toEqual({
        kind: 'fields',
        title: 'Misslyckat',
        fields: [
          { field: 'password', messages: ['För kort'] },
          { field: 'email', messages: ['Krävs'] },
        ],
      });
    });
  });

  describe('status 400 and 406', () => {
    it('joins an error list with commas', () => {
      const body = { ...both, error: ['First problem', 'Second problem'] };
      expect(describeApiError(body, 400, 'en')).toEqual({
        kind: 'message',
        title: 'Failed',
        message: 'First problem, Second problem',
      });
    });

    it('shows the first field of an error object as "field: messages"', () => {
      const body = { ...both, error: { customer_number: 'Kundnummer saknas', club: 'Klubb saknas' } };
      expect(describeApiError(body, 406, 'sv')).toEqual({
        kind: 'message',
        title: 'Misslyckat',
        message: 'customer_number: Kundnummer saknas',
      });
    });

    it('shows an error string as is', () => {
      const body = { ...both, error: 'Paketet är redan begärt' };
      expect(describeApiError(body, 406, 'en')).toMatchObject({ kind: 'message', message: 'Paketet är redan begärt' });
    });

    it('shows only a message in the stored language: message in Swedish', () => {
      expect(describeApiError(both, 400, 'sv')).toMatchObject({ kind: 'message', message: 'Svenskt meddelande' });
    });

    it('shows only a message in the stored language: eng_message in English', () => {
      expect(describeApiError(both, 406, 'en')).toMatchObject({ kind: 'message', message: 'English message' });
    });

    it('falls back to the spec text when there is neither error nor message (English)', () => {
      expect(describeApiError({}, 400, 'en')).toEqual({
        kind: 'message',
        title: 'Failed',
        message: 'Something went wrong while processing your request,kindly try again',
      });
    });

    it('falls back to the Swedish text in Swedish', () => {
      expect(describeApiError(null, 406, 'sv')).toEqual({
        kind: 'message',
        title: 'Misslyckat',
        message: 'Något gick fel när din begäran behandlades, försök igen',
      });
    });
  });

  describe('status 403', () => {
    it('asks for the access-denied modal with the server message', () => {
      expect(describeApiError(both, 403, 'sv')).toEqual({
        kind: 'access-denied',
        title: 'Åtkomst nekad',
        message: 'Svenskt meddelande',
      });
      expect(describeApiError(both, 403, 'en')).toEqual({
        kind: 'access-denied',
        title: 'Access Denied',
        message: 'English message',
      });
    });

    it('still explains itself without a server message', () => {
      expect(describeApiError(null, 403, 'en')).toMatchObject({
        kind: 'access-denied',
        message: 'You are not allowed to do this.',
      });
    });
  });

  describe('any other failure', () => {
    it('shows "Action could not be perform" for a server error, whatever its body says', () => {
      const body = { message: 'Internt serverfel', eng_message: 'Internal server error' };
      expect(describeApiError(body, 500, 'en')).toEqual({
        kind: 'message',
        title: 'Failed',
        message: 'Action could not be perform',
      });
      expect(describeApiError(body, 503, 'sv')).toMatchObject({ message: 'Åtgärden kunde inte utföras' });
    });

    it('shows it for a network failure (no answer)', () => {
      expect(describeApiError(null, 0, 'en')).toMatchObject({ message: 'Action could not be perform' });
    });

    it('shows the localised server message for other refusals (404, 409, 429)', () => {
      const body = { message: 'Användaren finns inte', eng_message: 'User not found' };
      expect(describeApiError(body, 404, 'sv')).toMatchObject({ message: 'Användaren finns inte' });
      expect(describeApiError(body, 409, 'en')).toMatchObject({ message: 'User not found' });
    });

    it('shows "Action could not be perform" for a refusal without a message', () => {
      expect(describeApiError('<html>Bad gateway</html>', 429, 'en')).toMatchObject({
        message: 'Action could not be perform',
      });
    });
  });
});

describe('the 401 message', () => {
  it('is message in Swedish and eng_message in English', () => {
    expect(unauthorizedMessage({ ...both, detail: 'token expired' }, 'sv')).toBe('Svenskt meddelande');
    expect(unauthorizedMessage({ ...both, detail: 'token expired' }, 'en')).toBe('English message');
  });

  it('falls back to detail', () => {
    expect(unauthorizedMessage({ message: 'Svenskt', detail: 'Token has expired' }, 'en')).toBe('Token has expired');
  });

  it('has a localised text when the body has nothing', () => {
    expect(unauthorizedMessage(null, 'sv')).toBe('Din session har gått ut. Logga in igen.');
  });

  it('localisedMessage ignores empty strings', () => {
    expect(localisedMessage({ message: '  ' }, 'sv')).toBeUndefined();
  });
});
