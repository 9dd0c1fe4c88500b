import { type GitConnectBody, gitConnectBodySchema, type Integrations, type IntegrationTarget } from '@fairway/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, Modal, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconGolf, IconPlugConnected, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Detail } from '../../../components/detail';
import { useCurrentUser } from '../../../lib/current-user';
import { applyServerErrors, useFieldErrorText } from '../../../lib/form-errors';
import { integrationsQueryKey } from '../../../lib/integrations';
import { notifySuccess } from '../../../lib/notify';
import { useConnectGit } from '../api/connect-git';
import { useDisconnectGit } from '../api/disconnect-git';
import { useGitConnectionInfo } from '../api/get-git-connection';
import { CardHead } from './card-head';
import { DisconnectModal } from './disconnect-modal';
import { useFormatTime } from './format-time';
import { TargetNotice } from './target-notice';

const STATUS_COLORS = { connected: 'teal', key_revoked: 'red', not_connected: 'gray' } as const;

/** Club id, key and GIT's address; the key is tried against GIT first, so a refused one stores nothing. */
function ConnectGitModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['git', 'integrations']);
  const fieldText = useFieldErrorText();
  const connect = useConnectGit();
  const queryClient = useQueryClient();
  const clubAccountId = useCurrentUser()?.currentAccount?.id;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<GitConnectBody>({
    resolver: zodResolver(gitConnectBodySchema as never) as unknown as Resolver<GitConnectBody>,
    defaultValues: { clubId: '', apiKey: '', baseUrl: 'https://' },
  });
  const { errors } = form.formState;
  const close = () => {
    form.reset();
    setFailure(null);
    connect.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const info = await connect.mutateAsync(values);
      // The integrations list, fetched again by the connect, says what the new link reaches.
      const target = queryClient
        .getQueryData<Integrations>(integrationsQueryKey(clubAccountId))
        ?.integrations.find((integration) => integration.system === 'git')?.target;
      const club = info.clubName ?? info.clubId ?? '';
      notifySuccess(
        target === 'simulator' ? t('integrations:target.gitConnected', { club }) : t('connection.card.connected', { club }),
      );
      close();
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, ['clubId', 'apiKey', 'baseUrl']));
    }
  });
  return (
    <Modal opened={opened} onClose={close} title={t('connection.card.formTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm">{t('connection.card.formIntro')}</Text>
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label={t('connection.card.clubId')}
            required
            maxLength={50}
            autoComplete="off"
            data-autofocus
            {...form.register('clubId')}
            error={fieldText(errors.clubId, t('connection.card.clubId'))}
          />
          <PasswordInput
            label={t('connection.card.apiKey')}
            required
            maxLength={500}
            autoComplete="off"
            {...form.register('apiKey')}
            error={fieldText(errors.apiKey, t('connection.card.apiKey'))}
          />
          <TextInput
            label={t('connection.card.baseUrl')}
            required
            maxLength={500}
            type="url"
            autoComplete="off"
            {...form.register('baseUrl')}
            error={fieldText(errors.baseUrl, t('connection.card.baseUrl'))}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={connect.isPending}>
              {t('connection.card.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Says what a disconnect does before it is done. */
function DisconnectGitModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('git');
  const disconnect = useDisconnectGit();
  return (
    <DisconnectModal
      opened={opened}
      onClose={onClose}
      title={t('connection.card.disconnectTitle')}
      cancelLabel={t('cancel')}
      confirmLabel={t('connection.card.disconnectConfirm')}
      doneText={t('connection.card.disconnected')}
      disconnect={disconnect}
    >
      <Text fz="sm">{t('connection.card.disconnectText')}</Text>
    </DisconnectModal>
  );
}

/**
 * GIT's card on the integrations page: the link's status, club and since when, whether it reaches
 * the real GIT or the built-in simulator (`target`, from the integrations list), the reconnect
 * prompt when GIT revoked the key, and (with integrations.manage) connect, change key and
 * disconnect. Reading the link needs git.read; without it the card shows the overall status only.
 */
export function GitCard({
  mayManage,
  mayRead,
  fallbackStatus,
  target,
}: {
  mayManage: boolean;
  mayRead: boolean;
  fallbackStatus: string;
  target: IntegrationTarget | null;
}) {
  const { t } = useTranslation(['git', 'integrations']);
  const formatTime = useFormatTime();
  const query = useGitConnectionInfo(mayRead);
  const [dialog, setDialog] = useState<'connect' | 'disconnect' | null>(null);
  const info = query.data;
  const status = info?.status ?? (fallbackStatus === 'connected' ? 'connected' : 'not_connected');
  const linked = status !== 'not_connected';

  return (
    <Card withBorder radius="md" padding="lg" data-testid="integration-git" component="section" aria-labelledby="git-card-title">
      <CardHead
        icon={<IconGolf size={22} />}
        kind={t('integrations:systems.git.kind')}
        name={t('integrations:systems.git.name')}
        titleId="git-card-title"
        status={{ color: STATUS_COLORS[status], text: t(`connection.status.${status}`), testId: 'git-status' }}
      />
      <Text fz="sm" c="dimmed" mt="md">
        {status === 'connected'
          ? t('integrations:systems.git.connected')
          : status === 'not_connected'
            ? t('integrations:systems.git.not_connected')
            : t('connection.revokedText')}
      </Text>
      {info && linked ? (
        <SimpleGrid
          component="dl"
          cols={{ base: 1, xs: 2 }}
          spacing="sm"
          mt="md"
          mb={0}
          aria-label={t('connection.card.details')}
        >
          <Detail label={t('connection.card.club')}>
            {info.clubName ? `${info.clubName} (${info.clubId})` : (info.clubId ?? '–')}
          </Detail>
          <Detail label={t('connection.card.connectedAt')}>{formatTime(info.connectedAt) ?? '–'}</Detail>
        </SimpleGrid>
      ) : null}
      {info?.status === 'key_revoked' ? (
        <Alert
          mt="md"
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden="true" />}
          title={t('connection.card.revokedTitle')}
        >
          {t('connection.card.revokedText', { when: formatTime(info.revokedAt) ?? '' })}
        </Alert>
      ) : null}
      <TargetNotice
        target={target}
        name={t('integrations:systems.git.name')}
        reason="git"
        linked={linked}
        linkedTo={info?.clubName ?? info?.clubId}
      />
      {mayManage ? (
        <Group gap="sm" mt="lg">
          {status === 'not_connected' ? (
            <Button leftSection={<IconPlugConnected size={16} aria-hidden="true" />} onClick={() => setDialog('connect')}>
              {t('connection.card.connect')}
            </Button>
          ) : null}
          {status === 'key_revoked' ? (
            <Button color="red" leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={() => setDialog('connect')}>
              {t('connection.card.reconnect')}
            </Button>
          ) : null}
          {status === 'connected' ? (
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              onClick={() => setDialog('connect')}
            >
              {t('connection.card.change')}
            </Button>
          ) : null}
          {linked ? (
            <Button
              variant="default"
              leftSection={<IconPlugConnectedX size={16} aria-hidden="true" />}
              onClick={() => setDialog('disconnect')}
            >
              {t('connection.card.disconnect')}
            </Button>
          ) : null}
        </Group>
      ) : (
        <Text fz="sm" mt="lg">
          {t('connection.card.manageHint')}
        </Text>
      )}
      <ConnectGitModal opened={dialog === 'connect'} onClose={() => setDialog(null)} />
      <DisconnectGitModal opened={dialog === 'disconnect'} onClose={() => setDialog(null)} />
    </Card>
  );
}
