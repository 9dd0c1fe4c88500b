import { describe, expect, it } from 'vitest';
import { hashPassword, matchesAny, verifyAgainstDummy, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hash with Argon2id, salted', async () => {
    const a = await hashPassword('Fairway#2024');
    const b = await hashPassword('Fairway#2024');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'Fairway#2024')).toBe(true);
    expect(await verifyPassword(a, 'fairway#2024')).toBe(false);
  });

  it('treat a malformed stored hash as a mismatch', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('find a password among earlier hashes', async () => {
    const hashes = [await hashPassword('One#Password1'), await hashPassword('Two#Password2')];
    expect(await matchesAny(hashes, 'Two#Password2')).toBe(true);
    expect(await matchesAny(hashes, 'Three#Password3')).toBe(false);
    expect(await matchesAny([], 'x')).toBe(false);
  });

  it('spend a verification on unknown accounts and never match', async () => {
    expect(await verifyAgainstDummy('dummy-password-that-never-matches-Aa1!')).toBe(false);
  });
});
