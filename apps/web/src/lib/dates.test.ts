import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('one way to write a date', () => {
  it('writes a wire date as the date inputs show it', () => {
    expect(formatDate('2025-09-30', 'sv')).toBe('2025-09-30');
    expect(formatDate('2025-09-30', 'en')).toBe('30/09/2025');
    expect(formatDate(null, 'sv')).toBe('');
  });

  it("writes a timestamp's day in Sweden, not in UTC", () => {
    // 23:30 UTC on 31 December is already New Year's Day in Stockholm.
    expect(formatDate('2025-12-31T23:30:00.000Z', 'sv')).toBe('2026-01-01');
    expect(formatDate('2025-12-31T23:30:00.000Z', 'en')).toBe('01/01/2026');
  });

  it('writes a time after the same date, in Swedish time, 24-hour', () => {
    expect(formatDateTime('2026-07-01T13:05:09.000Z', 'sv')).toBe('2026-07-01 15:05');
    expect(formatDateTime('2026-07-01T13:05:09.000Z', 'en')).toBe('01/07/2026 15:05');
    expect(formatDateTime('2026-01-15T08:00:07.000Z', 'sv', { seconds: true })).toBe('2026-01-15 09:00:07');
  });
});
