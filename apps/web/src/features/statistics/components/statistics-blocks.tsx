import type { Completion } from '@fairway/shared';
import { DonutChart } from '@mantine/charts';
import { Group, Paper, SimpleGrid, type SimpleGridProps, Stack, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { completionText } from '../../../components/completion-note';
import { type ChartSeries, MonthChart, type MonthChartProps } from '../../../components/month-chart';
import { StatCard } from '../../../components/stat-card';
import { changePercent, formatCount, formatKronor } from '../../../lib/figures';
import { currentLanguage } from '../../../lib/i18n';

/** What a tab definition formats with: texts, the reader's language, kronor, counts and the year-on-year change. */
export interface Formatters {
  t: TFunction<'statistics'>;
  lang: 'sv' | 'en';
  kr: (ore: number) => string;
  n: (value: number) => string;
  /** "+12 % against the year before (34 kr)", or only the year before when there is no change to give. */
  change: (current: number, previous: number | null, format: (value: number) => string) => string;
  /** What a figure that is not complete yet waits for, and when it will be there. */
  completion: (completion: Completion) => string;
}

function useFormatters(): Formatters {
  const { t } = useTranslation('statistics');
  const lang = currentLanguage();
  return {
    t,
    lang,
    kr: (ore) => formatKronor(ore, lang),
    n: (value) => formatCount(value, lang),
    change: (current, previous, format) => {
      if (previous === null) return '';
      const change = changePercent(current, previous);
      return change === null
        ? t('previous', { value: format(previous) })
        : t('change', { change: `${change > 0 ? '+' : ''}${change}`, value: format(previous) });
    },
    completion: (completion) => completionText(completion, t),
  };
}

/** A key figure. `label` and a string `hint` are text keys; functions run once the figures are there. */
export interface CardDef<T> {
  label: string;
  /** null shows "—". */
  value: (data: T, f: Formatters) => ReactNode | null;
  /** A text key (shown while loading too) or the line under the figure. */
  hint?: string | ((data: T, f: Formatters) => ReactNode);
}

/** A column of a table; `header` is a text key (a table without headers is a compact list). */
export interface ColumnDef<R> {
  header?: string;
  align?: 'right';
  strong?: boolean;
  dimmed?: boolean;
  cell: (row: R, f: Formatters) => ReactNode;
}

interface TableDef<T, R> {
  title: string;
  rows: (data: T) => readonly R[];
  rowKey: (row: R) => string | number;
  columns: ColumnDef<R>[];
  /** Scrolls sideways below this width. */
  minWidth?: number;
  testId?: string;
}

/** One block of a statistics tab, top to bottom. */
export type Block<T> =
  | { kind: 'cards'; cards: CardDef<T>[]; cols: SimpleGridProps['cols'] }
  | { kind: 'note'; id: string; render: (data: T, f: Formatters) => ReactNode }
  | { kind: 'chart'; title: string; series: [key: string, label: string, color: string][]; options?: ChartOptions }
  | { kind: 'donut'; title: string; entries: (data: T) => { status: string; count: number }[] }
  | { kind: 'table'; table: TableDef<T, unknown> }
  | { kind: 'side-by-side'; blocks: Block<T>[] }
  | { kind: 'when-complete'; blocks: Block<T>[] };

type ChartOptions = Pick<MonthChartProps, 'kind' | 'money' | 'height'>;

/** Key figures in a row: four across on wide screens unless `cols` says otherwise. */
export const cards = <T,>(list: CardDef<T>[], cols: SimpleGridProps['cols'] = { base: 1, xs: 2, lg: 4 }): Block<T> => ({
  kind: 'cards',
  cards: list,
  cols,
});

/** Any statistics answer: how complete its figures are (see completionSchema). */
type WithCompletion = { completion: Completion };

/**
 * A key figure compared with the same period the year before. A figure the server leaves out
 * until its data is complete (null) shows "—" and when it will be there.
 */
export const compared = <T extends WithCompletion>(
  label: string,
  format: 'kr' | 'n',
  figures: (data: T) => [current: number | null, previous: number | null],
): CardDef<T> => ({
  label,
  value: (data, f) => {
    const current = figures(data)[0];
    return current === null ? null : f[format](current);
  },
  hint: (data, f) => {
    const [current, previous] = figures(data);
    return current === null ? f.completion(data.completion) : f.change(current, previous, f[format]);
  },
});

/** Something said about the figures once they are there (e.g. how much of them is read in full). */
export const note = <T,>(id: string, render: (data: T, f: Formatters) => ReactNode): Block<T> => ({ kind: 'note', id, render });

/** A titled chart per month of the tab's `months`; each series is [key, text key, colour]. */
export const chart = <T,>(title: string, series: [string, string, string][], options?: ChartOptions): Block<T> => ({
  kind: 'chart',
  title,
  series,
  options,
});

/** A titled donut of counts per status, with the counts beside it. */
export const donut = <T,>(title: string, entries: (data: T) => { status: string; count: number }[]): Block<T> => ({
  kind: 'donut',
  title,
  entries,
});

/** A titled table of rows; says "nothing in the period" when there are none. */
export const table = <T, R>(definition: TableDef<T, R>): Block<T> => ({
  kind: 'table',
  table: definition as unknown as TableDef<T, unknown>,
});

/** Two blocks beside each other on wide screens. */
export const sideBySide = <T,>(...blocks: Block<T>[]): Block<T> => ({ kind: 'side-by-side', blocks });

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section">
      <Title order={3} fz="h5" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Blocks whose figures need complete data; until the answer is complete they are left out (the page says why). */
export const whenComplete = <T,>(...blocks: Block<T>[]): Block<T> => ({ kind: 'when-complete', blocks });

const STATUS_COLORS: Record<string, string> = {
  unbooked: 'gray.5',
  unpaid: 'blue.6',
  overdue: 'red.6',
  paid: 'teal.6',
  credit: 'orange.5',
  cancelled: 'dark.3',
  active: 'teal.6',
  upcoming: 'blue.5',
  inactive: 'gray.5',
  finished: 'dark.3',
  terminated: 'red.6',
};

function StatusDonut({ entries, label, f }: { entries: { status: string; count: number }[]; label: string; f: Formatters }) {
  const data = entries
    .filter((e) => e.count > 0)
    .map((e) => ({ name: f.t(`status.${e.status}`), value: e.count, color: STATUS_COLORS[e.status] ?? 'gray.5' }));
  return (
    <Group align="center" gap="xl" wrap="wrap">
      <figure aria-label={label} style={{ margin: 0 }}>
        <DonutChart data={data} withTooltip tooltipDataSource="segment" size={180} thickness={28} />
      </figure>
      <Table w="auto" verticalSpacing={4}>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.status}>
              <Table.Td>{f.t(`status.${e.status}`)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {f.n(e.count)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Group>
  );
}

function TableView<T>({ def, data, f }: { def: TableDef<T, unknown>; data: T | undefined; f: Formatters }) {
  const rows = data ? def.rows(data) : [];
  const withHeader = def.columns.some((column) => column.header);
  let body = (
    <Table verticalSpacing={withHeader ? 'xs' : 4} data-testid={def.testId}>
      {withHeader ? (
        <Table.Thead>
          <Table.Tr>
            {def.columns.map((column) => (
              <Table.Th key={column.header} ta={column.align}>
                {column.header ? f.t(column.header) : null}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
      ) : null}
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={def.rowKey(row)}>
            {def.columns.map((column, index) => (
              <Table.Td
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table, their place is their identity.
                key={index}
                ta={column.align}
                fw={column.strong ? 600 : undefined}
                c={column.dimmed ? 'dimmed' : undefined}
              >
                {column.cell(row, f)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (def.minWidth) body = <Table.ScrollContainer minWidth={def.minWidth}>{body}</Table.ScrollContainer>;
  return (
    <>
      {body}
      {data && rows.length === 0 ? <Text c="dimmed">{f.t('empty')}</Text> : null}
    </>
  );
}

const blockKey = <T,>(block: Block<T>): string => {
  switch (block.kind) {
    case 'cards':
      return `cards-${block.cards[0]?.label}`;
    case 'note':
      return `note-${block.id}`;
    case 'table':
      return `table-${block.table.title}`;
    case 'side-by-side':
      return `side-${block.blocks.map(blockKey).join('+')}`;
    case 'when-complete':
      return `complete-${block.blocks.map(blockKey).join('+')}`;
    default:
      return `${block.kind}-${block.title}`;
  }
};

function BlockView<T>({ block, data, f }: { block: Block<T>; data: T | undefined; f: Formatters }) {
  switch (block.kind) {
    case 'cards':
      return (
        <SimpleGrid cols={block.cols}>
          {block.cards.map((card) => (
            <StatCard
              key={card.label}
              label={f.t(card.label)}
              value={data === undefined ? undefined : card.value(data, f)}
              hint={typeof card.hint === 'string' ? f.t(card.hint) : data === undefined ? undefined : card.hint?.(data, f)}
            />
          ))}
        </SimpleGrid>
      );
    case 'note':
      return data === undefined ? null : block.render(data, f);
    case 'chart': {
      const series: ChartSeries[] = block.series.map(([key, label, color]) => ({ key, label: f.t(label), color }));
      const points = (data as { months?: MonthChartProps['points'] } | undefined)?.months;
      return (
        <Section title={f.t(block.title)}>
          <MonthChart {...block.options} label={f.t(block.title)} points={points} series={series} />
        </Section>
      );
    }
    case 'donut':
      return (
        <Section title={f.t(block.title)}>
          {data === undefined ? null : <StatusDonut entries={block.entries(data)} label={f.t(block.title)} f={f} />}
        </Section>
      );
    case 'table':
      return (
        <Section title={f.t(block.table.title)}>
          <TableView def={block.table} data={data} f={f} />
        </Section>
      );
    case 'side-by-side':
      return (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {block.blocks.map((inner) => (
            <BlockView key={blockKey(inner)} block={inner} data={data} f={f} />
          ))}
        </SimpleGrid>
      );
    case 'when-complete':
      // While loading, the skeletons show; an incomplete answer leaves them out.
      if (data !== undefined && !(data as Partial<WithCompletion>).completion?.complete) return null;
      return (
        <>
          {block.blocks.map((inner) => (
            <BlockView key={blockKey(inner)} block={inner} data={data} f={f} />
          ))}
        </>
      );
  }
}

/** A statistics tab drawn from its blocks; `data` is undefined while loading (skeletons show). */
export function StatisticsBlocks<T>({ blocks, data }: { blocks: Block<T>[]; data: T | undefined }) {
  const f = useFormatters();
  return (
    <Stack gap="md">
      {blocks.map((block) => (
        <BlockView key={blockKey(block)} block={block} data={data} f={f} />
      ))}
    </Stack>
  );
}
