import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A section whose data did not arrive: says so, and offers to ask again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('landing');
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden="true" />} role="alert">
      <Group justify="space-between" gap="sm">
        <Text fz="sm">{message}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {t('packages.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
