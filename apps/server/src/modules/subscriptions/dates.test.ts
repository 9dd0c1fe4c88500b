import { describe, expect, it } from 'vitest';
import { addDays, addMonths, anchoredPeriodEnd } from './dates';

/** Every period of a term, as the nightly billing walks it (subscriptions.service.ts, billDuePeriods). */
function periods(start: string, months: number): Array<[string, string]> {
  const end = addDays(addMonths(start, 12), -1);
  const out: Array<[string, string]> = [];
  let from = start;
  while (from <= end) {
    const planEnd = anchoredPeriodEnd(start, from, months);
    const to = planEnd < end ? planEnd : end;
    out.push([from, to]);
    from = addDays(to, 1);
  }
  return out;
}

describe('billing periods', () => {
  it('a term begun on the 29th billed monthly has twelve periods that keep the 29th after February', () => {
    const got = periods('2026-11-29', 1);
    expect(got).toHaveLength(12);
    expect(got.slice(0, 5)).toEqual([
      ['2026-11-29', '2026-12-28'],
      ['2026-12-29', '2027-01-28'],
      ['2027-01-29', '2027-02-27'],
      ['2027-02-28', '2027-03-28'],
      ['2027-03-29', '2027-04-28'],
    ]);
    expect(got.at(-1)).toEqual(['2027-10-29', '2027-11-28']);
  });

  it('a term begun on the 31st billed quarterly has four periods ending the day before each anchor', () => {
    expect(periods('2027-01-31', 3)).toEqual([
      ['2027-01-31', '2027-04-29'],
      ['2027-04-30', '2027-07-30'],
      ['2027-07-31', '2027-10-30'],
      ['2027-10-31', '2028-01-30'],
    ]);
  });

  it('every start day of a year billed monthly gives exactly twelve periods', () => {
    for (let d = '2027-01-01'; d < '2028-01-01'; d = addDays(d, 1)) expect(periods(d, 1), d).toHaveLength(12);
  });
});
