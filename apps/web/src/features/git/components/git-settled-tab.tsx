import type { GitInvoiceBasisRow } from '@fairway/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconReceipt, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { type ListParamsConfig, useListParams } from '../../../components/list/use-list-params';
import { callFailure, type FormFailure } from '../../../lib/form-errors';
import { notifyError } from '../../../lib/notify';
import { isRunActive, useGitTransaction } from '../api/get-git-transaction';
import { gitKey } from '../api/git-key';
import { type SettledKind, useGitSettledInvoices } from '../api/list-git-settled-invoices';
import { useReportGitStatus } from '../api/report-git-status';
import { useGitFormat } from '../lib/format';
import type { Selection } from '../lib/selection';
import { GitList } from './git-list';
import { RunProgress } from './run-progress';

const LIST: ListParamsConfig<never, Record<never, never>> = { sorts: [], filters: {} };

export interface GitSettledTabProps {
  kind: SettledKind;
  selection: Selection<GitInvoiceBasisRow>;
  onSelectionChange: (selection: Selection<GitInvoiceBasisRow>) => void;
  canWrite: boolean;
}

/**
 * Paid or credited invoices (bases) across the occasions, newest first. The selection (kept
 * across pages), or every eligible invoice, can be reported to GIT; the run's progress shows here.
 */
export function GitSettledTab({ kind, selection, onSelectionChange, canWrite }: GitSettledTabProps) {
  const { t } = useTranslation('git');
  const format = useGitFormat();
  const queryClient = useQueryClient();
  const params = useListParams(LIST);
  const { page, pageSize, search } = params.query;
  const query = useGitSettledInvoices(kind, { page, pageSize, search });
  const report = useReportGitStatus();
  const [asking, setAsking] = useState<'selected' | 'all' | null>(null);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const run = useGitTransaction(runId);
  const finished = run.data !== undefined && !isRunActive(run.data);

  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: [...gitKey, 'settled'] });
  }, [finished, queryClient]);

  const start = (what: 'selected' | 'all') => {
    if (what === 'selected' && selection.size === 0) {
      notifyError(t('settled.selectOne'));
      return;
    }
    setFailure(null);
    setAsking(what);
  };
  const confirm = () => {
    const body = asking === 'selected' ? { kind, basisIds: [...selection.keys()] } : { kind };
    setFailure(null);
    report.mutate(body, {
      onSuccess: (started) => {
        setRunId(started.id);
        if (asking === 'selected') onSelectionChange(new Map());
        setAsking(null);
      },
      onError: (error) => setFailure(callFailure(error)),
    });
  };

  return (
    <GitList<GitInvoiceBasisRow>
      params={params}
      query={query}
      searchLabel={t('settled.search')}
      actions={
        canWrite ? (
          <>
            <Button
              variant="default"
              leftSection={<IconSend size={16} aria-hidden="true" />}
              onClick={() => start('selected')}
              disabled={isRunActive(run.data)}
            >
              {t('settled.reportSelected', { count: selection.size })}
            </Button>
            <Button variant="light" onClick={() => start('all')} disabled={isRunActive(run.data)}>
              {t('settled.reportAll')}
            </Button>
          </>
        ) : null
      }
      banner={
        run.data ? (
          <Stack mb="md" p="md" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
            <RunProgress run={run.data} label={t(`settled.runLabel.${kind}`)} />
          </Stack>
        ) : null
      }
      emptyTitle={t(`settled.emptyTitle.${kind}`)}
      emptyText={t(`settled.emptyText.${kind}`)}
      emptyIcon={IconReceipt}
      selection={{
        value: selection,
        onChange: onSelectionChange,
        selectable: canWrite,
        rowLabel: (row) => t('settled.select', { number: row.number, name: row.memberName }),
        pageLabel: t('settled.selectPage'),
      }}
      label={t(`tabs.${kind === 'paid' ? 'paidInvoices' : 'creditedInvoices'}`)}
      columns={[
        { accessor: 'number', title: t('bases.columns.number'), noWrap: true },
        { accessor: 'memberName', title: t('bases.columns.member'), render: (b) => `${b.memberName} (${b.memberGolfId})` },
        {
          accessor: 'payerName',
          title: t('bases.columns.payer'),
          visibleMediaQuery: '(min-width: 48em)',
          render: (b) => `${b.payerName} · ${t(`bases.payerKinds.${b.payerKind}`)}`,
        },
        {
          accessor: 'totalOre',
          title: t('bases.columns.total'),
          textAlign: 'right',
          noWrap: true,
          render: (b) => format.sek(b.totalOre),
        },
        kind === 'paid'
          ? {
              accessor: 'paidOre',
              title: t('bases.columns.paid'),
              textAlign: 'right',
              noWrap: true,
              render: (b) => format.sek(b.paidOre),
            }
          : {
              accessor: 'creditReason',
              title: t('bases.columns.creditReason'),
              visibleMediaQuery: '(min-width: 62em)',
              render: (b) => b.creditReason ?? '–',
            },
        {
          accessor: kind === 'paid' ? 'paidAt' : 'creditedAt',
          title: t(kind === 'paid' ? 'bases.columns.paidAt' : 'bases.columns.creditedAt'),
          noWrap: true,
          render: (b) => format.date(kind === 'paid' ? b.paidAt : b.creditedAt) ?? '–',
        },
      ]}
    >
      <Modal opened={asking !== null} onClose={() => setAsking(null)} title={t(`settled.confirmTitle.${kind}`)} centered>
        <Stack gap="md">
          <Text fz="sm">
            {asking === 'all' ? t(`settled.confirmAll.${kind}`) : t(`settled.confirmSelected.${kind}`, { count: selection.size })}
          </Text>
          <FailureAlert failure={failure} title={t('settled.reportFailed')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)} data-autofocus>
              {t('cancel')}
            </Button>
            <Button onClick={confirm} loading={report.isPending}>
              {t('settled.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </GitList>
  );
}
