import type { Integration } from '@fairway/shared';
import { Badge, Button, Card, Group, List, SimpleGrid, Text } from '@mantine/core';
import { IconCalculator, IconPlugConnected, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Detail } from '../../../components/detail';
import { HelpHint } from '../../../components/help-hint';
import { useConnectAccounting } from '../api/connect-accounting';
import { useDisconnectAccounting } from '../api/disconnect-accounting';
import { accountingProgramName, STATUS_COLORS } from './accounting-status';
import { CardHead } from './card-head';
import { DisconnectModal } from './disconnect-modal';
import { useFormatTime } from './format-time';
import { TargetNotice } from './target-notice';

const REFRESH_COLORS = { queued: 'gray', running: 'blue', succeeded: 'teal', failed: 'red' } as const;

/** The cloud programs are connected with OAuth from here; Visma Administration through its connector. */
const CONNECTOR_PROVIDER = 'visma_administration';

interface AccountingCardProps {
  integration: Integration;
  clubAccountName: string;
  /** The user holds `integrations.manage`: may connect, reconnect and disconnect. */
  mayManage: boolean;
}

/**
 * The accounting program's card on the integrations page: whether the club account in use is
 * linked, to which company, whether that is the real program or our simulator of it, since when,
 * how the portal's copy was last refreshed, and the
 * buttons to connect, reconnect or disconnect (a lost connection shows a reconnect prompt; docs/accounting.md#connections).
 */
export function AccountingCard({ integration, clubAccountName, mayManage }: AccountingCardProps) {
  const { t } = useTranslation('integrations');
  const formatTime = useFormatTime();
  const { connect, busy } = useConnectAccounting();
  const [confirming, setConfirming] = useState(false);
  const name = accountingProgramName(integration.provider) || t('systems.accounting.name');
  const link = integration.accounting ?? null;
  const usesConnector = integration.provider === CONNECTOR_PROVIDER;
  const { status } = integration;
  const linked = status === 'connected' || status === 'reconnect_needed';
  const refresh = link?.lastRefresh ?? null;

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid="integration-accounting"
      component="section"
      aria-labelledby="accounting-title"
    >
      <CardHead
        icon={<IconCalculator size={22} />}
        kind={t('systems.accounting.kind')}
        name={name}
        titleId="accounting-title"
        aside={usesConnector ? <HelpHint helpKey="integrations.vismaAdministration" topic={name} /> : null}
        status={{ color: STATUS_COLORS[status], text: t(`status.${status}`), testId: 'accounting-status' }}
      />
      <Text fz="sm" c="dimmed" mt="md">
        {t(`systems.accounting.${status}`, { name })}
      </Text>

      {link && (link.companyName || link.connectedAt || refresh || usesConnector) ? (
        <SimpleGrid
          component="dl"
          cols={{ base: 1, xs: 2 }}
          spacing="sm"
          verticalSpacing="sm"
          mt="md"
          mb={0}
          aria-label={t('accounting.details')}
          data-testid="accounting-details"
        >
          {link.companyName ? <Detail label={t('accounting.company')}>{link.companyName}</Detail> : null}
          {link.connectedAt ? <Detail label={t('accounting.connectedAt')}>{formatTime(link.connectedAt)}</Detail> : null}
          {usesConnector ? (
            <Detail label={t('accounting.connectorLastSeen')}>
              {formatTime(link.connectorLastSeenAt) ?? t('accounting.never')}
            </Detail>
          ) : null}
          {linked || refresh ? (
            <Detail label={t('accounting.lastRefresh')}>
              {refresh ? (
                <Group component="span" gap={6} wrap="wrap">
                  <Badge component="span" size="sm" variant="light" color={REFRESH_COLORS[refresh.status]}>
                    {t(`accounting.refreshStatus.${refresh.status}`)}
                  </Badge>
                  <span>{formatTime(refresh.at)}</span>
                </Group>
              ) : (
                t('accounting.neverRefreshed')
              )}
            </Detail>
          ) : null}
        </SimpleGrid>
      ) : null}
      {refresh?.status === 'failed' && refresh.error ? (
        <Text fz="sm" c="red" mt="xs" data-testid="accounting-refresh-error">
          {t('accounting.refreshError', { error: refresh.error })}
        </Text>
      ) : null}
      <TargetNotice
        target={integration.target}
        name={name}
        reason={usesConnector ? 'connector' : 'cloud'}
        linked={linked || (usesConnector && status !== 'installation_needed')}
        linkedTo={link?.companyName}
      />

      {usesConnector ? null : mayManage ? (
        <Group gap="sm" mt="lg">
          {status === 'not_connected' ? (
            <Button leftSection={<IconPlugConnected size={16} aria-hidden="true" />} loading={busy} onClick={connect}>
              {t('accounting.connect', { name })}
            </Button>
          ) : null}
          {status === 'reconnect_needed' ? (
            <Button color="red" leftSection={<IconRefresh size={16} aria-hidden="true" />} loading={busy} onClick={connect}>
              {t('accounting.reconnect')}
            </Button>
          ) : null}
          {linked ? (
            <Button
              variant="default"
              leftSection={<IconPlugConnectedX size={16} aria-hidden="true" />}
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              {t('accounting.disconnect')}
            </Button>
          ) : null}
        </Group>
      ) : (
        <Text fz="sm" mt="lg" data-testid="accounting-manage-hint">
          {t('accounting.manageHint')}
        </Text>
      )}
      <DisconnectAccountingModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        name={name}
        clubAccountName={clubAccountName}
      />
    </Card>
  );
}

/** Says exactly what a disconnect does before it is done. */
function DisconnectAccountingModal({
  opened,
  onClose,
  name,
  clubAccountName,
}: {
  opened: boolean;
  onClose: () => void;
  name: string;
  clubAccountName: string;
}) {
  const { t } = useTranslation('integrations');
  const disconnect = useDisconnectAccounting();
  return (
    <DisconnectModal
      opened={opened}
      onClose={onClose}
      title={t('accounting.disconnectTitle', { name })}
      cancelLabel={t('accounting.cancel')}
      confirmLabel={t('accounting.disconnectConfirm')}
      doneText={t('accounting.disconnected', { name, clubAccount: clubAccountName })}
      disconnect={disconnect}
    >
      <Text fz="sm">{t('accounting.disconnectIntro', { name, clubAccount: clubAccountName })}</Text>
      <List fz="sm" spacing={6}>
        <List.Item>{t('accounting.disconnectTokens', { name })}</List.Item>
        <List.Item>{t('accounting.disconnectData')}</List.Item>
        <List.Item>{t('accounting.disconnectInvoices', { name })}</List.Item>
      </List>
    </DisconnectModal>
  );
}
