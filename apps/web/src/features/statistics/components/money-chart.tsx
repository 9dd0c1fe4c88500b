import { BarChart, LineChart } from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { currentLanguage } from '../../../lib/i18n';
import { formatKronor, monthLabel } from '../lib/format';

export interface ChartSeries {
  /** Key of the value in each point (öre). */
  key: string;
  label: string;
  color: string;
}

export interface MonthChartProps {
  points: ({ month: string } & Record<string, number | string>)[] | undefined;
  series: ChartSeries[];
  kind?: 'bar' | 'line';
  /** Öre shown as kronor; counts as they are. */
  money?: boolean;
  height?: number;
  label: string;
}

/**
 * Figures per month in SEK (or counts), one series per key. Values are turned into kronor for the
 * axis; the tooltip shows them formatted the reader's way.
 */
export function MonthChart({ points, series, kind = 'bar', money = true, height = 280, label }: MonthChartProps) {
  const lang = currentLanguage();
  if (!points) return <Skeleton height={height} radius="md" />;
  const data = points.map((p) => {
    const row: Record<string, number | string> = { month: monthLabel(p.month, lang) };
    for (const s of series) row[s.key] = money ? Number(p[s.key] ?? 0) / 100 : Number(p[s.key] ?? 0);
    return row;
  });
  const format = (value: number) =>
    money ? formatKronor(value * 100, lang) : new Intl.NumberFormat(lang === 'en' ? 'en-SE' : 'sv-SE').format(value);
  const common = {
    h: height,
    data,
    dataKey: 'month',
    series: series.map((s) => ({ name: s.key, label: s.label, color: s.color })),
    valueFormatter: format,
    withLegend: series.length > 1,
    tickLine: 'y' as const,
    yAxisProps: { width: money ? 90 : 40 },
  };
  return (
    <figure aria-label={label} style={{ margin: 0 }} data-testid="month-chart">
      {kind === 'line' ? <LineChart {...common} curveType="monotone" /> : <BarChart {...common} />}
    </figure>
  );
}
