import { EXPORT_FILE_DAYS } from '@fairway/shared';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list/list-page';
import { ExportForm } from '../components/export-form';
import { ExportLogTable } from '../components/export-log-table';

/** /dashboard/golfrelated/exports: an export for a period, and the export log (docs/exports.md). */
export default function ExportsPage() {
  const { t } = useTranslation(['exports', 'shell']);
  return (
    <ListPage
      title={t('title')}
      description={t('description', { days: EXPORT_FILE_DAYS })}
      section={t('shell:nav.groups.golf')}
      scope="exports.read"
    >
      <Stack gap="lg">
        <ExportForm />
        <ExportLogTable />
      </Stack>
    </ListPage>
  );
}
