import { earliestExportDate, stockholmToday } from '@fairway/shared';

export interface Period {
  startDate: string;
  endDate: string;
}

export const PERIOD_PRESETS = ['thisMonth', 'lastMonth', 'last3Months', 'last12Months'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

const iso = (year: number, monthIndex: number, day: number) =>
  new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);

/**
 * The quick choices of the form, as Swedish calendar days: whole months, or up to today. The
 * 12-month choice starts on the earliest day the server accepts.
 */
export function presetPeriod(preset: PeriodPreset, today: string = stockholmToday()): Period {
  const [y, m] = today.split('-').map(Number) as [number, number];
  switch (preset) {
    case 'thisMonth':
      return { startDate: iso(y, m - 1, 1), endDate: today };
    case 'lastMonth':
      return { startDate: iso(y, m - 2, 1), endDate: iso(y, m - 1, 0) };
    case 'last3Months':
      return { startDate: iso(y, m - 3, 1), endDate: today };
    case 'last12Months':
      return { startDate: earliestExportDate(today), endDate: today };
  }
}
