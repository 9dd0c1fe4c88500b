import type { GitTransaction } from '@fairway/shared';
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RunProgress as SharedRunProgress } from '../../../components/run-progress';
import { isRunActive } from '../api/get-git-transaction';

/** "3 invoices created, 1 customer updated": the run's counts per resource, in words. */
export function useCountsText() {
  const { t, i18n } = useTranslation('git');
  const phrase = (resource: string, what: 'created' | 'updated', count: number) =>
    // Resources with a phrase of their own ("2 invoices sent"); the rest in the general form.
    i18n.exists(`git:runs.phrases.${resource}.${what}_other`)
      ? t(`runs.phrases.${resource}.${what}`, { count })
      : t(`runs.${what}`, { count, resource: t(`runs.resources.${resource}`, { defaultValue: resource }) });
  return (counts: GitTransaction['counts']) =>
    Object.entries(counts)
      .flatMap(([resource, { created, updated }]) => {
        const parts: string[] = [];
        if (created > 0) parts.push(phrase(resource, 'created', created));
        if (updated > 0) parts.push(phrase(resource, 'updated', updated));
        return parts;
      })
      .join(', ');
}

export interface RunProgressProps {
  run: GitTransaction;
  /** Names the progress bar (e.g. "Sync to accounting"). */
  label: string;
}

/**
 * A GIT run's progress: the shared run view (components/run-progress.tsx) with the run's counts
 * and, once it has ended, its failures.
 */
export function RunProgress({ run, label }: RunProgressProps) {
  const { t } = useTranslation('git');
  const countsText = useCountsText()(run.counts);
  const active = isRunActive(run);
  return (
    <SharedRunProgress
      label={label}
      run={{ status: run.status, done: run.processed, total: run.total, failed: run.failed, error: run.error }}
    >
      {run.total === 0 && !active && run.status === 'succeeded' ? <Text fz="sm">{t('runs.nothingToDo')}</Text> : null}
      {countsText ? <Text fz="sm">{countsText}</Text> : null}
      {!active && run.failures.length > 0 ? <RunFailures failures={run.failures} /> : null}
    </SharedRunProgress>
  );
}

/** The items a run could not do, with the reason (at most 100 are kept by the server). */
export function RunFailures({ failures }: { failures: GitTransaction['failures'] }) {
  const { t } = useTranslation('git');
  return (
    <div>
      <Text fz="sm" fw={600} c="red">
        {t('runs.failuresTitle', { count: failures.length })}
      </Text>
      <List fz="sm" spacing={4} mt={4} data-testid="run-failures">
        {failures.map((failure, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a run's failures are a fixed log; the same basis may fail twice.
          <List.Item key={`${failure.basisGitId ?? ''}-${failure.invoiceNumber ?? ''}-${index}`}>
            {failure.invoiceNumber
              ? t('runs.failureInvoice', { number: failure.invoiceNumber, message: failure.message })
              : failure.basisGitId
                ? t('runs.failureBasis', { id: failure.basisGitId, message: failure.message })
                : failure.message}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
