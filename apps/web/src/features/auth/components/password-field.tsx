import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A password input whose show/hide toggle is reachable by keyboard and named for screen
 * readers; `aria-pressed` tells whether the password is currently shown.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordField(props, ref) {
  const { t } = useTranslation('auth');
  return (
    <PasswordInput ref={ref} visibilityToggleButtonProps={{ 'aria-label': t('shared.showPassword'), tabIndex: 0 }} {...props} />
  );
});
