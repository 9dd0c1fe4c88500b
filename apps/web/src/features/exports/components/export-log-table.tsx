import { EXPORT_FILE_DAYS, type ExportLogEntry } from '@fairway/shared';
import { ActionIcon, Badge, Group, Loader, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconFileOff, IconHistory } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListFooter } from '../../../components/list/list-footer';
import { ListError } from '../../../components/list/list-states';
import { useDateFormat } from '../../../lib/dates';
import { downloadExport } from '../api/download-export';
import { useExportLog } from '../api/list-export-log';

const STATUS_COLORS: Record<ExportLogEntry['status'], string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
};

function formatSize(bytes: number, locale: string): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${number.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${number.format(bytes / 1024)} kB`;
  return `${number.format(bytes / 1024 / 1024)} MB`;
}

function DownloadButton({ entry }: { entry: ExportLogEntry }) {
  const { t } = useTranslation('exports');
  const [loading, setLoading] = useState(false);
  const label = t('log.download', { name: entry.fileName ?? '' });
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        aria-label={label}
        loading={loading}
        onClick={async () => {
          setLoading(true);
          try {
            await downloadExport(entry);
          } catch {
            // The API client has shown why in a toast.
          } finally {
            setLoading(false);
          }
        }}
      >
        <IconDownload size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}

/** The export log: every export of the club account, newest first, paged, with its file while kept. */
export function ExportLogTable() {
  const { t, i18n } = useTranslation('exports');
  const locale = i18n.language === 'en' ? 'en-GB' : 'sv-SE';
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const log = useExportLog({ page, pageSize });
  const headingId = useId();
  const dates = useDateFormat();
  const number = new Intl.NumberFormat(locale);

  let body: React.ReactNode;
  if (log.isPending) {
    body = (
      <Group justify="center" py="xl">
        <Loader size="sm" aria-label={t('log.title')} />
      </Group>
    );
  } else if (log.isError) {
    body = <ListError error={log.error} onRetry={() => void log.refetch()} retrying={log.isFetching} />;
  } else if (log.data.pagination.total === 0) {
    body = (
      <EmptyState title={t('log.emptyTitle')} order={3} icon={<IconHistory size={30} stroke={1.6} />} withBorder={false}>
        {t('log.emptyText', { days: EXPORT_FILE_DAYS })}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Table.ScrollContainer minWidth={880}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-labelledby={headingId} data-testid="export-log">
            <Table.Caption>{t('log.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('log.columns.createdAt')}</Table.Th>
                <Table.Th>{t('log.columns.kind')}</Table.Th>
                <Table.Th>{t('log.columns.period')}</Table.Th>
                <Table.Th>{t('log.columns.format')}</Table.Th>
                <Table.Th ta="right">{t('log.columns.rows')}</Table.Th>
                <Table.Th ta="right">{t('log.columns.size')}</Table.Th>
                <Table.Th>{t('log.columns.status')}</Table.Th>
                <Table.Th>{t('log.columns.createdBy')}</Table.Th>
                <Table.Th>{t('log.columns.file')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates.dateTime(entry.createdAt)}</Table.Td>
                  <Table.Td>{t(`form.kinds.${entry.kind}`)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {dates.date(entry.startDate)} – {dates.date(entry.endDate)}
                  </Table.Td>
                  <Table.Td>{t(`form.formats.${entry.format}`)}</Table.Td>
                  <Table.Td ta="right">{entry.rowCount === null ? '–' : number.format(entry.rowCount)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {entry.fileSize === null ? '–' : formatSize(entry.fileSize, locale)}
                  </Table.Td>
                  <Table.Td style={{ minWidth: 120 }}>
                    <Stack gap={2} align="flex-start">
                      <Badge color={STATUS_COLORS[entry.status]} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
                        {t(`log.status.${entry.status}`)}
                      </Badge>
                      {entry.status === 'failed' && entry.error ? (
                        <Text fz="xs" c="red">
                          {entry.error}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{entry.createdBy ?? t('log.unknownUser')}</Table.Td>
                  <Table.Td>
                    {entry.fileAvailable ? (
                      <Group gap={4}>
                        <DownloadButton entry={entry} />
                        {entry.expiresAt ? (
                          <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                            {t('log.expiresAt', { date: dates.date(entry.expiresAt) })}
                          </Text>
                        ) : null}
                      </Group>
                    ) : entry.status === 'succeeded' ? (
                      <Group gap={4} wrap="nowrap">
                        <IconFileOff size={16} aria-hidden="true" />
                        <Text fz="xs" c="dimmed">
                          {t('log.expired')}
                        </Text>
                      </Group>
                    ) : (
                      '–'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListFooter
          page={page}
          pageSize={pageSize}
          total={log.data.pagination.total}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </>
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h4" id={headingId} mb="sm">
        {t('log.title')}
      </Title>
      {body}
    </Paper>
  );
}
