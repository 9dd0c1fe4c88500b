import { describe, expect, it } from 'vitest';
import { fromStockholmTime, stockholmDate, toStockholmTime } from './stockholm-time';

describe('Stockholm time', () => {
  it('gives the Stockholm date on each side of its midnight, in winter and in summer, asked in any order', () => {
    // Winter: UTC+1, midnight is 23:00 UTC.
    expect(stockholmDate(new Date('2026-01-14T22:59:59.999Z'))).toBe('2026-01-14');
    expect(stockholmDate(new Date('2026-01-14T23:00:00.000Z'))).toBe('2026-01-15');
    expect(stockholmDate(new Date('2026-01-14T22:59:30.000Z'))).toBe('2026-01-14');
    // Summer: UTC+2, midnight is 22:00 UTC.
    expect(stockholmDate(new Date('2026-07-01T21:59:59.000Z'))).toBe('2026-07-01');
    expect(stockholmDate(new Date('2026-07-01T22:00:00.000Z'))).toBe('2026-07-02');
    expect(stockholmDate(new Date('2026-07-01T22:00:59.999Z'))).toBe('2026-07-02');
    expect(stockholmDate(new Date('2026-07-01T21:59:00.000Z'))).toBe('2026-07-01');
    expect(() => stockholmDate(new Date('not a date'))).toThrow();
  });

  it('converts wall-clock time both ways across the change to summer time', () => {
    // 2026-03-29: 02:00 CET became 03:00 CEST.
    expect(toStockholmTime(new Date('2026-03-29T00:59:59Z'))).toBe('2026-03-29 01:59:59');
    expect(toStockholmTime(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29 03:00:00');
    expect(fromStockholmTime('2026-03-29 03:00:00')?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(fromStockholmTime('2026-03-28 12:00')?.toISOString()).toBe('2026-03-28T11:00:00.000Z');
    expect(fromStockholmTime('29/03/2026')).toBeNull();
  });
});
