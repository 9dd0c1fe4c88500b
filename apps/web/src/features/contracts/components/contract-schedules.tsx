import type { ContractScheduleItem } from '@fairway/shared';
import { Alert, Anchor, Badge, Center, Loader, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { listErrorMessage } from '../../../components/list/list-states';
import { formatDate } from '../../../lib/dates';
import { type ScheduleInclude, useContractSchedules } from '../api/list-schedules';
import { formatPercentChange } from '../lib/format';
import { CONTRACT_PATHS } from '../lib/paths';

const STATUS_COLORS = { scheduled: 'blue', applying: 'yellow', applied: 'teal', failed: 'red' } as const;

/** What one scheduled item does, in words. */
function ScheduleWhat({ item }: { item: ContractScheduleItem }) {
  const { t, i18n } = useTranslation('contracts');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  if (item.kind === 'cancellation' || !item.priceChange) return <Text fz="sm">{t('schedules.cancellation')}</Text>;
  const change = item.priceChange;
  return (
    <Stack gap={2}>
      <Text fz="sm">{t('schedules.priceChange', { percent: formatPercentChange(change.changeBasisPoints, lang) })}</Text>
      {change.error ? (
        <Text fz="xs" c="red">
          {change.error}
        </Text>
      ) : null}
    </Stack>
  );
}

export interface ScheduleTableProps {
  items: ContractScheduleItem[];
  /** Leave out the contract column (the contract page shows its own items). */
  withContract: boolean;
  label: string;
}

/** Scheduled cancellations and price changes by date. */
export function ScheduleTable({ items, withContract, label }: ScheduleTableProps) {
  const { t, i18n } = useTranslation('contracts');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  return (
    <Table.ScrollContainer minWidth={withContract ? 560 : 360}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('schedules.columns.date')}</Table.Th>
            {withContract ? <Table.Th>{t('schedules.columns.contract')}</Table.Th> : null}
            <Table.Th>{t('schedules.columns.what')}</Table.Th>
            <Table.Th>{t('schedules.columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const status = item.priceChange?.status ?? 'scheduled';
            return (
              <Table.Tr key={`${item.kind}-${item.priceChange?.id ?? item.contractNumber}-${item.date}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(item.date, lang)}</Table.Td>
                {withContract ? (
                  <Table.Td>
                    {item.contractId ? (
                      <Anchor component={Link} to={CONTRACT_PATHS.edit(item.contractId)} fz="sm" fw={600}>
                        {item.contractNumber}
                      </Anchor>
                    ) : (
                      <Text fz="sm">{item.contractNumber}</Text>
                    )}
                    {item.customerName ? (
                      <Text fz="xs" c="dimmed">
                        {item.customerName}
                      </Text>
                    ) : null}
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <ScheduleWhat item={item} />
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" tt="none" color={STATUS_COLORS[status]}>
                    {t(`schedules.status.${status}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The "Scheduled" tab: what the daily job will do for the club account, and (on request) what it did. */
export function ContractSchedules() {
  const { t } = useTranslation('contracts');
  const [include, setInclude] = useState<ScheduleInclude>('pending');
  const query = useContractSchedules(include);
  let body: ReactNode;
  if (query.isError) {
    body = (
      <Alert color="red" role="alert" title={t('schedules.loadError')}>
        {listErrorMessage(query.error)}
      </Alert>
    );
  } else if (!query.data) {
    body = (
      <Center py="xl">
        <Loader size="sm" aria-label={t('schedules.loading')} />
      </Center>
    );
  } else if (query.data.length === 0) {
    body = (
      <EmptyState title={t('schedules.emptyTitle')} order={3} icon={<IconCalendarEvent size={30} stroke={1.6} />}>
        {t('schedules.emptyText')}
      </EmptyState>
    );
  } else {
    body = <ScheduleTable items={query.data} withContract label={t('schedules.tableLabel')} />;
  }
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('schedules.description')}
      </Text>
      <SegmentedControl
        aria-label={t('schedules.include.label')}
        value={include}
        onChange={(value) => setInclude(value as ScheduleInclude)}
        data={[
          { value: 'pending', label: t('schedules.include.pending') },
          { value: 'all', label: t('schedules.include.all') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {body}
    </Stack>
  );
}
