import { Anchor, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ProfileForm } from '../../features/settings/components/profile-form';
import { ProfileImageUpload } from '../../features/settings/components/profile-image-upload';
import { useCurrentUser } from '../../lib/current-user';
import AccountSettingsPage, { ACCOUNT_SETTINGS_PATH } from './account-settings-page';

/**
 * /dashboard/PrototypeModal1: the account settings page with its profile dialog open over it —
 * profile image and profile (the settings feature's own forms). Closing it (its button, Escape or
 * the backdrop) goes back to /dashboard/prototype, so the dialog has an address of its own and the
 * page under it stays the one it came from.
 */
export default function AccountSettingsModalPage() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const close = () => void navigate(ACCOUNT_SETTINGS_PATH);
  return (
    <>
      <AccountSettingsPage />
      {user ? (
        <Modal opened onClose={close} title={t('dialog.title')} size="lg" centered>
          <Stack gap="lg">
            <Text c="dimmed" fz="sm">
              {t('dialog.description')}
            </Text>
            <ProfileImageUpload user={user} />
            <ProfileForm user={user} />
            <Group justify="flex-start">
              <Anchor component={Link} to={ACCOUNT_SETTINGS_PATH} fz="sm">
                {t('dialog.allSettings')}
              </Anchor>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </>
  );
}
