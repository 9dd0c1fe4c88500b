import type { FxFinancialYear } from '../fortnox-types';
import { all, type FinancialYear, type FortnoxContext } from './context';

/**
 * Fortnox numbers vouchers anew in every financial year (../CONTRACT.md rule Y2): `A 17` names a
 * voucher only together with its year, which the API takes as the year's `Id` (`financialyear`).
 * The portal names a year as its readers do (`AccVoucher.year`): `2025` for a year within one
 * calendar year, `2024/2025` for one across the turn of a year. Two years sharing such a name (two
 * short years within one calendar year, when a company moves its year) are named by their dates,
 * `2024-01-01–2024-06-30`.
 */

function named(years: FxFinancialYear[]): FinancialYear[] {
  const short = (y: FxFinancialYear) =>
    y.FromDate.slice(0, 4) === y.ToDate.slice(0, 4)
      ? y.FromDate.slice(0, 4)
      : `${y.FromDate.slice(0, 4)}/${y.ToDate.slice(0, 4)}`;
  return years
    .map((y) => ({
      id: Number(y.Id),
      from: y.FromDate,
      to: y.ToDate,
      name: years.filter((o) => short(o) === short(y)).length > 1 ? `${y.FromDate}–${y.ToDate}` : short(y),
    }))
    .sort((a, b) => a.from.localeCompare(b.from));
}

/** The company's financial years, oldest first; read once per provider, again when `fresh`. */
export function financialYears(ctx: FortnoxContext, fresh = false): Promise<FinancialYear[]> {
  if (!ctx.financialYears || fresh) {
    const reading = all<FxFinancialYear>(ctx, 'financialyears', 'FinancialYears', {}).then(named);
    // A failed read is not kept: the next call asks again.
    reading.catch(() => {
      if (ctx.financialYears === reading) ctx.financialYears = null;
    });
    ctx.financialYears = reading;
  }
  return ctx.financialYears;
}

/** The year a test picks; read again once when none is (a year made since the first read). */
async function findYear(ctx: FortnoxContext, test: (y: FinancialYear) => boolean): Promise<FinancialYear | null> {
  const found = (await financialYears(ctx)).find(test);
  return found ?? (await financialYears(ctx, true)).find(test) ?? null;
}

export const yearNamed = (ctx: FortnoxContext, name: string) => findYear(ctx, (y) => y.name === name);
export const yearWithId = (ctx: FortnoxContext, id: number) => findYear(ctx, (y) => y.id === id);
/** The year a date lies in; null where the company has none (Fortnox books nothing there, rule Y2). */
export const yearOfDate = (ctx: FortnoxContext, date: string) => findYear(ctx, (y) => y.from <= date && date <= y.to);
