import type { GitTransaction } from '@fairway/shared';
import { Alert, Button, Group, List, Loader, Modal, ScrollArea, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactElement, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { isRunActive, useGitTransaction } from '../api/get-git-transaction';
import { saveArticleMappings } from '../api/save-article-mappings';
import { startGitSync } from '../api/start-git-sync';
import { syncPreflight } from '../api/sync-preflight';
import type { MissingArticle, SyncBody, SyncPreflight, SyncSelection } from '../api/sync-types';
import { useGitFormat } from '../lib/format';
import { ArticleMappingStep, type MappingDraft, toMappings } from './article-mapping-step';
import { RunProgress } from './run-progress';

type Step =
  | { name: 'checking' }
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

/** What the run does with each invoice, in the reader's language: the plan shown next to the start button. */
function planText(
  t: ReturnType<typeof useTranslation<'git'>>['t'],
  lang: string,
  preflight: SyncPreflight,
  choice: RunChoice,
): string[] {
  const lines: string[] = [];
  if (preflight.bases > 0) lines.push(t(choice.book ? 'sync.plan.booked' : 'sync.plan.notBooked', { count: preflight.bases }));
  if (preflight.followUps > 0) lines.push(t('sync.plan.followUps', { count: preflight.followUps }));
  // The invoices the run would send: those it makes and those made earlier but not sent yet.
  const toSend = SEND_METHODS.reduce((sum, way) => sum + preflight.delivery.ways[way], 0);
  if (toSend > 0 && choice.send) {
    const ways = SEND_METHODS.filter((way) => preflight.delivery.ways[way] > 0).map((way) =>
      t(`sync.plan.ways.${way}`, { count: preflight.delivery.ways[way] }),
    );
    const list = new Intl.ListFormat(lang === 'en' ? 'en' : 'sv', { type: 'conjunction' }).format(ways);
    lines.push(t('sync.plan.sent', { ways: list.charAt(0).toUpperCase() + list.slice(1) }));
  } else if (toSend > 0) lines.push(t('sync.plan.notSent', { count: toSend }));
  return lines;
}

const SEND_METHODS = ['email', 'einvoice', 'print', 'external_print'] as const;

/** This run's choices (POST git/sync `book` and `send`); `book` null until the preflight gave the configured default. */
interface RunChoice {
  book: boolean | null;
  send: boolean;
}

/**
 * "Sync to accounting": checks first what the sync would do (preflight): the club account it goes
 * to (changeable), the counts, and what happens to each invoice, with this run's choice to book
 * and to send; lets the user map GIT articles the accounting program lacks, then starts the sync
 * with those choices and shows its progress until it has ended.
 */
export function SyncDialog({ opened, onClose, occasionId, basisIds, runId, onRunStarted }: SyncDialogProps) {
  const { t } = useTranslation('git');
  const format = useGitFormat();
  const user = useCurrentUser();
  const [step, setStep] = useState<Step>({ name: 'checking' });
  // Null: the server's default (the API configuration's club, else the club account in use), named in the summary.
  const [target, setTarget] = useState<string | null>(null);
  const [choice, setChoice] = useState<RunChoice>({ book: null, send: true });
  const [drafts, setDrafts] = useState<Record<string, MappingDraft>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [joined, setJoined] = useState(false);
  const run = useGitTransaction(runId);

  const selection = (chosenTarget: string | null): SyncSelection => ({
    occasionId,
    ...(basisIds ? { basisIds } : {}),
    ...(chosenTarget ? { targetClubAccountId: chosenTarget } : {}),
  });

  const check = async (chosenTarget: string | null) => {
    setStep({ name: 'checking' });
    try {
      const preflight = await syncPreflight(selection(chosenTarget));
      // The invoice configuration's default, unless the user has chosen for this run already.
      setChoice((c) => (c.book === null ? { ...c, book: preflight.delivery.book } : c));
      setStep({ name: 'summary', preflight });
    } catch (error) {
      setStep({ name: 'error', message: messageOf(error, t('sync.failedToCheck')) });
    }
  };

  // Each opening starts afresh, unless a run is being followed: then its progress is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening with the values of that moment; later changes are the dialog's own.
  useEffect(() => {
    if (!opened) return;
    setDrafts({});
    setFieldErrors({});
    setSaveError(null);
    if (runId && isRunActive(run.data)) setStep({ name: 'running' });
    else {
      setJoined(false);
      setChoice({ book: null, send: true });
      void check(target);
    }
  }, [opened]);

  const chooseTarget = (id: string | null) => {
    if (!id) return;
    setTarget(id);
    setChoice({ book: null, send: true });
    void check(id);
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
      // Mapped in the program the preflight planned for.
      await saveArticleMappings({ targetClubAccountId: preflight.target.id, mappings });
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

  const start = async (preflight: SyncPreflight) => {
    setBusy(true);
    setSaveError(null);
    try {
      // The club account the preflight planned for, and this run's choices, are what the run does.
      const body: SyncBody = {
        ...selection(preflight.target.id),
        book: choice.book ?? preflight.delivery.book,
        send: choice.send,
      };
      const started = await startGitSync(body);
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
      const runChoice = { book: choice.book ?? preflight.delivery.book, send: choice.send };
      content = (
        <Stack gap="md">
          {otherAccounts.length > 1 ? (
            <Select
              label={t('sync.target')}
              description={preflight.target.configured && !target ? t('sync.targetConfigured') : t('sync.targetHint')}
              data={otherAccounts.map((account) => ({ value: account.id, label: account.name }))}
              value={preflight.target.id}
              onChange={chooseTarget}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            <Text fz="sm">{t('sync.targetChosen', { name: preflight.target.name })}</Text>
          )}
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
          {missing > 0 ? (
            <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
              {t('sync.missingArticles', { count: missing })}
            </Alert>
          ) : preflight.total === 0 ? (
            <Text fz="sm">{t('sync.nothingToSync')}</Text>
          ) : (
            <Stack gap="xs" component="section" aria-labelledby="sync-plan-title">
              <Text id="sync-plan-title" fz="sm" fw={600}>
                {t('sync.plan.title')}
              </Text>
              {preflight.bases > 0 ? (
                <Switch
                  label={t('sync.plan.book')}
                  description={t('sync.plan.bookHint')}
                  checked={runChoice.book}
                  onChange={(event) => setChoice((c) => ({ ...c, book: event.currentTarget.checked }))}
                />
              ) : null}
              <Switch
                label={t('sync.plan.send')}
                description={t('sync.plan.sendHint')}
                checked={runChoice.send}
                onChange={(event) => setChoice((c) => ({ ...c, send: event.currentTarget.checked }))}
              />
              <div data-testid="sync-delivery" aria-live="polite">
                {planText(t, format.lang, preflight, runChoice).map((line) => (
                  <Text key={line} fz="sm">
                    {line}
                  </Text>
                ))}
              </div>
              {runChoice.send && Object.values(preflight.delivery.ways).some((n) => n > 0) ? (
                <Text fz="xs" c="dimmed">
                  {t('sync.plan.waysHint')}
                </Text>
              ) : null}
            </Stack>
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
              <Button onClick={() => void start(preflight)} loading={busy} disabled={preflight.total === 0}>
                {t('sync.start', { count: preflight.total })}
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
