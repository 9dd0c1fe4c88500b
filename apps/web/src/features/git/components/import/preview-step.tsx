import { formatSek, type GitImportPreview, type GitImportPreviewInvoice } from '@fairway/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Pagination,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { IconArrowLeft, IconFileImport } from '@tabler/icons-react';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/dates';

const PAGE_SIZE = 25;

/** Excel row numbers as a reader scans them: `4`, `4–6` when adjacent, else `4, 9, 12` (at most six). */
export function excelRows(rows: readonly number[]): string {
  if (rows.length === 0) return '–';
  const adjacent = rows.every((r, i) => i === 0 || r === (rows[i - 1] as number) + 1);
  if (rows.length > 1 && adjacent) return `${rows[0]}–${rows[rows.length - 1]}`;
  return rows.length > 6 ? `${rows.slice(0, 6).join(', ')} …` : rows.join(', ');
}

export interface PreviewStepProps {
  preview: GitImportPreview;
  skipInvalid: boolean;
  onSkipInvalidChange: (skip: boolean) => void;
  failure: string | null;
  pending: boolean;
  onBack: () => void;
  onCommit: () => void;
}

function Stat({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={color}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * Step 3: the invoices the file becomes, invalid ones highlighted with each row's messages (row
 * numbers as in Excel), the counts, and whether to skip the invalid invoices.
 */
export function PreviewStep({ preview, skipInvalid, onSkipInvalidChange, failure, pending, onBack, onCommit }: PreviewStepProps) {
  const { t, i18n } = useTranslation('git-import');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const number = new Intl.NumberFormat(lang === 'en' ? 'en-SE' : 'sv-SE');
  const { counts } = preview;
  const [view, setView] = useState<'all' | 'invalid'>(counts.invalidInvoices > 0 ? 'invalid' : 'all');
  const [page, setPage] = useState(1);
  const shown = view === 'invalid' ? preview.invoices.filter((i) => !i.valid) : preview.invoices;
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  // biome-ignore lint/correctness/useExhaustiveDependencies: another view or a new preview starts on its first page; they are triggers.
  useEffect(() => setPage(1), [view, preview]);
  const pageRows = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const blocked = counts.validInvoices === 0 || (counts.invalidInvoices > 0 && !skipInvalid);
  const fieldLabel = (field: string) => t(`fields.${field}`, { defaultValue: field });

  const invoiceRow = (invoice: GitImportPreviewInvoice, index: number) => {
    const key = `${invoice.invoiceNumber}-${invoice.rows[0]?.row ?? index}`;
    const rows = invoice.rows.map((r) => r.row);
    return (
      <Fragment key={key}>
        <Table.Tr
          bg={invoice.valid ? undefined : 'var(--mantine-color-red-light)'}
          aria-invalid={invoice.valid ? undefined : true}
        >
          <Table.Td>{invoice.invoiceNumber || '–'}</Table.Td>
          <Table.Td>
            <Text size="sm">{invoice.memberName}</Text>
            <Text size="xs" c="dimmed">
              {invoice.golfId}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{invoice.payerName}</Text>
            <Text size="xs" c="dimmed">
              {invoice.payerGolfId}
            </Text>
          </Table.Td>
          <Table.Td>{excelRows(rows)}</Table.Td>
          <Table.Td>{formatDate(invoice.dueDate, lang)}</Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {formatSek(invoice.totalOre, lang)}
          </Table.Td>
          <Table.Td>
            <Badge color={invoice.valid ? 'teal' : 'red'} variant="light" tt="none">
              {invoice.valid ? t('preview.valid') : t('preview.invalid', { count: invoice.errors.length })}
            </Badge>
          </Table.Td>
        </Table.Tr>
        {invoice.errors.length > 0 ? (
          <Table.Tr bg="var(--mantine-color-red-light)">
            <Table.Td colSpan={7} pt={0}>
              <List size="xs" spacing={2} c="red" aria-label={t('preview.errorsOf', { number: invoice.invoiceNumber || '–' })}>
                {invoice.errors.map((e) => (
                  <List.Item key={`${e.row}-${e.field}-${e.message}`}>
                    {t('preview.error', { row: e.row, field: fieldLabel(e.field), message: e.message })}
                  </List.Item>
                ))}
              </List>
            </Table.Td>
          </Table.Tr>
        ) : null}
      </Fragment>
    );
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Stat label={t('preview.invoices')} value={number.format(counts.invoices)} />
        <Stat label={t('preview.validInvoices')} value={number.format(counts.validInvoices)} color="teal" />
        <Stat
          label={t('preview.invalidInvoices', { count: counts.invalidRows })}
          value={number.format(counts.invalidInvoices)}
          color={counts.invalidInvoices > 0 ? 'red' : undefined}
        />
        <Stat label={t('preview.total')} value={formatSek(counts.validTotalOre, lang)} />
      </SimpleGrid>

      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label={t('preview.view.label')}
          value={view}
          onChange={(value) => setView(value as 'all' | 'invalid')}
          data={[
            { value: 'all', label: t('preview.view.all', { count: counts.invoices }) },
            { value: 'invalid', label: t('preview.view.invalid', { count: counts.invalidInvoices }) },
          ]}
        />
        {counts.invalidInvoices > 0 ? (
          <Switch
            checked={skipInvalid}
            onChange={(e) => onSkipInvalidChange(e.currentTarget.checked)}
            label={t('preview.skipInvalid', { count: counts.invalidInvoices })}
          />
        ) : null}
      </Group>

      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t('preview.noneInvalid')}
        </Text>
      ) : (
        <ScrollArea type="auto" offsetScrollbars>
          <Table withTableBorder fz="sm" aria-label={t('preview.table')} verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.invoiceNumber')}</Table.Th>
                <Table.Th>{t('preview.member')}</Table.Th>
                <Table.Th>{t('preview.payer')}</Table.Th>
                <Table.Th>{t('preview.rows')}</Table.Th>
                <Table.Th>{t('fields.dueDate')}</Table.Th>
                <Table.Th ta="right">{t('preview.amount')}</Table.Th>
                <Table.Th>{t('preview.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{pageRows.map(invoiceRow)}</Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label={t('preview.pages')} />
        </Group>
      ) : null}

      {counts.validInvoices === 0 ? (
        <Alert color="red" role="status">
          {t('preview.nothingValid')}
        </Alert>
      ) : counts.invalidInvoices > 0 && !skipInvalid ? (
        <Alert color="yellow" role="status">
          {t('preview.fixOrSkip')}
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" role="alert" title={t('preview.failed')}>
          {failure}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden="true" />} onClick={onBack}>
          {t('preview.back')}
        </Button>
        <Button
          leftSection={<IconFileImport size={16} aria-hidden="true" />}
          onClick={onCommit}
          disabled={blocked}
          loading={pending}
        >
          {t('preview.commit', { count: counts.validInvoices })}
        </Button>
      </Group>
    </Stack>
  );
}
