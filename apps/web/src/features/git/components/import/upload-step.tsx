import { GIT_IMPORT_MAX_BYTES, type GitImportUpload } from '@fairway/shared';
import { Alert, Button, FileInput, Group, List, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadGitImport } from '../../api/import-git';
import { fileProblem } from './import-helpers';

const XLSX_TYPES = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Step 1: choose GIT's Excel export and upload it; the answer carries the columns and a suggested mapping. */
export function UploadStep({ onUploaded }: { onUploaded: (upload: GitImportUpload) => void }) {
  const { t } = useTranslation('git-import');
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const upload = useUploadGitImport();
  const problem = fileProblem(file);
  const maxMb = GIT_IMPORT_MAX_BYTES / 1024 / 1024;

  const submit = () => {
    setTouched(true);
    if (problem || !file) return;
    upload.mutate(file, { onSuccess: onUploaded });
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('upload.intro')}</Text>
      <List size="sm" spacing={4}>
        <List.Item>{t('upload.howTo1')}</List.Item>
        <List.Item>{t('upload.howTo2')}</List.Item>
        <List.Item>{t('upload.howTo3')}</List.Item>
      </List>
      <FileInput
        label={t('upload.file')}
        description={t('upload.fileHint', { max: maxMb })}
        placeholder={t('upload.placeholder')}
        accept={XLSX_TYPES}
        value={file}
        onChange={(next) => {
          setFile(next);
          upload.reset();
        }}
        clearable
        withAsterisk
        leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
        error={touched && problem ? t(`upload.problem.${problem}`, { max: maxMb }) : undefined}
      />
      {upload.error ? (
        <Alert color="red" role="alert" title={t('upload.failed')}>
          {upload.error.message}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button leftSection={<IconUpload size={16} aria-hidden="true" />} onClick={submit} loading={upload.isPending}>
          {t('upload.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
