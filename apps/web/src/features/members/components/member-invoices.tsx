import type { InvoiceListRow, MemberDetail } from '@fairway/shared';
import { Anchor, Badge, Box, Center, Group, Loader, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListError } from '../../../components/list/list-states';
import { formatDate } from '../../../lib/dates';
import { formatOre } from '../../../lib/money';
import { useMemberInvoices } from '../api/list-member-invoices';
import { INVOICE_PAGE } from '../lib/paths';

export const MEMBER_INVOICES_PAGE_SIZE = 10;

type Status = 'overdue' | 'partlyPaid' | 'unpaid' | 'creditNote' | 'unbooked';

/** One word for where an open invoice stands (colour is never the only sign). */
function statusOf(r: InvoiceListRow): Status {
  if (r.isCredit) return 'creditNote';
  if (!r.booked) return 'unbooked';
  if (r.overdue) return 'overdue';
  return r.balanceOre < r.totalOre ? 'partlyPaid' : 'unpaid';
}
const STATUS_COLOR: Record<Status, string> = {
  overdue: 'red',
  partlyPaid: 'yellow',
  unpaid: 'orange',
  creditNote: 'grape',
  unbooked: 'gray',
};

/**
 * The invoices behind a member's invoice balance (the billing tab): the balance and the open
 * invoices it is made of come from one answer of the server, so they always agree. Number (a link
 * to the invoice), dates, amount, balance and status; ten a page.
 */
export function MemberInvoices({ member }: { member: Pick<MemberDetail, 'id' | 'firstname' | 'lastname'> }) {
  const { t, i18n } = useTranslation('members');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const [page, setPage] = useState(1);
  const query = useMemberInvoices(member.id, { page, pageSize: MEMBER_INVOICES_PAGE_SIZE });
  const answer = query.data;
  const headingId = `member-invoices-${member.id}`;

  let body: ReactNode;
  if (query.isError && !answer) {
    body = <ListError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (!answer) {
    body = (
      <Center py="md">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{t('invoices.loading')}</Text>
        </Group>
      </Center>
    );
  } else if (answer.pagination.total === 0) {
    body = (
      <EmptyState title={t('invoices.emptyTitle')} order={4} withBorder={false} icon={<IconFileInvoice size={30} stroke={1.6} />}>
        {answer.customerNumber ? t('invoices.emptyText') : t('invoices.noCustomer')}
      </EmptyState>
    );
  } else {
    const pages = Math.max(1, Math.ceil(answer.pagination.total / MEMBER_INVOICES_PAGE_SIZE));
    const amount = (ore: number) => (
      <Text span fz="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatOre(ore, lang)}
      </Text>
    );
    body = (
      <Stack gap="sm">
        {/* On a phone each invoice is a short block; from the sm breakpoint, the table. */}
        <Stack gap={0} hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
          {answer.data.map((r) => {
            const status = statusOf(r);
            return (
              <Box component="li" key={r.id} py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Anchor
                    component={Link}
                    to={INVOICE_PAGE(r.id)}
                    fz="sm"
                    fw={500}
                    aria-label={t('invoices.open', { number: r.number })}
                  >
                    {r.number}
                  </Anchor>
                  <Badge variant="light" color={STATUS_COLOR[status]} tt="none">
                    {t(`invoices.status.${status}`)}
                  </Badge>
                </Group>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text fz="xs" c="dimmed">
                    {t('invoices.columns.dueDate')} {formatDate(r.dueDate, lang)}
                  </Text>
                  <Text fz="sm">
                    {amount(r.balanceOre)}
                    <Text span fz="xs" c="dimmed">
                      {' '}
                      {t('invoices.ofTotal', { total: formatOre(r.totalOre, lang) })}
                    </Text>
                  </Text>
                </Group>
              </Box>
            );
          })}
        </Stack>
        <Table.ScrollContainer minWidth={600} visibleFrom="sm">
          <Table striped aria-labelledby={headingId} aria-busy={query.isFetching} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('invoices.columns.number')}</Table.Th>
                <Table.Th scope="col">{t('invoices.columns.invoiceDate')}</Table.Th>
                <Table.Th scope="col">{t('invoices.columns.dueDate')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('invoices.columns.total')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('invoices.columns.balance')}
                </Table.Th>
                <Table.Th scope="col">{t('invoices.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.data.map((r) => {
                const status = statusOf(r);
                return (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={INVOICE_PAGE(r.id)}
                        fz="sm"
                        aria-label={t('invoices.open', { number: r.number })}
                      >
                        {r.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.invoiceDate, lang)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.dueDate, lang)}</Table.Td>
                    <Table.Td ta="right">{amount(r.totalOre)}</Table.Td>
                    <Table.Td ta="right">{amount(r.balanceOre)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLOR[status]} tt="none" data-status={status}>
                        {t(`invoices.status.${status}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text fz="sm" c="dimmed" aria-live="polite">
            {t('invoices.count', { count: answer.pagination.total })}
          </Text>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next' ? t('invoices.nextPage') : control === 'previous' ? t('invoices.previousPage') : undefined,
              })}
              getItemProps={(n) => ({ 'aria-label': t('invoices.page', { page: n }) })}
            />
          ) : null}
        </Group>
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={3} fz="h4" id={headingId}>
            {t('invoices.title')}
          </Title>
          {answer ? (
            <Text fz="sm">
              {t('fields.invoiceBalance.label')}:{' '}
              <Text span fw={600} data-testid="member-invoice-balance">
                {formatOre(answer.balanceOre, lang)}
              </Text>
            </Text>
          ) : null}
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
