import type { GitTransaction } from '@fairway/shared';
import { Badge, Group, List, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRunActive } from '../api/get-git-transaction';
import { RUN_STATUS_COLORS, useGitFormat } from '../lib/format';

/** Share of the run's items done, 0–100; a run with nothing to do is done when it has ended. */
export function runPercent(run: Pick<GitTransaction, 'status' | 'total' | 'processed'>): number {
  if (run.total > 0) return Math.min(100, Math.round((run.processed / run.total) * 100));
  return isRunActive(run) ? 0 : 100;
}

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
 * A run's progress: the bar (processed of total), its status, the counts, and when it has
 * ended, the failures. The status text is announced to screen readers as it changes.
 */
export function RunProgress({ run, label }: RunProgressProps) {
  const { t } = useTranslation('git');
  const format = useGitFormat();
  const countsText = useCountsText()(run.counts);
  const percent = runPercent(run);
  const active = isRunActive(run);
  const color = run.status === 'failed' ? 'red' : run.failed > 0 ? 'orange' : active ? 'blue' : 'teal';
  return (
    <Stack gap="xs" data-testid="run-progress" data-status={run.status}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fz="sm" fw={600}>
          {label}
        </Text>
        <Badge color={RUN_STATUS_COLORS[run.status]} variant="light">
          {t(`runs.status.${run.status}`)}
        </Badge>
      </Group>
      <Progress
        value={percent}
        color={color}
        size="lg"
        striped={active}
        animated={active}
        aria-label={label}
        aria-valuetext={t('runs.progressText', { processed: run.processed, total: run.total })}
      />
      <Text fz="sm" c="dimmed" role="status" aria-live="polite">
        {run.total > 0
          ? t('runs.progress', {
              processed: format.number(run.processed),
              total: format.number(run.total),
              failed: format.number(run.failed),
              count: run.failed,
            })
          : active
            ? t('runs.waiting')
            : t('runs.nothingToDo')}
      </Text>
      {countsText ? <Text fz="sm">{countsText}</Text> : null}
      {!active && run.error ? (
        <Text fz="sm" c="red">
          {t('runs.error', { error: run.error })}
        </Text>
      ) : null}
      {!active && run.failures.length > 0 ? <RunFailures failures={run.failures} /> : null}
    </Stack>
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
