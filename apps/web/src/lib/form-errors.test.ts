import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { onAppEvent } from './app-events';
import { applyFormErrors, callFailure } from './form-errors';
import { setLanguage } from './i18n';

const both = { message: 'De angivna uppgifterna är ogiltiga', eng_message: 'The given data was invalid' };
/** What the server answers when the API configuration has no club to sync to (git-report.service.ts). */
const missingClub = {
  ...both,
  error: { club_to_sync: ['Välj vilken klubb data ska synkas till'] },
  setting: { group: 'api', field: 'club_to_sync' },
};

beforeEach(async () => {
  await setLanguage('sv');
});

describe('callFailure: a refused call outside a form', () => {
  it('gives the field messages of fields no form shows as the text, with the setting they are about', () => {
    expect(callFailure(new ApiError(400, missingClub))).toEqual({
      status: 400,
      message: 'Välj vilken klubb data ska synkas till',
      setting: { group: 'api', field: 'club_to_sync' },
    });
  });

  it('gives a business refusal its localised message and no setting', () => {
    expect(callFailure(new ApiError(409, { message: 'GIT är inte anslutet', eng_message: 'GIT is not connected' }))).toEqual({
      status: 409,
      message: 'GIT är inte anslutet',
    });
  });

  it('ignores a setting that is not one of the configuration groups', () => {
    const body = { ...missingClub, setting: { group: 'nope', field: 'club_to_sync' } };
    expect(callFailure(new ApiError(400, body)).setting).toBeUndefined();
  });

  it('says something when no answer arrived at all', () => {
    expect(callFailure(new ApiError(0, null))).toEqual({ status: 0, message: 'Åtgärden kunde inte utföras' });
    expect(callFailure(new TypeError('boom')).message).toBe('Åtgärden kunde inte utföras');
  });

  it('sends a 403 to the access-denied modal and leaves nothing for the dialog', () => {
    const denied: string[] = [];
    const stop = onAppEvent('access-denied', ({ message }) => denied.push(message));
    try {
      expect(callFailure(new ApiError(403, { message: 'Nekad', eng_message: 'Denied' }))).toEqual({ status: 403, message: null });
      expect(denied).toEqual(['Nekad']);
    } finally {
      stop();
    }
  });
});

describe('applyFormErrors with a setting', () => {
  const setError = vi.fn();
  afterEach(() => setError.mockReset());

  it('puts the message on the field and drops the link when the form is where the setting is made', () => {
    const failure = applyFormErrors(new ApiError(400, missingClub), setError, ['club_to_sync']);
    expect(failure).toEqual({ status: 400, message: null });
    expect(setError).toHaveBeenCalledWith(
      'club_to_sync',
      { type: 'server', message: 'Välj vilken klubb data ska synkas till' },
      { shouldFocus: true },
    );
  });

  it('keeps the link when the form does not have the field', () => {
    const failure = applyFormErrors(new ApiError(400, missingClub), setError, ['occasionId']);
    expect(failure.setting).toEqual({ group: 'api', field: 'club_to_sync' });
    expect(failure.message).toBe('Välj vilken klubb data ska synkas till');
    expect(setError).not.toHaveBeenCalled();
  });
});
