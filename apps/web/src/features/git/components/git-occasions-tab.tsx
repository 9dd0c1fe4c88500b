import type { GitInvoiceOccasionRow } from '@fairway/shared';
import { Anchor, Badge, Button, Group, Modal, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconFileInvoice } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureAlert } from '../../../components/failure-alert';
import { type ListParamsConfig, useListParams } from '../../../components/list/use-list-params';
import { callFailure, type FormFailure } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useGitOccasions } from '../api/list-git-occasions';
import { useSetOccasionsArchived } from '../api/set-occasion-archived';
import { useGitFormat } from '../lib/format';
import { GIT_PATHS } from '../lib/paths';
import type { Selection } from '../lib/selection';
import { getChosenOccasion } from '../lib/stored-occasion';
import { GitList } from './git-list';
import { GitImportButton } from './import/git-import-button';

const FILTERS = { view: ['active', 'archived'] } as const;
const LIST: ListParamsConfig<never, typeof FILTERS> = { sorts: [], filters: FILTERS };

export interface GitOccasionsTabProps {
  selection: Selection<GitInvoiceOccasionRow>;
  onSelectionChange: (selection: Selection<GitInvoiceOccasionRow>) => void;
  canWrite: boolean;
}

/**
 * GIT's invoice occasions, active or archived; the one the user last worked on is marked. A
 * selection (kept across pages) can be archived or brought back together, after a confirmation.
 */
export function GitOccasionsTab({ selection, onSelectionChange, canWrite }: GitOccasionsTabProps) {
  const { t } = useTranslation('git');
  const format = useGitFormat();
  const params = useListParams(LIST);
  const { page, pageSize, view } = params.query;
  const archivedView = view === 'archived';
  const query = useGitOccasions({ page, pageSize, archived: archivedView ? 'true' : 'false' });
  const change = useSetOccasionsArchived();
  const [confirming, setConfirming] = useState<readonly GitInvoiceOccasionRow[] | null>(null);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const chosen = getChosenOccasion();

  // The other view holds other occasions: a selection made in one is not acted on from the other.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of view clears the selection, not a new callback from the parent.
  useEffect(() => {
    onSelectionChange(new Map());
  }, [view]);

  const ask = (rows: readonly GitInvoiceOccasionRow[]) => {
    if (rows.length === 0) {
      notifyError(t('occasions.selectOne'));
      return;
    }
    setFailure(null);
    setConfirming(rows);
  };
  const confirm = () => {
    if (!confirming) return;
    const ids = confirming.map((row) => row.id);
    setFailure(null);
    change.mutate(
      { ids, archived: !archivedView },
      {
        onSuccess: (count) => {
          notifySuccess(t(archivedView ? 'occasions.unarchived' : 'occasions.archived', { count }));
          const next = new Map(selection);
          for (const id of ids) next.delete(id);
          onSelectionChange(next);
          setConfirming(null);
        },
        onError: (error) => setFailure(callFailure(error)),
      },
    );
  };
  const actionLabel = archivedView ? t('occasions.unarchive') : t('occasions.archive');
  const ActionIcon = archivedView ? IconArchiveOff : IconArchive;

  return (
    <GitList<GitInvoiceOccasionRow>
      params={params}
      query={query}
      toolbar={
        <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
          <SegmentedControl
            aria-label={t('occasions.view.label')}
            value={view}
            onChange={(value) => params.setFilter('view', value as (typeof FILTERS.view)[number])}
            data={FILTERS.view.map((value) => ({ value, label: t(`occasions.view.${value}`) }))}
          />
          {canWrite ? (
            <Group gap="sm">
              <GitImportButton />
              <Button
                variant="default"
                leftSection={<ActionIcon size={16} aria-hidden="true" />}
                onClick={() => ask([...selection.values()])}
                loading={change.isPending}
              >
                {t(archivedView ? 'occasions.unarchiveSelected' : 'occasions.archiveSelected', { count: selection.size })}
              </Button>
            </Group>
          ) : null}
        </Group>
      }
      isFiltered={archivedView}
      emptyTitle={t('occasions.emptyTitle')}
      emptyText={t('occasions.emptyText')}
      emptyIcon={IconFileInvoice}
      selection={{
        value: selection,
        onChange: onSelectionChange,
        selectable: canWrite,
        rowLabel: (row) => t('occasions.select', { name: row.name }),
        pageLabel: t('occasions.selectPage'),
      }}
      label={t('occasions.table')}
      highlight={(row) => row.id === chosen?.id}
      columns={[
        {
          accessor: 'name',
          title: t('occasions.columns.name'),
          render: (o) => (
            <Group gap={6} wrap="nowrap">
              <Anchor component={Link} to={GIT_PATHS.occasion(o.id)} fw={600} fz="sm">
                {o.name}
              </Anchor>
              {o.id === chosen?.id ? (
                <Badge size="xs" variant="light" tt="none">
                  {t('occasions.current')}
                </Badge>
              ) : null}
            </Group>
          ),
        },
        { accessor: 'invoiceDate', title: t('occasions.columns.invoiceDate'), noWrap: true },
        {
          accessor: 'dueDate',
          title: t('occasions.columns.dueDate'),
          noWrap: true,
          visibleMediaQuery: '(min-width: 48em)',
        },
        { accessor: 'basisCount', title: t('occasions.columns.bases'), textAlign: 'right' },
        {
          accessor: 'totalOre',
          title: t('occasions.columns.total'),
          textAlign: 'right',
          noWrap: true,
          render: (o) => format.sek(o.totalOre),
        },
        {
          accessor: 'paidOre',
          title: t('occasions.columns.paid'),
          textAlign: 'right',
          noWrap: true,
          visibleMediaQuery: '(min-width: 62em)',
          render: (o) => format.sek(o.paidOre),
        },
        ...(canWrite
          ? [
              {
                accessor: 'actions',
                title: <VisuallyHidden>{t('occasions.columns.actions')}</VisuallyHidden>,
                textAlign: 'right' as const,
                render: (o: GitInvoiceOccasionRow) => (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<ActionIcon size={14} aria-hidden="true" />}
                    onClick={() => ask([o])}
                    aria-label={`${actionLabel}: ${o.name}`}
                  >
                    {actionLabel}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    >
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t(archivedView ? 'occasions.unarchiveTitle' : 'occasions.archiveTitle', { count: confirming?.length ?? 0 })}
        centered
      >
        <Stack gap="md">
          <Text fz="sm">
            {t(archivedView ? 'occasions.unarchiveText' : 'occasions.archiveText', { count: confirming?.length ?? 0 })}
          </Text>
          {confirming && confirming.length <= 10 ? (
            <Text fz="sm" fw={600}>
              {confirming.map((row) => row.name).join(', ')}
            </Text>
          ) : null}
          <FailureAlert failure={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)} data-autofocus>
              {t('cancel')}
            </Button>
            <Button onClick={confirm} loading={change.isPending}>
              {actionLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </GitList>
  );
}
