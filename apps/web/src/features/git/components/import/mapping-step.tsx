import {
  GIT_IMPORT_FIELDS,
  type GitImportField,
  type GitImportMapping,
  type GitImportPreviewBody,
  type GitImportUpload,
  isRequiredGitImportField,
} from '@fairway/shared';
import { Alert, Button, Group, ScrollArea, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/date-field';
import { columnLetter } from './import-helpers';

const SAMPLE_SHOWN = 5;

export interface MappingStepProps {
  upload: GitImportUpload;
  settings: GitImportPreviewBody;
  onChange: (settings: GitImportPreviewBody) => void;
  /** Field messages, keyed `mapping.<field>`, `occasionName`, `invoiceDate`, `dueDate`. */
  errors: Record<string, string>;
  failure: string | null;
  pending: boolean;
  onBack: () => void;
  onPreview: () => void;
}

/**
 * Step 2: which column holds which field (prefilled from the header names; required fields
 * marked), the invoice occasion's name and the dates used where the file has none, and the
 * first rows of the sheet to map by.
 */
export function MappingStep({ upload, settings, onChange, errors, failure, pending, onBack, onPreview }: MappingStepProps) {
  const { t } = useTranslation('git-import');
  const columns = upload.columns.map((header, index) => ({
    value: String(index),
    label: `${columnLetter(index)} – ${header || t('mapping.noHeader')}`,
  }));
  const setField = (field: GitImportField, value: string | null) =>
    onChange({
      ...settings,
      mapping: { ...settings.mapping, [field]: value === null ? null : Number(value) } as GitImportMapping,
    });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('mapping.sheet', { sheet: upload.sheetName, rows: upload.rowCount, header: upload.headerRow, file: upload.fileName })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('mapping.occasionName')}
          withAsterisk
          maxLength={120}
          value={settings.occasionName}
          onChange={(e) => onChange({ ...settings, occasionName: e.currentTarget.value })}
          error={errors.occasionName}
        />
        <DateField
          label={t('mapping.invoiceDate')}
          description={t('mapping.dateHint')}
          withAsterisk
          value={settings.invoiceDate}
          onChange={(invoiceDate) => onChange({ ...settings, invoiceDate })}
          error={errors.invoiceDate}
        />
        <DateField
          label={t('mapping.dueDate')}
          description={t('mapping.dateHint')}
          withAsterisk
          value={settings.dueDate}
          onChange={(dueDate) => onChange({ ...settings, dueDate })}
          error={errors.dueDate}
        />
      </SimpleGrid>

      <Title order={3} size="h5">
        {t('mapping.columnsTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
        {GIT_IMPORT_FIELDS.map((field) => {
          const required = isRequiredGitImportField(field);
          const value = settings.mapping[field];
          return (
            <Select
              key={field}
              label={t(`fields.${field}`)}
              required={required}
              placeholder={required ? t('mapping.choose') : t('mapping.notInFile')}
              data={columns}
              value={value === null || value === undefined ? null : String(value)}
              onChange={(next) => setField(field, next)}
              clearable={!required}
              searchable
              nothingFoundMessage={t('mapping.noColumn')}
              error={errors[`mapping.${field}`]}
              comboboxProps={{ withinPortal: true }}
            />
          );
        })}
      </SimpleGrid>

      <Title order={3} size="h5">
        {t('mapping.sampleTitle')}
      </Title>
      <ScrollArea type="auto" offsetScrollbars>
        <Table striped withTableBorder fz="xs" aria-label={t('mapping.sampleTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('mapping.row')}</Table.Th>
              {upload.columns.map((header, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a file's column is its place (headers may repeat or be blank).
                <Table.Th key={`${index}-${header}`} style={{ whiteSpace: 'nowrap' }}>
                  {columnLetter(index)} · {header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {upload.sampleRows.slice(0, SAMPLE_SHOWN).map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                {upload.columns.map((header, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a file's column is its place (headers may repeat or be blank).
                  <Table.Td key={`${index}-${header}`} style={{ whiteSpace: 'nowrap' }}>
                    {row.cells[index] ?? ''}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>

      {failure ? (
        <Alert color="red" role="alert" title={t('mapping.failed')}>
          {failure}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden="true" />} onClick={onBack}>
          {t('mapping.back')}
        </Button>
        <Button leftSection={<IconEye size={16} aria-hidden="true" />} onClick={onPreview} loading={pending}>
          {t('mapping.preview')}
        </Button>
      </Group>
    </Stack>
  );
}
