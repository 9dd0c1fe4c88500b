import { STORAGE_KEYS } from '@fairway/shared/constants';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetChosenOccasion, getChosenOccasion, setChosenOccasion } from './stored-occasion';

const ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

afterEach(() => localStorage.clear());

describe('the chosen invoice occasion in the browser', () => {
  it('keeps id and name under the spec key and reads them back', () => {
    setChosenOccasion({ id: ID, name: 'Årsavgift 2026' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.invoiceOccasion) ?? 'null')).toEqual({ id: ID, name: 'Årsavgift 2026' });
    expect(getChosenOccasion()).toEqual({ id: ID, name: 'Årsavgift 2026' });
    forgetChosenOccasion();
    expect(getChosenOccasion()).toBeNull();
  });

  it('ignores a stored value that is not an occasion record', () => {
    localStorage.setItem(STORAGE_KEYS.invoiceOccasion, JSON.stringify({ id: '../../admin', name: 'x' }));
    expect(getChosenOccasion()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.invoiceOccasion, '{broken');
    expect(getChosenOccasion()).toBeNull();
  });
});
