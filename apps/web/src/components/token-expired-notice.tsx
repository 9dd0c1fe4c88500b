import { Alert } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The token-expired screen (docs/web-app.md#guard), shown by the login page when the guard sent the user
 * there with `?q=tokenExpired`.
 */
export function TokenExpiredNotice() {
  const { t } = useTranslation('shell');
  return (
    <Alert
      role="alert"
      variant="light"
      color="orange"
      icon={<IconClockHour4 size={20} aria-hidden="true" />}
      title={t('tokenExpired.title')}
    >
      {t('tokenExpired.text')}
    </Alert>
  );
}
