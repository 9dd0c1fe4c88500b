import type { SettingRef } from '@fairway/shared';
import { Alert, type AlertProps, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FormFailure } from '../lib/form-errors';

/** The configurations page (features/configurations) opened on a setting's tab, focused on the field. */
export function settingHref(setting: SettingRef): string {
  const query = new URLSearchParams({ tab: setting.group, field: setting.field });
  return `/dashboard/settings?${query.toString()}`;
}

export interface FailureAlertProps extends Omit<AlertProps, 'title' | 'children'> {
  /** From `applyFormErrors` or `callFailure` (lib/form-errors.ts); nothing is shown without a message. */
  failure: FormFailure | null;
  title?: ReactNode;
  /** Called when the user follows the link to a setting (e.g. to close the dialog it sits in). */
  onNavigate?: () => void;
}

/**
 * A refused call's message where the user is (a dialog, a form), announced to screen readers.
 * When the refusal names a setting that must be made first, it says which one and links there.
 */
export function FailureAlert({ failure, title, onNavigate, ...props }: FailureAlertProps) {
  const { t } = useTranslation(['common', 'configurations']);
  if (!failure?.message) return null;
  const { setting } = failure;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} aria-hidden="true" />}
      role="alert"
      title={title}
      data-testid="failure-alert"
      {...props}
    >
      <Stack gap={4}>
        <Text fz="sm">{failure.message}</Text>
        {setting ? (
          <Anchor component={Link} to={settingHref(setting)} fz="sm" fw={600} onClick={onNavigate}>
            {t('common:failure.openSetting', {
              setting: t(`configurations:groups.${setting.group}.fields.${setting.field}.label`, { defaultValue: setting.field }),
              group: t(`configurations:groups.${setting.group}.title`),
            })}
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
}
