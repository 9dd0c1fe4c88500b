import type { GitTransaction } from '@fairway/shared';
import { Badge, Select, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListParamsConfig, useListParams } from '../../../components/list/use-list-params';
import { useGitTransactions } from '../api/list-git-transactions';
import { RUN_STATUS_COLORS, useGitFormat } from '../lib/format';
import { GitList } from './git-list';
import { RunFailures, useCountsText } from './run-progress';

const FILTERS = { status: ['all', 'queued', 'running', 'succeeded', 'failed'] } as const;
const LIST: ListParamsConfig<never, typeof FILTERS> = { sorts: [], filters: FILTERS };

/**
 * The GIT transaction log, newest first: kind, trigger, status, counts, progress and times; a run
 * with failures opens to list them (click the row, or Enter on its toggle).
 */
export function GitTransactionsTab() {
  const { t } = useTranslation('git');
  const format = useGitFormat();
  const countsText = useCountsText();
  const params = useListParams(LIST);
  const { page, pageSize, status } = params.query;
  const query = useGitTransactions({ page, pageSize, status: status === 'all' ? undefined : status });
  const [expanded, setExpanded] = useState<string[]>([]);
  const toggle = (id: string) =>
    setExpanded((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const expandable = (run: GitTransaction) => run.failures.length > 0 || run.error !== null;

  return (
    <GitList<GitTransaction>
      params={params}
      query={query}
      toolbar={
        <Stack mb="md" gap="sm">
          <Select
            label={t('runs.filter')}
            value={status}
            onChange={(value) => value && params.setFilter('status', value as (typeof FILTERS.status)[number])}
            data={FILTERS.status.map((value) => ({ value, label: value === 'all' ? t('runs.all') : t(`runs.status.${value}`) }))}
            allowDeselect={false}
            w={{ base: '100%', xs: 180 }}
            comboboxProps={{ withinPortal: true }}
          />
        </Stack>
      }
      emptyTitle={t('runs.emptyTitle')}
      emptyText={t('runs.emptyText')}
      emptyIcon={IconHistory}
      label={t('runs.table')}
      minWidth={880}
      rowExpansion={{
        allowMultiple: true,
        trigger: 'never',
        expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
        content: ({ record }) => (
          <Stack p="sm" gap="xs">
            {record.error ? (
              <Text fz="sm" c="red">
                {t('runs.error', { error: record.error })}
              </Text>
            ) : null}
            {record.failures.length > 0 ? <RunFailures failures={record.failures} /> : null}
          </Stack>
        ),
      }}
      columns={[
        {
          accessor: 'expand',
          title: '',
          width: 44,
          render: (run) =>
            expandable(run) ? (
              <button
                type="button"
                onClick={() => toggle(run.id)}
                aria-expanded={expanded.includes(run.id)}
                aria-label={t('runs.showFailures')}
                style={{ background: 'none', border: 0, padding: 2, cursor: 'pointer', color: 'inherit' }}
              >
                {expanded.includes(run.id) ? (
                  <IconChevronDown size={16} aria-hidden="true" />
                ) : (
                  <IconChevronRight size={16} aria-hidden="true" />
                )}
              </button>
            ) : null,
        },
        {
          accessor: 'kind',
          title: t('runs.columns.kind'),
          render: (run) => t(`runs.kinds.${run.kind}`, { defaultValue: run.kind }),
        },
        {
          accessor: 'trigger',
          title: t('runs.columns.trigger'),
          render: (run) => t(`runs.triggers.${run.trigger}`, { defaultValue: run.trigger }),
        },
        {
          accessor: 'status',
          title: t('runs.columns.status'),
          noWrap: true,
          render: (run) => (
            <Badge variant="light" color={RUN_STATUS_COLORS[run.status]} tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>
              {t(`runs.status.${run.status}`)}
            </Badge>
          ),
        },
        {
          accessor: 'progress',
          title: t('runs.columns.progress'),
          noWrap: true,
          render: (run) =>
            run.total > 0
              ? t('runs.progressShort', {
                  processed: run.processed,
                  total: run.total,
                  failed: run.failed,
                  count: run.failed,
                })
              : '–',
        },
        {
          accessor: 'counts',
          title: t('runs.columns.counts'),
          render: (run) => countsText(run.counts) || t('runs.createdUpdated', { created: run.created, updated: run.updated }),
        },
        {
          accessor: 'startedAt',
          title: t('runs.columns.startedAt'),
          noWrap: true,
          render: (run) => format.time(run.startedAt ?? run.createdAt),
        },
        {
          accessor: 'finishedAt',
          title: t('runs.columns.finishedAt'),
          noWrap: true,
          render: (run) => format.time(run.finishedAt) ?? '–',
        },
      ]}
    />
  );
}
