import type { CurrentUser } from '@fairway/shared';
import { Button, Group, MultiSelect, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RoleOption } from '../lib/role-options';

interface FieldBinding<T> {
  value: T;
  onChange: (value: T) => void;
  onBlur: () => void;
  error: string | undefined;
}

/**
 * The role a user gets (invite and edit dialogs): the hint says who may give which role; `required`
 * for a new user, who has none yet.
 */
export function RoleField({
  viewer,
  data,
  required = false,
  autoFocus = false,
  value,
  onChange,
  onBlur,
  error,
}: FieldBinding<string | undefined> & {
  viewer: CurrentUser;
  data: RoleOption[];
  required?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('users');
  return (
    <Select
      label={t('management.fields.role')}
      placeholder={required ? t('management.rolePlaceholder') : undefined}
      description={viewer.role === 'Owner' ? t('management.roleHintOwner') : t('management.roleHintOther')}
      withAsterisk={required}
      data={data}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      onBlur={onBlur}
      error={error}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-autofocus={autoFocus || undefined}
    />
  );
}

/** The club accounts a user works in (invite and edit dialogs). */
export function ClubAccountsField({
  data,
  value,
  onChange,
  onBlur,
  error,
}: FieldBinding<string[] | undefined> & { data: { value: string; label: string }[] }) {
  const { t } = useTranslation('users');
  return (
    <MultiSelect
      label={t('management.fields.clubAccounts')}
      placeholder={t('management.clubAccountsPlaceholder')}
      description={t('management.clubAccountsHint')}
      data={data}
      value={value ?? []}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      searchable
      clearable
    />
  );
}

/** The foot of a user dialog: cancel, and the submit button. */
export function UserDialogActions({
  onCancel,
  submitLabel,
  loading,
  disabled,
}: {
  onCancel: () => void;
  submitLabel: string;
  loading: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('users');
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {t('management.cancel')}
      </Button>
      <Button type="submit" loading={loading} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
