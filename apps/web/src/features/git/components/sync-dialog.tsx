import type { GitTransaction } from '@fairway/shared';
import { Alert, Button, Group, List, Loader, Modal, ScrollArea, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactElement, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { isRunActive, useGitTransaction } from '../api/get-git-transaction';
import { saveArticleMappings } from '../api/save-article-mappings';
import { startGitSync } from '../api/start-git-sync';
import { syncPreflight } from '../api/sync-preflight';
import type { MissingArticle, SyncBody, SyncPreflight } from '../api/sync-types';
import { useGitFormat } from '../lib/format';
import { ArticleMappingStep, type MappingDraft, toMappings } from './article-mapping-step';
import { RunProgress } from './run-progress';

type Step =
  | { name: 'checking' }
  | { name: 'target'; message: string }
  | { name: 'summary'; preflight: SyncPreflight }
  | { name: 'articles'; preflight: SyncPreflight }
  | { name: 'error'; message: string }
  | { name: 'running' };

export interface SyncDialogProps {
  opened: boolean;
  onClose: () => void;
  occasionId: string;
  /** The chosen bases; undefined: every basis of the occasion not yet synced. */
  basisIds: string[] | undefined;
  /** The run this page follows (a sync started here, or one already under way that was joined). */
  runId: string | null;
  onRunStarted: (run: GitTransaction) => void;
}

function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.description.kind === 'fields' ? error.message : error.description.message;
  return fallback;
}

/** Field errors of PUT git/article-mappings (`mappings.<i>.…`) by the GIT article code they are about. */
export function mappingErrors(error: unknown, articles: readonly MissingArticle[]): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const match = /^mappings\.(\d+)/.exec(field);
    const article = match ? articles[Number(match[1])] : undefined;
    if (article) out[article.code] = messages.join(', ');
  }
  return out;
}

