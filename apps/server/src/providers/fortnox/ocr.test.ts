import { describe, expect, it } from 'vitest';
import { fromStockholmTime, toStockholmTime } from '../../lib/stockholm-time';
import { isValidLuhn, luhnCheckDigit, ocrReference } from './ocr';

describe('OCR references', () => {
  it('appends the Luhn check digit, optionally after a length digit', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(ocrReference('1001')).toBe('10017');
    // 1001 + length digit 6 (six digits in all) + check digit.
    expect(ocrReference('1001', { lengthDigit: true })).toBe('100164');
    expect(isValidLuhn('100164')).toBe(true);
    expect(isValidLuhn('100165')).toBe(false);
  });
});

describe('Fortnox lastmodified in Swedish time', () => {
  it('converts summer and winter time both ways', () => {
    expect(fromStockholmTime('2025-07-01 12:00:00')?.toISOString()).toBe('2025-07-01T10:00:00.000Z');
    expect(fromStockholmTime('2025-01-15 12:00')?.toISOString()).toBe('2025-01-15T11:00:00.000Z');
    expect(toStockholmTime(new Date('2025-07-01T10:00:00Z'))).toBe('2025-07-01 12:00:00');
    expect(fromStockholmTime('yesterday')).toBeNull();
  });
});
