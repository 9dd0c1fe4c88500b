import { describe, expect, it } from 'vitest';
import { addressOf } from './mailbox';

describe('addressOf', () => {
  it('takes the address out of a named mailbox', () => {
    expect(addressOf('Fairway <no-reply@fairway.se>')).toBe('no-reply@fairway.se');
    expect(addressOf('support@fairway.se')).toBe('support@fairway.se');
  });
});
