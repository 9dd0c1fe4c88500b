import type { CurrentUser } from '@fairway/shared';
// Values come from the constants module: the package index would pull zod into the first download.
import { DEFAULT_LANG, DEFAULT_SKIN, LANGUAGES, type Lang, SKINS, type Skin, STORAGE_KEYS } from '@fairway/shared/constants';

/** The invoice-occasion record a GIT screen keeps between visits (docs/git.md#pages); its shape belongs to the GIT feature. */
export type StoredInvoiceOccasion = Record<string, unknown>;

/** What each browser storage key holds (docs/web-app.md#storage). */
export interface StoredValues {
  accessToken: string;
  refreshToken: string;
  userData: CurrentUser;
  hiddenResource: string;
  lang: Lang;
  skin: Skin;
  maintenanceDismissed: boolean;
  invoiceOccasion: StoredInvoiceOccasion;
}

export type StorageKey = keyof StoredValues;

// Tokens, language and skin are kept as bare strings (other code, like Mantine's colour-scheme
// manager and the inline script in index.html, reads them raw); the rest is JSON.
const RAW_KEYS: ReadonlySet<StorageKey> = new Set<StorageKey>(['accessToken', 'refreshToken', 'hiddenResource', 'lang', 'skin']);

function area(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy modes); the app then simply forgets between visits.
    return null;
  }
}

function isValid<K extends StorageKey>(key: K, value: unknown): value is StoredValues[K] {
  switch (key) {
    case 'lang':
      return (LANGUAGES as readonly unknown[]).includes(value);
    case 'skin':
      return (SKINS as readonly unknown[]).includes(value);
    case 'maintenanceDismissed':
      return typeof value === 'boolean';
    case 'userData':
    case 'invoiceOccasion':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return typeof value === 'string' && value.length > 0;
  }
}

export function getItem<K extends StorageKey>(key: K): StoredValues[K] | null {
  const raw = area()?.getItem(STORAGE_KEYS[key]);
  if (raw == null) return null;
  let value: unknown = raw;
  if (!RAW_KEYS.has(key)) {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  return isValid(key, value) ? value : null;
}

export function setItem<K extends StorageKey>(key: K, value: StoredValues[K]): void {
  const serialised = RAW_KEYS.has(key) ? String(value) : JSON.stringify(value);
  try {
    area()?.setItem(STORAGE_KEYS[key], serialised);
  } catch {
    // Quota or privacy errors: keeping the value for this page view only is acceptable.
  }
}

export function removeItem(key: StorageKey): void {
  area()?.removeItem(STORAGE_KEYS[key]);
}

/** Stored language, `sv` unless the user chose otherwise (docs/web-app.md#language-and-skin). */
export function getLang(): Lang {
  return getItem('lang') ?? DEFAULT_LANG;
}

/** Stored skin, `light` unless the user chose otherwise (docs/web-app.md#language-and-skin). */
export function getSkin(): Skin {
  return getItem('skin') ?? DEFAULT_SKIN;
}

export function getAccessToken(): string | null {
  return getItem('accessToken');
}

export function getRefreshToken(): string | null {
  return getItem('refreshToken');
}

export function setTokens(tokens: { accessToken: string; refreshToken: string }): void {
  setItem('accessToken', tokens.accessToken);
  setItem('refreshToken', tokens.refreshToken);
}

export function getStoredUser(): CurrentUser | null {
  return getItem('userData');
}

export function setStoredUser(user: CurrentUser): void {
  setItem('userData', user);
}

/** Forgets the session: the three keys the guard clears on an expired token (docs/web-app.md#guard). */
export function clearSession(): void {
  removeItem('accessToken');
  removeItem('refreshToken');
  removeItem('userData');
}

/** The guard's notion of "logged in": a stored access token or stored user data (docs/web-app.md#guard). */
export function hasSession(): boolean {
  return getAccessToken() !== null || getStoredUser() !== null;
}
