import { type Billing, formatSek, PAGE_SIZES } from '@fairway/shared';
import { Alert, Badge, Button, Group, Pagination, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconReceipt2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { formatDate } from '../../../lib/dates';
import { notifySuccess } from '../../../lib/notify';
import { downloadBilling } from '../api/download-billing';
import { useBillings } from '../api/list-billings';

/** Our invoices to the organisation, newest first, each downloadable as a PDF. */
export function BillingsTable() {
  const { t, i18n } = useTranslation('billings');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(10);
  const [downloading, setDownloading] = useState<string | null>(null);
  const billings = useBillings(page, pageSize);

  const download = async (billing: Billing) => {
    setDownloading(billing.id);
    try {
      await downloadBilling(billing.id, billing.number);
      notifySuccess(t('list.downloaded', { number: billing.number }));
    } catch {
      // The API client has shown why.
    } finally {
      setDownloading(null);
    }
  };

  if (billings.isPending) return <Skeleton h={200} radius="md" aria-busy="true" />;
  if (billings.isError) return <Alert color="red">{t('list.loadFailed')}</Alert>;
  const { data, pagination } = billings.data;
  if (pagination.total === 0) {
    return (
      <EmptyState title={t('list.emptyTitle')} icon={<IconReceipt2 size={30} stroke={1.6} />} order={3}>
        {t('list.emptyText')}
      </EmptyState>
    );
  }
  const pages = Math.max(1, Math.ceil(pagination.total / pagination.pageSize));
  const from = (pagination.page - 1) * pagination.pageSize + 1;
  const to = from + data.length - 1;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Title order={3} fz="h4">
          {t('list.title')}
        </Title>
        <Table.ScrollContainer minWidth={920}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="billings-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('list.number')}</Table.Th>
                <Table.Th>{t('list.invoiceDate')}</Table.Th>
                <Table.Th>{t('list.dueDate')}</Table.Th>
                <Table.Th>{t('list.period')}</Table.Th>
                <Table.Th>{t('list.ocr')}</Table.Th>
                <Table.Th ta="right">
                  {t('list.total')}{' '}
                  <Text span fz="xs" c="dimmed" fw={400}>
                    ({t('list.totalHint')})
                  </Text>
                </Table.Th>
                <Table.Th>{t('list.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((billing) => (
                <Table.Tr key={billing.id} data-testid={`billing-${billing.number}`}>
                  <Table.Td fw={600}>{billing.number}</Table.Td>
                  <Table.Td>{formatDate(billing.invoiceDate, lang)}</Table.Td>
                  <Table.Td>{formatDate(billing.dueDate, lang)}</Table.Td>
                  <Table.Td>
                    {formatDate(billing.periodStart, lang)} – {formatDate(billing.periodEnd, lang)}
                  </Table.Td>
                  <Table.Td>{billing.ocr}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatSek(billing.totalOre, lang)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge color={billing.status === 'paid' ? 'green' : 'orange'} variant="light" style={{ overflow: 'visible' }}>
                      {t(`list.statuses.${billing.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconDownload size={14} />}
                      loading={downloading === billing.id}
                      aria-label={t('list.downloadLabel', { number: billing.number })}
                      onClick={() => void download(billing)}
                    >
                      {t('list.download')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Select
              aria-label={t('list.perPage')}
              w={90}
              size="xs"
              data={PAGE_SIZES.map(String)}
              value={String(pageSize)}
              allowDeselect={false}
              onChange={(value) => {
                setPageSize(Number(value));
                setPage(1);
              }}
            />
            <Text fz="sm" c="dimmed">
              {t('list.range', { from, to, total: pagination.total })}
            </Text>
          </Group>
          {pages > 1 ? <Pagination size="sm" total={pages} value={page} onChange={setPage} /> : null}
        </Group>
      </Stack>
    </Paper>
  );
}
