import type { IntegrationStatus } from '@fairway/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX, IconPlugOff, IconRefresh, IconTool } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INTEGRATIONS_PATH } from '../../../app/route-table';
import { useCurrentUser } from '../../../lib/current-user';
import { useIntegrations } from '../../../lib/integrations';
import { useConnectAccounting } from '../api/connect-accounting';
import { accountingProgramName } from './accounting-status';
import { useFormatTime } from './format-time';
import { TargetNotice } from './target-notice';

const NOTICE_STATUSES = ['reconnect_needed', 'installation_needed', 'connector_offline'] as const;
type NoticeStatus = (typeof NOTICE_STATUSES)[number];

const isNoticeStatus = (status: IntegrationStatus | undefined): status is NoticeStatus =>
  (NOTICE_STATUSES as readonly string[]).includes(status ?? '');

/** Dismissed for this browser session only (the notices come back in the next one; docs/accounting.md#notices). */
const DISMISSED_KEY = 'accountingNoticeDismissed';

function readDismissed(): string[] {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function writeDismissed(list: string[]): void {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(list));
  } catch {
    // Storage disabled: the notice stays hidden for this page view only.
  }
}

/**
 * The accounting program's notices (docs/accounting.md#notices) above every dashboard page: a lost connection
 * (with the reconnect button for those who may use it), Visma Administration's connector not
 * installed, or gone silent — and, when it is our simulator of the program, that no data reaches
 * the real one. Reads the integrations page's own query, so both agree.
 */
export function AccountingNotice() {
  const { t } = useTranslation('integrations');
  const formatTime = useFormatTime();
  const user = useCurrentUser();
  const clubAccountId = user?.currentAccount?.id;
  const mayRead = user?.scopes.includes('company.read') ?? false;
  const mayManage = user?.scopes.includes('integrations.manage') ?? false;
  const query = useIntegrations(clubAccountId, { enabled: mayRead && Boolean(clubAccountId) });
  const { connect, busy } = useConnectAccounting();
  const [dismissed, setDismissed] = useState(readDismissed);

  const accounting = query.data?.integrations.find((integration) => integration.system === 'accounting');
  const status = accounting?.status;
  if (!accounting || !clubAccountId || !isNoticeStatus(status)) return null;
  // Dismissing hides this problem of this club account; a different one still shows.
  const dismissKey = `${clubAccountId}:${status}`;
  if (dismissed.includes(dismissKey)) return null;

  const name = accountingProgramName(accounting.provider);
  const clubAccount = query.data?.clubAccount?.name ?? user?.currentAccount?.name ?? '';
  const dismiss = () => {
    const next = [...dismissed, dismissKey];
    writeDismissed(next);
    setDismissed(next);
  };
  const toIntegrations = (
    <Button
      component={Link}
      to={INTEGRATIONS_PATH}
      size="xs"
      variant="light"
      color={status === 'installation_needed' ? 'orange' : 'red'}
    >
      {t('notice.toIntegrations')}
    </Button>
  );

  let title: string;
  let body: ReactNode;
  let Icon = IconPlugConnectedX;
  if (status === 'reconnect_needed') {
    title = t('notice.reconnectTitle', { name });
    body = (
      <>
        <Text fz="sm">{t('notice.reconnectText', { name, clubAccount })}</Text>
        {mayManage ? (
          <Group gap="sm">
            <Button
              size="xs"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden="true" />}
              loading={busy}
              onClick={connect}
            >
              {t('accounting.reconnect')}
            </Button>
          </Group>
        ) : (
          <Text fz="sm" fw={500}>
            {t('notice.reconnectAskAdmin', { name })}
          </Text>
        )}
      </>
    );
  } else if (status === 'installation_needed') {
    Icon = IconTool;
    title = t('notice.installationTitle');
    body = (
      <>
        <Text fz="sm">{t('notice.installationText', { name, clubAccount })}</Text>
        <Group gap="sm">{toIntegrations}</Group>
      </>
    );
  } else {
    Icon = IconPlugOff;
    const lastSeen = formatTime(accounting.accounting?.connectorLastSeenAt);
    title = t('notice.offlineTitle', { name });
    body = (
      <>
        <Text fz="sm">
          {lastSeen
            ? t('notice.offlineText', { name, clubAccount, lastSeen })
            : t('notice.offlineTextNever', { name, clubAccount })}
        </Text>
        <Group gap="sm">{toIntegrations}</Group>
      </>
    );
  }

  return (
    <Alert
      role="status"
      variant="light"
      color={status === 'installation_needed' ? 'orange' : 'red'}
      icon={<Icon size={20} aria-hidden="true" />}
      title={title}
      withCloseButton
      closeButtonLabel={t('notice.dismiss')}
      onClose={dismiss}
      mb="lg"
      data-testid="accounting-notice"
      data-status={status}
    >
      <Stack gap="xs">
        {body}
        {accounting.target === 'simulator' ? (
          <TargetNotice
            target="simulator"
            name={name}
            reason={accounting.provider === 'visma_administration' ? 'connector' : 'cloud'}
            linked
            mt="0"
          />
        ) : null}
      </Stack>
    </Alert>
  );
}
