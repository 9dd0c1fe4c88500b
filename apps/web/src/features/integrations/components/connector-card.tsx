import type { ConnectorKey, ConnectorState } from '@fairway/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardLoadFailed, CardLoading } from '../../../components/card-states';
import { Detail } from '../../../components/detail';
import { FailureAlert } from '../../../components/failure-alert';
import { callFailure, type FormFailure } from '../../../lib/form-errors';
import { useConnector } from '../api/get-connector';
import { useIssueConnectorKey } from '../api/issue-connector-key';
import { accountingProgramName } from './accounting-status';
import { useFormatTime } from './format-time';
import { TargetNotice } from './target-notice';

const STATE_COLORS: Record<ConnectorState, string> = {
  online: 'teal',
  offline: 'red',
  installation_needed: 'orange',
};

interface ConnectorCardProps {
  clubAccountId: string;
  clubAccountName: string;
  mayManage: boolean;
}

/**
 * Visma Administration runs on the club's own computer, so a connector program installed there
 * does the work (docs/accounting.md#visma-administration). This card shows whether it is online, how to install it, and
 * makes its key: shown once, right after it is made, since only its hash is kept.
 */
export function ConnectorCard({ clubAccountId, clubAccountName, mayManage }: ConnectorCardProps) {
  const { t } = useTranslation('integrations');
  const formatTime = useFormatTime();
  const query = useConnector(clubAccountId);
  const issue = useIssueConnectorKey();
  const [newKey, setNewKey] = useState<ConnectorKey | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);

  const makeKey = () => {
    setFailure(null);
    issue.mutate(undefined, {
      onSuccess: (key) => {
        setNewKey(key);
        setConfirmRotate(false);
      },
      onError: (error) => setFailure(callFailure(error)),
    });
  };
  const askRotate = (open: boolean) => {
    setFailure(null);
    setConfirmRotate(open);
  };

  const connector = query.data;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="connector-title"
      data-testid="connector-card"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div>
          <Title order={2} fz="h4" id="connector-title">
            {t('connector.title')}
          </Title>
          <Text c="dimmed" fz="sm" mt={4}>
            {t('connector.description', { clubAccount: clubAccountName })}
          </Text>
        </div>
        {connector ? (
          <Badge color={STATE_COLORS[connector.status]} variant="light" style={{ flexShrink: 0 }} data-testid="connector-status">
            {t(`connector.status.${connector.status}`)}
          </Badge>
        ) : null}
      </Group>

      {query.isPending ? (
        <CardLoading text={t('connector.loading')} />
      ) : !connector ? (
        <CardLoadFailed title={t('connector.loadError')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="md" mt="md">
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm" m={0}>
            <Detail label={t('connector.lastSeen')}>{formatTime(connector.lastSeenAt) ?? t('accounting.never')}</Detail>
            <Detail label={t('connector.registeredAt')}>{formatTime(connector.registeredAt) ?? t('accounting.never')}</Detail>
            <Detail label={t('connector.pendingWork')}>{connector.pendingWork}</Detail>
            {connector.companyName ? (
              <Detail label={t('accounting.company')}>
                {connector.companyDatabase ? `${connector.companyName} (${connector.companyDatabase})` : connector.companyName}
              </Detail>
            ) : null}
            {connector.machine ? <Detail label={t('connector.machine')}>{connector.machine}</Detail> : null}
            {connector.version ? <Detail label={t('connector.version')}>{connector.version}</Detail> : null}
            <Detail label={t('connector.key')}>
              {connector.keyPrefix ? (
                <>
                  <Code>{`${connector.keyPrefix}…`}</Code>{' '}
                  {t('connector.keyCreated', { when: formatTime(connector.keyCreatedAt) ?? '–' })}
                </>
              ) : (
                t('connector.noKey')
              )}
            </Detail>
          </SimpleGrid>
          {/* The company it registered is the connector's; whether that is the real program, the server says. */}
          <TargetNotice
            target={connector.target}
            name={accountingProgramName('visma_administration')}
            reason="connector"
            linked={connector.status !== 'installation_needed'}
            mt="0"
          />

          {newKey ? <NewKey connectorKey={newKey} onDone={() => setNewKey(null)} /> : null}

          {connector.status === 'installation_needed' ? (
            <div>
              <Title order={3} fz="h5" mb="xs">
                {t('connector.stepsTitle')}
              </Title>
              <List type="ordered" spacing={6} fz="sm">
                <List.Item>{t('connector.step1')}</List.Item>
                <List.Item>{t('connector.step2')}</List.Item>
                <List.Item>
                  {t('connector.step3')} <Code>{`{ "serverUrl": "${window.location.origin}", "key": "fwc_…" }`}</Code>
                </List.Item>
                <List.Item>{t('connector.step4')}</List.Item>
              </List>
            </div>
          ) : null}

          {confirmRotate ? null : <FailureAlert failure={failure} />}
          {mayManage ? (
            <Group gap="sm">
              {connector.keyPrefix ? (
                <Button
                  variant="default"
                  leftSection={<IconRefresh size={16} aria-hidden="true" />}
                  onClick={() => askRotate(true)}
                >
                  {t('connector.rotate')}
                </Button>
              ) : (
                <Button leftSection={<IconKey size={16} aria-hidden="true" />} loading={issue.isPending} onClick={makeKey}>
                  {t('connector.create')}
                </Button>
              )}
            </Group>
          ) : (
            <Text fz="sm" data-testid="connector-manage-hint">
              {t('connector.manageHint')}
            </Text>
          )}
        </Stack>
      )}

      <Modal opened={confirmRotate} onClose={() => askRotate(false)} title={t('connector.rotateTitle')} centered>
        <Stack gap="md">
          <Text fz="sm">{t('connector.rotateText')}</Text>
          <FailureAlert failure={failure} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => askRotate(false)} data-autofocus>
              {t('accounting.cancel')}
            </Button>
            <Button color="red" loading={issue.isPending} onClick={makeKey}>
              {t('connector.rotateConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** The whole key, once: copy it now, it cannot be shown again. */
function NewKey({ connectorKey, onDone }: { connectorKey: ConnectorKey; onDone: () => void }) {
  const { t } = useTranslation('integrations');
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconKey size={18} aria-hidden="true" />}
      title={t('connector.newKeyTitle')}
      data-testid="connector-new-key"
    >
      <Stack gap="xs">
        <Text fz="sm">{t('connector.newKeyText')}</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} aria-label={t('connector.newKeyLabel')}>
            {connectorKey.key}
          </Code>
          <CopyButton value={connectorKey.key} timeout={3000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('connector.copied') : t('connector.copy')} withArrow>
                <ActionIcon
                  variant="light"
                  color={copied ? 'teal' : 'gray'}
                  size="lg"
                  onClick={copy}
                  aria-label={copied ? t('connector.copied') : t('connector.copy')}
                >
                  {copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group>
          <Button size="xs" variant="light" onClick={onDone}>
            {t('connector.newKeyDone')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
