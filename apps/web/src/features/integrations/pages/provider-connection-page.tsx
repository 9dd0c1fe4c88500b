import type { AccountingCallbackBody, AccountingCallbackResult } from '@fairway/shared';
import { Alert, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches, useSearchParams } from 'react-router';
import { brand } from '../../../app/brand';
import { INTEGRATIONS_PATH } from '../../../app/route-table';
import { ApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/api-errors';
import { currentLanguage } from '../../../lib/i18n';
import { completeAccountingConnectionOnce } from '../api/complete-accounting-connection';
import { accountingProgramName } from '../components/accounting-status';
import { TargetNotice } from '../components/target-notice';

export type ConnectionProvider = AccountingCallbackBody['provider'];

/** The router names the provider of each page (`/fortnox`, `/visma`) in the route's handle. */
export interface ProviderPageHandle {
  connectionProvider: ConnectionProvider;
}

function useProvider(): ConnectionProvider {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = match.handle as Partial<ProviderPageHandle> | undefined;
    if (handle?.connectionProvider) return handle.connectionProvider;
  }
  return 'fortnox';
}

type Outcome = { kind: 'success'; result: AccountingCallbackResult } | { kind: 'error'; message: string };

function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.description.kind !== 'fields') return error.description.message;
  if (error instanceof Error && error.message) return error.message;
  const fallback = describeApiError(null, 0, currentLanguage());
  return fallback.kind === 'fields' ? fallback.title : fallback.message;
}

/** What the connection now reaches: the real program, or (said outright) the portal's simulator of it. */
/**
 * The page's frame in each of its states: the title, what the state shows, and the way on (to
 * Integrations, and home or to the dashboard) when there is one.
 */
function ConnectionFrame({
  title,
  children,
  back,
}: {
  title: string;
  children: ReactNode;
  /** The second button: home, or the dashboard once connected; none while the connection is made. */
  back?: 'home' | 'dashboard';
}) {
  const { t } = useTranslation('integrations');
  return (
    <Stack gap="lg" maw={680}>
      <Title order={1}>{title}</Title>
      {children}
      {back ? (
        <Group gap="sm">
          <Button component={Link} to={INTEGRATIONS_PATH}>
            {t('connection.toIntegrations')}
          </Button>
          <Button component={Link} to={back === 'home' ? '/' : '/dashboard'} variant="default">
            {t(back === 'home' ? 'connection.toHome' : 'connection.toDashboard')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function successText(t: TFunction, result: AccountingCallbackResult, provider: string): string {
  const { clubAccountName: clubAccount, companyName: company } = result;
  if (result.target === 'simulator')
    return company
      ? t('connection.successTextSimulator', { clubAccount, provider, company })
      : t('connection.successTextSimulatorNoCompany', { clubAccount, provider });
  return company
    ? t('connection.successText', { clubAccount, provider, company })
    : t('connection.successTextNoCompany', { clubAccount, provider });
}

/**
 * `/fortnox` and `/visma`: the public pages the accounting program sends the user back to after
 * they approved (or refused) the connection (docs/accounting.md#connections). With a `state` the page completes the
 * connection once and says how it went; without one it explains what the page is for.
 */
export default function ProviderConnectionPage() {
  const { t } = useTranslation('integrations');
  const provider = useProvider();
  const providerName = accountingProgramName(provider);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useDocumentTitle(`${t('connection.title', { provider: providerName })} · ${brand.name}`);

  const state = params.get('state');
  const code = params.get('code');
  const refusal = params.get('error');

  useEffect(() => {
    if (!state) return;
    let live = true;
    const body: AccountingCallbackBody = { provider, state };
    if (code) body.code = code;
    if (refusal) body.error = refusal;
    completeAccountingConnectionOnce(body).then(
      (result) => {
        if (!live) return;
        setOutcome({ kind: 'success', result });
        void queryClient.invalidateQueries({ queryKey: ['integrations'] });
        // A reload must not send the spent state again (it would only earn an error).
        setParams({}, { replace: true });
      },
      (error: unknown) => {
        if (!live) return;
        setOutcome({ kind: 'error', message: messageOf(error) });
        setParams({}, { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [provider, state, code, refusal, queryClient, setParams]);

  const title = t('connection.title', { provider: providerName });

  if (outcome?.kind === 'success') {
    const { result } = outcome;
    return (
      <ConnectionFrame title={title} back="dashboard">
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={20} aria-hidden="true" />}
          title={t('connection.successTitle')}
          role="status"
          data-testid="connection-success"
        >
          <Stack gap="xs">
            <Text fz="sm">{successText(t, result, providerName)}</Text>
            <Text fz="sm">
              {t(result.target === 'simulator' ? 'connection.successNextSimulator' : 'connection.successNext', {
                provider: providerName,
              })}
            </Text>
            <TargetNotice target={result.target} name={providerName} reason="cloud" linked linkedTo={result.companyName} mt="0" />
          </Stack>
        </Alert>
      </ConnectionFrame>
    );
  }

  if (outcome?.kind === 'error') {
    return (
      <ConnectionFrame title={title} back="home">
        <Alert
          color="red"
          variant="light"
          icon={<IconCircleX size={20} aria-hidden="true" />}
          title={t('connection.errorTitle')}
          role="alert"
          data-testid="connection-error"
        >
          <Text fz="sm">{outcome.message}</Text>
        </Alert>
        <div>
          <Text fw={600} mb="xs">
            {t('connection.errorSteps')}
          </Text>
          <List type="ordered" spacing={6}>
            <List.Item>{t('connection.errorStep1')}</List.Item>
            <List.Item>{t('connection.errorStep2')}</List.Item>
            <List.Item>{t('connection.errorStep3', { provider: providerName })}</List.Item>
          </List>
        </div>
      </ConnectionFrame>
    );
  }

  if (state) {
    return (
      <ConnectionFrame title={title}>
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text>{t('connection.progress', { provider: providerName })}</Text>
        </Group>
      </ConnectionFrame>
    );
  }

  return (
    <ConnectionFrame title={title} back="home">
      {refusal ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden="true" />}
          title={t('connection.refusedTitle')}
        >
          {t('connection.refusedText', { provider: providerName })}
        </Alert>
      ) : null}
      <Text>{t('connection.text', { brand: brand.name, provider: providerName })}</Text>
      <Text c="dimmed">{t('connection.howTo')}</Text>
    </ConnectionFrame>
  );
}
