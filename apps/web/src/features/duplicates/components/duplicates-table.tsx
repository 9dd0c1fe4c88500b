import type { DuplicateGroup } from '@fairway/shared';
import { ActionIcon, Anchor, Badge, Menu, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconChecks, IconCopyOff, IconDots, IconEye, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DocumentRowsProps } from '../../../components/list/document-table';
import { type ListColumn, ListTable } from '../../../components/list/list-table';
import { formatDate } from '../../../lib/dates';
import { formatOre } from '../../../lib/money';
import type { DuplicateSort } from '../lib/list-config';
import { DUPLICATE_PATHS } from '../lib/paths';
import { confidencePercent } from './field-outcome';

export type GroupAction = 'resolve' | 'unresolve' | 'notDuplicate' | 'handle';

export interface DuplicatesTableProps extends DocumentRowsProps<DuplicateGroup, DuplicateSort> {
  /** The viewer may change groups (duplicates.write): the row actions show. */
  canWrite: boolean;
  onAction: (group: DuplicateGroup, action: GroupAction) => void;
}

/** A group's state as a badge with words: resolved, unresolved, or being handled. */
export function GroupStatusBadge({ group }: { group: DuplicateGroup }) {
  const { t } = useTranslation('duplicates');
  const state = group.handling ? 'handling' : group.resolved ? 'resolved' : 'unresolved';
  const color = { handling: 'blue', resolved: 'teal', unresolved: 'orange' }[state];
  return (
    <Badge variant="light" color={color} tt="none">
      {t(`status.${state}`)}
    </Badge>
  );
}

/** The groups of one page: the transaction ID opens the group, the menu holds its actions. */
export function DuplicatesTable({ canWrite, onAction, ...page }: DuplicatesTableProps) {
  const { t, i18n } = useTranslation('duplicates');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const navigate = useNavigate();
  const nameOf = (g: DuplicateGroup) => g.transactionId ?? t(`documents.${g.resource}`, { number: g.original.number });
  const columns: ListColumn<DuplicateGroup, DuplicateSort>[] = [
    {
      accessor: 'transactionId',
      title: t('list.columns.transactionId'),
      render: (g) => (
        <Anchor
          component={Link}
          to={DUPLICATE_PATHS.detail(g.id)}
          fw={600}
          fz="sm"
          aria-label={t('list.open', { name: nameOf(g) })}
        >
          {g.transactionId ?? t('list.noTransactionId')}
        </Anchor>
      ),
    },
    {
      accessor: 'original',
      title: t('list.columns.original'),
      sort: 'date',
      render: (g) => (
        <Stack gap={0} style={{ overflowWrap: 'anywhere' }}>
          <Text fz="sm" fw={500}>
            {t(`documents.${g.resource}`, { number: g.original.number })}
          </Text>
          {g.original.counterpartyName ? (
            <Text fz="xs" c="dimmed">
              {g.original.counterpartyName}
            </Text>
          ) : null}
          <Text fz="xs" c="dimmed">
            {formatDate(g.original.date, lang)}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'duplicateCount',
      title: t('list.columns.duplicates'),
      sort: 'duplicates',
      textAlign: 'right',
      visibleMediaQuery: '(min-width: 36em)',
    },
    {
      accessor: 'amountAtStakeOre',
      title: t('list.columns.atStake'),
      sort: 'amount',
      textAlign: 'right',
      render: (g) => (
        <Text fz="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatOre(g.amountAtStakeOre, lang)}
        </Text>
      ),
    },
    {
      accessor: 'confidence',
      title: t('list.columns.confidence'),
      sort: 'confidence',
      textAlign: 'right',
      visibleMediaQuery: '(min-width: 48em)',
      render: (g) => t('confidence', { percent: confidencePercent(g.confidence) }),
    },
    { accessor: 'status', title: t('list.columns.status'), render: (g) => <GroupStatusBadge group={g} /> },
    {
      accessor: 'actions',
      title: t('list.columns.actions'),
      textAlign: 'right',
      width: 70,
      render: (g) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('list.actionsFor', { name: nameOf(g) })}>
              <IconDots size={18} aria-hidden="true" />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconEye size={16} aria-hidden="true" />}
              onClick={() => void navigate(DUPLICATE_PATHS.detail(g.id))}
            >
              {t('actions.open')}
            </Menu.Item>
            {canWrite ? (
              <>
                {g.resolved ? (
                  <Menu.Item
                    leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
                    onClick={() => onAction(g, 'unresolve')}
                  >
                    {t('actions.unresolve')}
                  </Menu.Item>
                ) : (
                  <Menu.Item leftSection={<IconChecks size={16} aria-hidden="true" />} onClick={() => onAction(g, 'resolve')}>
                    {t('actions.resolve')}
                  </Menu.Item>
                )}
                {g.duplicateCount === 1 ? (
                  <Menu.Item
                    leftSection={<IconCopyOff size={16} aria-hidden="true" />}
                    disabled={g.handling}
                    onClick={() => onAction(g, 'notDuplicate')}
                  >
                    {t('actions.notDuplicate')}
                  </Menu.Item>
                ) : null}
                {/* Handling is for unresolved groups only (the server refuses a resolved one). */}
                {g.resolved ? null : (
                  <Menu.Item
                    leftSection={<IconTool size={16} aria-hidden="true" />}
                    disabled={g.handling || g.duplicateCount === 0}
                    onClick={() => onAction(g, 'handle')}
                  >
                    {t('actions.handleGroup')}
                  </Menu.Item>
                )}
              </>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];
  return (
    <ListTable<DuplicateGroup, DuplicateSort>
      records={page.rows}
      columns={columns}
      sort={page.sort}
      order={page.order}
      onSort={page.onSort}
      fetching={page.fetching}
      onRowClick={(g) => void navigate(DUPLICATE_PATHS.detail(g.id))}
      label={t('list.tableLabel')}
      minWidth={360}
    />
  );
}
