/** Browser storage keys (docs/web-app.md#storage) plus the skin and banner keys the shell keeps. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  userData: 'userData',
  hiddenResource: 'hiddenResource',
  lang: 'lang',
  skin: 'skin',
  maintenanceDismissed: 'maintenanceDismissed',
  invoiceOccasion: 'invoiceOccasion',
} as const;

/** Toast durations in milliseconds (docs/web-app.md#errors): successes use `short`, errors `long`. */
export const TOAST_MS = { short: 3000, long: 3500 } as const;

/** Lazy route chunks give up after this long (docs/web-app.md#routes). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const LANGUAGES = ['sv', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'sv';

export const SKINS = ['light', 'dark'] as const;
export type Skin = (typeof SKINS)[number];
export const DEFAULT_SKIN: Skin = 'light';

export const BRANDS = ['fairway', 'dubbelkoll'] as const;
export type Brand = (typeof BRANDS)[number];
export const BRAND_NAMES: Record<Brand, string> = { fairway: 'Fairway', dubbelkoll: 'Dubbelkoll' };

export const ACCOUNTING_PROGRAMS = ['fortnox', 'visma_eekonomi', 'visma_administration'] as const;
export type AccountingProgram = (typeof ACCOUNTING_PROGRAMS)[number];
export const ACCOUNTING_PROGRAM_NAMES: Record<AccountingProgram, string> = {
  fortnox: 'Fortnox',
  visma_eekonomi: 'Visma eEkonomi',
  visma_administration: 'Visma Administration',
};

export const VAT_RATES = [25, 12, 6, 0] as const;

export const PAYMENT_PLANS = ['annually', 'quarterly', 'monthly'] as const;
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];

/** Access tokens live 15 minutes (docs/web-app.md#storage); refresh tokens 30 days. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const INVITATION_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Profile images (users/image). */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
