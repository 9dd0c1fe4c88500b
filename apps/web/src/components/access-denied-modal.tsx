import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { onAppEvent } from '../lib/app-events';
import { i18n } from '../lib/i18n';

const MODAL_ID = 'access-denied';

function AccessDeniedModalBody({ message }: { message: string }) {
  const { t } = useTranslation('shell');
  return (
    <Stack gap="md">
      <Text>{message}</Text>
      <Group justify="flex-end">
        <Button onClick={() => modals.close(MODAL_ID)} data-autofocus>
          {t('accessDenied.modalClose')}
        </Button>
      </Group>
    </Stack>
  );
}

export function openAccessDeniedModal(message: string): void {
  // One modal at a time: a burst of refused calls should not stack dialogs.
  modals.close(MODAL_ID);
  modals.open({
    modalId: MODAL_ID,
    title: i18n.t('shell:accessDenied.modalTitle'),
    closeOnClickOutside: false,
    centered: true,
    children: <AccessDeniedModalBody message={message} />,
  });
}

/** Shows the access-denied modal whenever the API client reports a 403 (docs/web-app.md#errors). */
export function useAccessDeniedModal(): void {
  useEffect(() => onAppEvent('access-denied', ({ message }) => openAccessDeniedModal(message)), []);
}
