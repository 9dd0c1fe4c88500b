import { RECIPIENT_STATUSES, type RecipientStatus, type SendoutDetail } from '@fairway/shared';
import { Button, Paper, ScrollArea, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../components/list/list-footer';
import { useDateFormat } from '../../../lib/dates';
import { RecipientStatusBadge } from './sendout-status-badge';

export interface SendoutRecipientsProps {
  sendout: SendoutDetail;
  /** The status filter and page, kept by the page (`?status=` on the call). */
  status: RecipientStatus | null;
  onStatus: (status: RecipientStatus | null) => void;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
}

const COUNTED = ['queued', 'sent', 'delivered', 'failed', 'bounced', 'review', 'cancelled'] as const;
const PROBLEMS: readonly string[] = ['failed', 'bounced', 'review'];

/** A send-out's counts per status and its recipients with their status and reason, filtered and paged. */
export function SendoutRecipients({ sendout, status, onStatus, page, pageSize, onPage }: SendoutRecipientsProps) {
  const { t } = useTranslation('sendouts');
  const { dateTime } = useDateFormat();
  const counts = sendout.counts;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="sendout-recipients">
      <Stack gap="md">
        <Title order={2} fz="lg" id="sendout-recipients">
          {t('detail.recipients.title')}
        </Title>
        <SimpleGrid cols={{ base: 3, xs: 4, md: 7 }} spacing="xs" data-testid="sendout-counts">
          {COUNTED.map((key) => (
            <div key={key}>
              <Text fz="xs" c="dimmed">
                {t(`recipientStatus.${key}`)}
              </Text>
              <Text fw={700} c={PROBLEMS.includes(key) && counts[key] > 0 ? 'red' : undefined}>
                {counts[key]}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Select
          label={t('detail.recipients.filter')}
          w={{ base: '100%', xs: 260 }}
          data={[
            { value: 'all', label: t('detail.recipients.all', { count: counts.total }) },
            ...RECIPIENT_STATUSES.filter((s) => s !== 'sending').map((s) => ({
              value: s,
              label: `${t(`recipientStatus.${s}`)} (${counts[s as Exclude<RecipientStatus, 'sending'>]})`,
            })),
          ]}
          value={status ?? 'all'}
          onChange={(v) => onStatus(v && v !== 'all' ? (v as RecipientStatus) : null)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {sendout.recipients.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('detail.recipients.none')}
          </Text>
        ) : (
          <ScrollArea type="auto">
            <Table verticalSpacing="xs" miw={360} data-testid="sendout-recipients">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('detail.recipients.columns.name')}</Table.Th>
                  <Table.Th>{t(`detail.recipients.columns.address.${sendout.channel}`)}</Table.Th>
                  <Table.Th>{t('detail.recipients.columns.status')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('detail.recipients.columns.when')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sendout.recipients.map((r) => (
                  <Table.Tr key={`${r.memberId ?? r.name}-${r.address}`}>
                    <Table.Td>
                      <Text fz="sm">{r.name}</Text>
                      {r.viaPayer ? (
                        <Text fz="xs" c="dimmed">
                          {t('detail.recipients.viaPayer')}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.address}</Table.Td>
                    <Table.Td>
                      <RecipientStatusBadge status={r.status} />
                      {r.reason ? (
                        <Text fz="xs" c={r.status === 'cancelled' ? 'dimmed' : 'red'} mt={4}>
                          {r.reason}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {dateTime(r.deliveredAt ?? r.sentAt)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        <ListFooter
          page={sendout.recipientsPagination.page}
          pageSize={pageSize}
          total={sendout.recipientsPagination.total}
          onPageChange={(p) => onPage(p, pageSize)}
          onPageSizeChange={(size) => onPage(1, size)}
        />
        {page > 1 && sendout.recipients.length === 0 ? (
          <Button variant="subtle" onClick={() => onPage(1, pageSize)}>
            {t('detail.recipients.firstPage')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
