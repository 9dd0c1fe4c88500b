import type { Brand } from '@fairway/shared/constants';

/** The features each brand presents, in order (texts under `landing:brands.<brand>.features`). */
export const FEATURE_IDS: Record<Brand, readonly string[]> = {
  fairway: ['git', 'invoices', 'receipts', 'reminders', 'memberCare', 'statistics', 'accounting'],
  dubbelkoll: ['invoices', 'orders', 'vouchers', 'handling', 'accounting'],
};

/** Every feature has three points. */
export const FEATURE_POINTS = ['one', 'two', 'three'] as const;
