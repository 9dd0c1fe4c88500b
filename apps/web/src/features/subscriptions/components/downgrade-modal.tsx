import type { Package, Subscription } from '@fairway/shared';
import { Alert, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { callFailure, type FormFailure } from '../../../lib/form-errors';
import { userRoleLabel } from '../../../lib/roles';
import { useDowngradeCandidates } from '../api/get-downgrade-candidates';

export interface DowngradeModalProps {
  target: Package;
  subscription: Subscription;
  viewerId: string;
  onClose: () => void;
  onSubmit: (keep: { keepUserIds: string[]; keepClubAccountIds: string[] }) => Promise<void>;
}

/**
 * A downgrade (docs/subscriptions.md#changes) asks which users and club accounts stay within the smaller package. The
 * ones left unticked are deleted by the server in the same transaction as the request.
 */
export function DowngradeModal({ target, viewerId, onClose, onSubmit }: DowngradeModalProps) {
  const { t } = useTranslation(['subscriptions', 'common']);
  const candidates = useDowngradeCandidates(true);
  const [users, setUsers] = useState<string[]>([]);
  const [accounts, setAccounts] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);

  // Start from the viewer plus the first others up to the limit, and the first club accounts.
  useEffect(() => {
    if (!candidates.data) return;
    const others = candidates.data.users.filter((u) => u.id !== viewerId).map((u) => u.id);
    setUsers([viewerId, ...others].slice(0, Math.max(1, target.maxUsers)));
    setAccounts(candidates.data.clubAccounts.map((c) => c.id).slice(0, target.maxClubAccounts));
  }, [candidates.data, target, viewerId]);

  const data = candidates.data;
  const tooManyUsers = users.length > target.maxUsers;
  const tooManyAccounts = accounts.length > target.maxClubAccounts;
  const noAccount = accounts.length === 0;
  const valid = !tooManyUsers && !tooManyAccounts && !noAccount;

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit({ keepUserIds: users, keepClubAccountIds: accounts });
    } catch (error) {
      // The dialog stays open to adjust the choice, with the refusal in it.
      setFailure(callFailure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('downgrade.title', { package: target.name })} size="lg" centered>
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('downgrade.intro', { package: target.name, users: target.maxUsers, clubAccounts: target.maxClubAccounts })}
        </Alert>
        {candidates.isPending ? <Loader size="sm" aria-label={t('common:loading')} /> : null}
        {candidates.isError ? <Alert color="red">{t('downgrade.loadFailed')}</Alert> : null}
        {data ? (
          <>
            <Checkbox.Group
              label={t('downgrade.users', { selected: users.length, max: target.maxUsers })}
              value={users}
              onChange={setUsers}
              error={tooManyUsers ? t('downgrade.tooMany', { max: target.maxUsers }) : undefined}
            >
              <ScrollArea.Autosize mah={220} mt="xs">
                <Stack gap={6}>
                  {data.users.map((user) => (
                    <Checkbox
                      key={user.id}
                      value={user.id}
                      disabled={user.id === viewerId}
                      label={`${user.name}${user.id === viewerId ? ` (${t('downgrade.you')})` : ''} · ${userRoleLabel(t, user)}${
                        user.status === 'invited' ? ` · ${t('downgrade.invited')}` : ''
                      }`}
                      description={user.email}
                    />
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            </Checkbox.Group>
            <Checkbox.Group
              label={t('downgrade.clubAccounts', { selected: accounts.length, max: target.maxClubAccounts })}
              value={accounts}
              onChange={setAccounts}
              error={
                noAccount
                  ? t('downgrade.atLeastOne')
                  : tooManyAccounts
                    ? t('downgrade.tooMany', { max: target.maxClubAccounts })
                    : undefined
              }
            >
              <Stack gap={6} mt="xs">
                {data.clubAccounts.map((account) => (
                  <Checkbox key={account.id} value={account.id} label={account.name} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Text fz="sm" c="red" fw={600}>
              {t('downgrade.willDelete', {
                users: data.users.length - users.length,
                clubAccounts: data.clubAccounts.length - accounts.length,
              })}
            </Text>
          </>
        ) : null}
        <FailureAlert failure={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" disabled={!data || !valid} loading={busy} onClick={() => void submit()}>
            {t('downgrade.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
