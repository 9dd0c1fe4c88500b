import { isRunFinished, type RunStatus } from '@fairway/shared';
import { Badge, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** What every long-running job shows of itself (a run of the server's run engine). */
export interface RunProgressState {
  status: RunStatus;
  /** Items finished so far, failed ones included. */
  done: number;
  /** Items the run has; 0 when it does not count items (the bar then only says it is working). */
  total: number;
  /** Items that failed. */
  failed?: number;
  /** Why the run itself failed, in the reader's language. */
  error?: string | null;
}

export const RUN_STATUS_COLORS: Record<RunStatus, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'teal',
  failed: 'red',
};

/** Share of the run's items done, 0–100; a run that does not count is full once it has ended. */
export function runPercent(run: Pick<RunProgressState, 'status' | 'done' | 'total'>): number {
  if (run.total > 0) return Math.min(100, Math.round((run.done / run.total) * 100));
  return isRunFinished(run.status) ? 100 : 0;
}

export interface RunProgressProps {
  run: RunProgressState;
  /** Names the run and its progress bar (e.g. "Sending receipts"). */
  label: string;
  /** What the run's kind adds below the bar (counts, failures, a download). */
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * One run's progress, the same for every kind of job: the label and the state, a progress bar
 * ("3 of 10" to assistive technology as to the eye), the failed items and the run's own failure
 * reason. The bar is a `progressbar` named by the label whose value is the count of items (none
 * while a run that does not count is working); the end of the run is announced once, politely.
 */
export function RunProgress({ run, label, children, 'data-testid': testId = 'run-progress' }: RunProgressProps) {
  const { t } = useTranslation('common');
  const labelId = useId();
  const finished = isRunFinished(run.status);
  const failed = run.failed ?? 0;
  const counted = run.total > 0;
  const count = t('run.count', { done: run.done, total: run.total });
  const color = run.status === 'failed' ? 'red' : failed > 0 ? 'orange' : finished ? 'teal' : 'blue';
  let line: string;
  if (counted) {
    line = failed > 0 ? t('run.progressFailed', { count, failed }) : t('run.progress', { count });
  } else {
    line = t(`run.state.${run.status}`);
  }
  const ended =
    run.status === 'failed'
      ? t('run.endedFailed', { label })
      : counted
        ? t('run.endedCount', { label, count, failed })
        : t('run.ended', { label });
  return (
    <Stack gap="xs" data-testid={testId} data-status={run.status}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fz="sm" fw={600} id={labelId}>
          {label}
        </Text>
        <Badge color={RUN_STATUS_COLORS[run.status]} variant="light" style={{ flexShrink: 0 }}>
          {t(`run.status.${run.status}`)}
        </Badge>
      </Group>
      <Progress.Root
        size="lg"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={counted ? run.total : undefined}
        aria-valuenow={counted ? run.done : undefined}
        aria-valuetext={counted ? count : line}
      >
        <Progress.Section
          withAria={false}
          value={counted || finished ? runPercent(run) : 100}
          color={color}
          striped={!finished}
          animated={!finished}
        />
      </Progress.Root>
      <Text fz="sm" c="dimmed">
        {line}
      </Text>
      {run.status === 'failed' && run.error ? (
        <Text fz="sm" c="red">
          {t('run.error', { error: run.error })}
        </Text>
      ) : null}
      {children}
      <VisuallyHidden role="status" aria-live="polite">
        {finished ? ended : ''}
      </VisuallyHidden>
    </Stack>
  );
}
