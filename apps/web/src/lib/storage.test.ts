import { describe, expect, it } from 'vitest';
import { clearSession, getItem, getLang, getSkin, getStoredUser, hasSession, setItem, setStoredUser, setTokens } from './storage';

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Anna Lindqvist',
  displayName: null,
  email: 'anna@example.se',
  phone: null,
  role: 'Owner' as const,
  scopes: [],
  imageUrl: null,
  golfclubAdmin: true,
  organisation: { id: '00000000-0000-4000-8000-000000000002', name: 'Fairway Demo GK' },
  currentAccount: null,
  clubAccounts: [],
};

describe('storage', () => {
  it('defaults to Swedish and the light skin', () => {
    expect(getLang()).toBe('sv');
    expect(getSkin()).toBe('light');
  });

  it('keeps tokens, language and skin as bare strings under the spec keys', () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    setItem('lang', 'en');
    setItem('skin', 'dark');
    expect(localStorage.getItem('accessToken')).toBe('a');
    expect(localStorage.getItem('refreshToken')).toBe('r');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(localStorage.getItem('skin')).toBe('dark');
    expect(getLang()).toBe('en');
    expect(getSkin()).toBe('dark');
  });

  it('ignores values it does not recognise', () => {
    localStorage.setItem('lang', 'de');
    localStorage.setItem('userData', '{broken');
    expect(getLang()).toBe('sv');
    expect(getStoredUser()).toBeNull();
  });

  it('stores user data and flags as JSON', () => {
    setStoredUser(user);
    setItem('maintenanceDismissed', true);
    expect(JSON.parse(localStorage.getItem('userData') ?? '')).toEqual(user);
    expect(getItem('maintenanceDismissed')).toBe(true);
  });

  it('clearSession forgets exactly the access token, refresh token and user data', () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    setStoredUser(user);
    setItem('lang', 'en');
    expect(hasSession()).toBe(true);
    clearSession();
    expect(hasSession()).toBe(false);
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(getLang()).toBe('en');
  });

  it('counts stored user data alone as a session', () => {
    setStoredUser(user);
    expect(hasSession()).toBe(true);
  });
});
