import type { SupportTicket } from '@fairway/shared';
import { Alert, Badge, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { useTickets } from '../api/list-tickets';
import { useDateTime } from '../lib/format';

const PAGE_SIZE = 10;

/** One ticket: its number and subject, who opened it when, the member it concerns, and the message. */
export function TicketItem({ ticket, headingOrder = 3 }: { ticket: SupportTicket; headingOrder?: 3 | 4 }) {
  const { t } = useTranslation('support');
  const formatTime = useDateTime();
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={`ticket-${ticket.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={headingOrder} fz="md" id={`ticket-${ticket.id}`}>
            {t('list.subject', { number: ticket.number, subject: ticket.subject })}
          </Title>
          <Text fz="sm" c="dimmed">
            <time dateTime={ticket.createdAt}>{formatTime(ticket.createdAt)}</time>
          </Text>
        </Group>
        <Group gap="xs">
          {ticket.member ? (
            <Badge variant="light" tt="none">
              {t('list.member', {
                name: ticket.member.memberNumber ? `${ticket.member.name} (${ticket.member.memberNumber})` : ticket.member.name,
              })}
            </Badge>
          ) : null}
          <Text fz="sm" c="dimmed">
            {t('list.openedBy', { name: ticket.openedBy ?? t('list.unknownUser'), clubAccount: ticket.clubAccountName ?? '–' })}
          </Text>
        </Group>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
          {ticket.message}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The organisation's tickets, newest first, ten a page. */
export function TicketsList() {
  const { t } = useTranslation('support');
  const [page, setPage] = useState(1);
  const tickets = useTickets(page, PAGE_SIZE);

  if (tickets.isPending) return <Skeleton h={160} radius="md" aria-busy="true" aria-label={t('list.loading')} />;
  if (tickets.isError) {
    return (
      <Alert color="red" role="alert">
        {t('list.loadFailed')}
      </Alert>
    );
  }
  const { data, pagination } = tickets.data;
  if (pagination.total === 0) {
    return (
      <EmptyState title={t('list.emptyTitle')} order={3} icon={<IconLifebuoy size={30} stroke={1.6} />}>
        {t('list.emptyText')}
      </EmptyState>
    );
  }
  const pages = Math.max(1, Math.ceil(pagination.total / pagination.pageSize));
  return (
    <Stack gap="sm" aria-busy={tickets.isFetching}>
      <Text fz="sm" c="dimmed" aria-live="polite">
        {t('list.count', { count: pagination.total })}
      </Text>
      {data.map((ticket) => (
        <TicketItem key={ticket.id} ticket={ticket} />
      ))}
      {pages > 1 ? (
        <Pagination
          value={page}
          onChange={setPage}
          total={pages}
          getControlProps={(control) => ({ 'aria-label': t(`list.paging.${control}`) })}
          getItemProps={(n) => ({ 'aria-label': t('list.paging.page', { page: n }) })}
        />
      ) : null}
    </Stack>
  );
}
