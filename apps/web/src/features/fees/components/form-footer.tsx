import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The bottom of a fees modal form: what the server refused beyond the fields, cancel and save. */
export function FormFooter({
  failure,
  submitting,
  onCancel,
}: {
  failure: string | null;
  submitting: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation('fees');
  return (
    <>
      {failure ? (
        <Alert color="red" role="alert" title={t('common.saveFailed')}>
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={submitting}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={submitting}>
          {t('common.save')}
        </Button>
      </Group>
    </>
  );
}
