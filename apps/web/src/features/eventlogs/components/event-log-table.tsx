import type { EventLog } from '@fairway/shared';
import { Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { EventTypeBadge } from './event-type-badge';

const COLUMNS = ['date', 'resource', 'invoice', 'activity', 'error', 'type'] as const;

/** Events are told apart to the second. */
export function useEventDateFormat() {
  const format = useDateFormat();
  return (iso: string) => format.dateTime(iso, { seconds: true });
}

export function EventLogTable({ rows, loading, skeletonRows }: { rows: EventLog[]; loading: boolean; skeletonRows: number }) {
  const { t } = useTranslation('eventlogs');
  const format = useEventDateFormat();
  const none = (
    <Text span c="dimmed">
      {t('none')}
    </Text>
  );
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('table')} aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} scope="col" style={column === 'type' ? { width: 120, minWidth: 120 } : undefined}>
                {t(`columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && rows.length === 0
            ? Array.from({ length: skeletonRows }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity of their own and never move.
                <Table.Tr key={i}>
                  {COLUMNS.map((column) => (
                    <Table.Td key={column}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows.map((row) => (
                <Table.Tr key={row.id} data-type={row.type}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={row.date}>{format(row.date)}</time>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(`resources.${row.resource}`)}</Table.Td>
                  <Table.Td>{row.invoice ?? none}</Table.Td>
                  <Table.Td style={{ minWidth: 240, overflowWrap: 'anywhere' }}>{row.activity}</Table.Td>
                  <Table.Td style={{ minWidth: 160, overflowWrap: 'anywhere' }}>
                    {row.error ? (
                      <Text span c="red" fz="sm">
                        {row.error}
                      </Text>
                    ) : (
                      none
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <EventTypeBadge type={row.type} />
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
