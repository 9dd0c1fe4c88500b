import { encodeMessage, type GitTransaction, type Lang, translateValidationMessage } from '@fairway/shared';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconApi, IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardLoadFailed, CardLoading } from '../../../components/card-states';
import { Detail } from '../../../components/detail';
import { useCurrentUser } from '../../../lib/current-user';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify';
import { useGitConnection } from '../api/get-git-connection';
import { isRunActive, useGitTransaction } from '../api/get-git-transaction';
import { gitKey } from '../api/git-key';
import { useGitTransactions } from '../api/list-git-transactions';
import { useRefreshGit } from '../api/refresh-git';
import { RUN_STATUS_COLORS, useGitFormat } from '../lib/format';
import { GIT_PATHS } from '../lib/paths';
import { RunProgress } from './run-progress';

/** The latest refresh among the newest runs (the log is newest first). */
function latestRefresh(runs: GitTransaction[] | undefined): GitTransaction | null {
  return runs?.find((run) => run.kind === 'refresh') ?? null;
}

/**
 * The GIT link at a glance (club, since when, last refresh), "Refresh from GIT" with its progress,
 * and the way to the API configuration where the sync switches live.
 */
export function GitSettingsTab({ canWrite }: { canWrite: boolean }) {
  const { t, i18n } = useTranslation('git');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'sv';
  const format = useGitFormat();
  const queryClient = useQueryClient();
  const connection = useGitConnection();
  const recent = useGitTransactions({ page: 1, pageSize: 50 });
  const refresh = useRefreshGit();
  const [runId, setRunId] = useState<string | null>(null);
  const run = useGitTransaction(runId);
  const last = latestRefresh(recent.data?.data);
  // The configurations page reads with company.read (configurations.routes.ts); without it the link would end in a refusal.
  const canSeeApiConfiguration = useCurrentUser()?.scopes.includes('company.read') ?? false;

  // A refresh already under way (started elsewhere, or by the schedule) is followed too.
  useEffect(() => {
    if (runId === null && last && isRunActive(last)) setRunId(last.id);
  }, [runId, last]);

  const reported = useRef<string | null>(null);
  useEffect(() => {
    const current = run.data;
    if (!current || isRunActive(current) || reported.current === current.id) return;
    reported.current = current.id;
    void queryClient.invalidateQueries({ queryKey: gitKey });
    if (current.status !== 'succeeded') notifyError(t('settings.refreshFailed'));
    else if (current.created + current.updated === 0)
      notifyInfo(translateValidationMessage(encodeMessage('git_refresh_no_updates'), lang));
    else notifySuccess(t('settings.refreshed'));
  }, [run.data, queryClient, t, lang]);

  const info = connection.data;
  const connected = info?.status === 'connected';
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="git-connection-title">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} fz="h4" id="git-connection-title">
            {t('settings.connection')}
          </Title>
          {info ? (
            <Badge color={connected ? 'teal' : info.status === 'key_revoked' ? 'red' : 'gray'} variant="light">
              {t(`connection.status.${info.status}`)}
            </Badge>
          ) : null}
        </Group>
        {connection.isPending ? (
          <CardLoading text={t('loading')} />
        ) : connection.isError ? (
          <CardLoadFailed title={t('loadError')} retryLabel={t('retry')} onRetry={() => void connection.refetch()} />
        ) : info ? (
          <>
            <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mt="md" mb={0}>
              <Detail label={t('settings.club')}>
                {info.clubName ? `${info.clubName} (${info.clubId})` : (info.clubId ?? '–')}
              </Detail>
              <Detail label={t('settings.environment')}>
                {info.environment ? t(`connection.environment.${info.environment}`) : '–'}
              </Detail>
              <Detail label={t('settings.connectedAt')}>{format.time(info.connectedAt) ?? '–'}</Detail>
              <Detail label={t('settings.lastRefresh')}>
                {last ? (
                  <Group component="span" gap={6} wrap="wrap">
                    <Badge component="span" size="sm" variant="light" color={RUN_STATUS_COLORS[last.status]}>
                      {t(`runs.status.${last.status}`)}
                    </Badge>
                    <span>{format.time(last.finishedAt ?? last.startedAt ?? last.createdAt)}</span>
                  </Group>
                ) : (
                  t('settings.neverRefreshed')
                )}
              </Detail>
            </SimpleGrid>
            {info.status === 'key_revoked' ? (
              <Alert
                mt="md"
                color="red"
                variant="light"
                icon={<IconAlertCircle size={18} aria-hidden="true" />}
                title={t('connection.revokedTitle')}
              >
                <Text fz="sm">{t('connection.revokedText')}</Text>
                <Anchor component={Link} to={GIT_PATHS.integrations} fz="sm">
                  {t('connection.toIntegrations')}
                </Anchor>
              </Alert>
            ) : null}
            {info.status === 'not_connected' ? (
              <Alert
                mt="md"
                color="blue"
                variant="light"
                icon={<IconPlugConnected size={18} aria-hidden="true" />}
                title={t('connection.notConnectedTitle')}
              >
                <Text fz="sm">{t('connection.notConnectedText')}</Text>
                <Anchor component={Link} to={GIT_PATHS.integrations} fz="sm">
                  {t('connection.toIntegrations')}
                </Anchor>
              </Alert>
            ) : null}
          </>
        ) : null}
        {canWrite && connected ? (
          <Group mt="lg" gap="sm">
            <Button
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              loading={refresh.isPending}
              disabled={isRunActive(run.data)}
              onClick={() => refresh.mutate(undefined, { onSuccess: (started) => setRunId(started.id) })}
            >
              {t('settings.refresh')}
            </Button>
            <Text fz="sm" c="dimmed">
              {t('settings.refreshHint')}
            </Text>
          </Group>
        ) : null}
        {run.data ? (
          <Stack mt="md">
            <RunProgress run={run.data} label={t('settings.refreshRun')} />
          </Stack>
        ) : null}
      </Card>
      {canSeeApiConfiguration ? (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="git-api-title">
          <Title order={2} fz="h4" id="git-api-title">
            {t('settings.apiTitle')}
          </Title>
          <Text fz="sm" c="dimmed" mt={4}>
            {t('settings.apiText')}
          </Text>
          <Button
            component={Link}
            to={GIT_PATHS.apiConfiguration}
            variant="light"
            mt="md"
            w="fit-content"
            leftSection={<IconApi size={16} aria-hidden="true" />}
          >
            {t('settings.apiLink')}
          </Button>
        </Card>
      ) : null}
    </Stack>
  );
}
