import { BarChart, LineChart } from '@mantine/charts';
import { ColorSwatch, Group, Skeleton, Text } from '@mantine/core';
import { formatKronor, monthLabel } from '../lib/figures';
import { currentLanguage } from '../lib/i18n';

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
    // The legend is drawn below by us: recharts 3 lays Mantine's legend out one item per line.
    withLegend: false,
    tickLine: 'y' as const,
    yAxisProps: { width: money ? 90 : 40 },
  };
  return (
    <figure aria-label={label} style={{ margin: 0 }} data-testid="month-chart">
      {kind === 'line' ? <LineChart {...common} curveType="monotone" /> : <BarChart {...common} />}
      {series.length > 1 ? (
        <Group component="figcaption" gap="md" justify="center" mt="xs">
          {series.map((s) => (
            <Group key={s.key} gap={6} wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${s.color.replace('.', '-')})`} size={12} withShadow={false} />
              <Text fz="sm">{s.label}</Text>
            </Group>
          ))}
        </Group>
      ) : null}
    </figure>
  );
}
