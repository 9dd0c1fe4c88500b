import { Alert } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getItem, setItem } from '../lib/storage';

/** On unless the build turns it off with VITE_MAINTENANCE_BANNER=off (on by default; docs/web-app.md#notices). */
export const MAINTENANCE_BANNER_ENABLED = import.meta.env.VITE_MAINTENANCE_BANNER !== 'off';

/** The maintenance notice (docs/web-app.md#notices); once dismissed it stays away (`maintenanceDismissed`). */
export function MaintenanceBanner({ enabled = MAINTENANCE_BANNER_ENABLED }: { enabled?: boolean }) {
  const { t } = useTranslation('shell');
  const [dismissed, setDismissed] = useState(() => getItem('maintenanceDismissed') === true);
  if (!enabled || dismissed) return null;
  return (
    <Alert
      role="status"
      variant="light"
      color="yellow"
      icon={<IconTool size={20} aria-hidden="true" />}
      title={t('maintenance.title')}
      withCloseButton
      closeButtonLabel={t('maintenance.dismiss')}
      onClose={() => {
        setItem('maintenanceDismissed', true);
        setDismissed(true);
      }}
      mb="lg"
    >
      {t('maintenance.text')}
    </Alert>
  );
}