/** Before the run: each invoice addressed to someone other than its member (a guardian, a family payer). */
function OtherPayers({ payers }: { payers: SyncPreflight['otherPayers'] }) {
  const { t } = useTranslation('git');
  return (
    <Alert color="blue" variant="light" title={t('sync.otherPayers.title', { count: payers.length })} data-testid="sync-payers">
      <Stack gap="xs">
        <ScrollArea.Autosize mah={180} type="auto">
          <List size="sm" spacing={2}>
            {payers.map((p) => (
              <List.Item key={p.basisGitId}>
                {t('sync.otherPayers.row', {
                  member: p.memberName,
                  payer: p.payerName,
                  kind: t(`sync.otherPayers.kind.${p.payerKind}`),
                })}
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
        <Text fz="xs">{t('sync.otherPayers.hint')}</Text>
      </Stack>
    </Alert>
  );
}

/**
 * "Sync to accounting": checks first what the sync would do (preflight), asks for the club
 * account to sync to when none is configured, lets the user map GIT articles the accounting
 * program lacks, then starts the sync and shows its progress until it has ended.
 */
export function SyncDialog({ opened, onClose, occasionId, basisIds, runId, onRunStarted }: SyncDialogProps) {
  const { t } = useTranslation('git');
  const format = useGitFormat();
  const user = useCurrentUser();
  const [step, setStep] = useState<Step>({ name: 'checking' });
  const [target, setTarget] = useState<string | null>(null);
  // Most clubs keep their books in the club account they work in: offered first, still confirmed.
  const [targetChoice, setTargetChoice] = useState<string | null>(user?.currentAccount?.id ?? null);
  const [drafts, setDrafts] = useState<Record<string, MappingDraft>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [joined, setJoined] = useState(false);
  const run = useGitTransaction(runId);

  const body = (chosenTarget: string | null): SyncBody => ({
    occasionId,
    ...(basisIds ? { basisIds } : {}),
    ...(chosenTarget ? { targetClubAccountId: chosenTarget } : {}),
  });

  const check = async (chosenTarget: string | null) => {
    setStep({ name: 'checking' });
    try {
      const preflight = await syncPreflight(body(chosenTarget));
      setStep({ name: 'summary', preflight });
    } catch (error) {
      const targetMessage = error instanceof ApiError ? error.fieldErrors.club_to_sync : undefined;
      if (targetMessage) setStep({ name: 'target', message: targetMessage.join(', ') });
      else setStep({ name: 'error', message: messageOf(error, t('sync.failedToCheck')) });
    }
  };

  // Each opening starts afresh, unless a run is being followed: then its progress is shown.
  useEffect(() => {
    if (!opened) return;
    setDrafts({});
    setFieldErrors({});
    setSaveError(null);
    if (runId && isRunActive(run.data)) setStep({ name: 'running' });
    else {
      setJoined(false);
      void check(target);
    }
  }, [opened]);

  const chooseTarget = () => {
    if (!targetChoice) return;
    setTarget(targetChoice);
    void check(targetChoice);
  };

  const saveMappings = async (preflight: SyncPreflight) => {
    const mappings = toMappings(preflight.missingArticles, drafts);
    if (!mappings) {
      setSaveError(t('sync.articles.chooseEach'));
      return;
    }
    setBusy(true);
    setSaveError(null);
    try {
      await saveArticleMappings({ ...(target ? { targetClubAccountId: target } : {}), mappings });
      setFieldErrors({});
      await check(target);
    } catch (error) {
      const errors = mappingErrors(error, preflight.missingArticles);
      setFieldErrors(errors);
      setSaveError(
        Object.keys(errors).length > 0 ? t('sync.articles.fixErrors') : messageOf(error, t('sync.articles.saveFailed')),
      );
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    setBusy(true);
    setSaveError(null);
    try {
      const started = await startGitSync(body(target));
      // A sync already under way for this GIT club account is answered instead of a new one.
      setJoined(started.status !== 'queued' || started.processed > 0);
      onRunStarted(started);
      setStep({ name: 'running' });
    } catch (error) {
      // Refused because articles became unmapped since the check (409): check again, which shows
      // the mapping step, and say why.
      if (error instanceof ApiError && error.status === 409) await check(target);
      setSaveError(messageOf(error, t('sync.startFailed')));
    } finally {
      setBusy(false);
    }
  };

  const otherAccounts = user?.clubAccounts ?? [];
  const finished = step.name === 'running' && run.data !== undefined && !isRunActive(run.data);

  let content: ReactElement;
  switch (step.name) {
    case 'checking':
      content = (
        <Group gap="xs" role="status" py="md">
          <Loader size="sm" />
          <Text fz="sm">{t('sync.checking')}</Text>
        </Group>
      );
      break;
    case 'target':
      content = (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
            {step.message}
          </Alert>
          <Select
            label={t('sync.target')}
            description={t('sync.targetHint')}
            data={otherAccounts.map((account) => ({ value: account.id, label: account.name }))}
            value={targetChoice}
            onChange={setTargetChoice}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button onClick={chooseTarget} disabled={!targetChoice}>
              {t('sync.continue')}
            </Button>
          </Group>
        </Stack>
      );
      break;
    case 'error':
      content = (
        <Stack gap="md">
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden="true" />}
            title={t('sync.failedToCheck')}
          >
            {step.message}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('close')}
            </Button>
            <Button onClick={() => void check(target)}>{t('retry')}</Button>
          </Group>
        </Stack>
      );
      break;
    case 'summary': {
      const { preflight } = step;
      const missing = preflight.missingArticles.length;
      content = (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" component="dl" m={0} data-testid="sync-summary">
            {(
              [
                ['bases', preflight.bases],
                ['alreadySynced', preflight.alreadySynced],
                ['customersToCreate', preflight.customersToCreate],
                ...(preflight.paidInGit > 0 ? ([['paidInGit', preflight.paidInGit]] as const) : []),
              ] as const
            ).map(([key, value]) => (
              <div key={key}>
                <Text component="dt" fz="xs" c="dimmed" fw={600}>
                  {t(`sync.counts.${key}`)}
                </Text>
                <Text component="dd" fz="xl" fw={700} m={0}>
                  {format.number(value)}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {target ? (
            <Text fz="sm">{t('sync.targetChosen', { name: otherAccounts.find((a) => a.id === target)?.name ?? '' })}</Text>
          ) : null}
          {missing > 0 ? (
            <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
              {t('sync.missingArticles', { count: missing })}
            </Alert>
          ) : preflight.bases === 0 ? (
            <Text fz="sm">{t('sync.nothingToSync')}</Text>
          ) : (
            <>
              <Text fz="sm">{t('sync.ready', { count: preflight.bases })}</Text>
              <Text fz="sm" data-testid="sync-delivery">
                {t(preflight.delivery.book ? 'sync.delivery.booked' : 'sync.delivery.notBooked', {
                  method: t(`sync.sendMethod.${preflight.delivery.sendMethod}`),
                })}
              </Text>
            </>
          )}
          {preflight.otherPayers.length > 0 ? <OtherPayers payers={preflight.otherPayers} /> : null}
          {saveError ? (
            <Text fz="sm" c="red" role="alert">
              {saveError}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            {missing > 0 ? (
              <Button onClick={() => setStep({ name: 'articles', preflight })}>{t('sync.mapArticles')}</Button>
            ) : (
              <Button onClick={() => void start()} loading={busy} disabled={preflight.bases === 0}>
                {t('sync.start', { count: preflight.bases })}
              </Button>
            )}
          </Group>
        </Stack>
      );
      break;
    }
    case 'articles': {
      const { preflight } = step;
      content = (
        <Stack gap="md">
          <ArticleMappingStep
            articles={preflight.missingArticles}
            drafts={drafts}
            onDraftsChange={setDrafts}
            errors={fieldErrors}
          />
          {saveError ? (
            <Text fz="sm" c="red" role="alert">
              {saveError}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep({ name: 'summary', preflight })}>
              {t('back')}
            </Button>
            <Button onClick={() => void saveMappings(preflight)} loading={busy}>
              {t('sync.articles.save')}
            </Button>
          </Group>
        </Stack>
      );
      break;
    }
    case 'running':
      content = (
        <Stack gap="md">
          {run.data ? (
            <RunProgress run={run.data} label={t('sync.runLabel')} />
          ) : (
            <Group gap="xs" role="status">
              <Loader size="sm" />
              <Text fz="sm">{t('runs.waiting')}</Text>
            </Group>
          )}
          {joined ? <Text fz="sm">{t('sync.joined')}</Text> : null}
          {!finished ? (
            <Text fz="xs" c="dimmed">
              {t('sync.closeHint')}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant={finished ? 'filled' : 'default'} onClick={onClose}>
              {finished ? t('sync.done') : t('close')}
            </Button>
          </Group>
        </Stack>
      );
      break;
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={step.name === 'articles' ? t('sync.articles.title') : t('sync.title')}
      size={step.name === 'articles' ? 'xl' : 'lg'}
      centered
    >
      {content}
    </Modal>
  );
}
