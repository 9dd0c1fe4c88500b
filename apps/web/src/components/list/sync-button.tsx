import { Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';

/** A refresh of the portal's copy of the accounting data (GET synchronize). */
export interface SyncRun {
  id: string;
  trigger: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  counts: Record<string, { fetched: number; upserted: number }>;
  currentResource: string | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
}

export const syncRunQueryKey = ['accounting', 'synchronize'] as const;

/** The run started here, by id: a scheduled run queued meanwhile would otherwise be "the latest". */
const getRun = async (runId: string) => await api.get<SyncRun | null>('synchronize', { query: { run: runId }, silent: true });
const startRun = async () => await api.post<{ runId: string }>('synchronize');

const POLL_MS = 1000;

/**
 * A finished run that wrote no document: nothing had changed in the program since the last refresh.
 * Code lists are read whole every time, so they do not count.
 */
export const changedNothing = (run: Pick<SyncRun, 'counts'>): boolean =>
  Object.entries(run.counts).every(([resource, count]) => resource === 'codeLists' || count.upserted === 0);

export interface SyncButtonProps {
  /** Query keys to refresh when the run is done (the list's own). */
  invalidate: readonly (readonly unknown[])[];
}

/**
 * "Refresh from the accounting program": starts a refresh of the portal's copy (POST
 * synchronize) and follows that run (GET synchronize?run=, every second) until it has succeeded or failed,
 * saying what is being read; then the list's queries are asked again.
 */
export function SyncButton({ invalidate }: SyncButtonProps) {
  const { t } = useTranslation('list');
  const queryClient = useQueryClient();
  const [runId, setRunId] = useState<string | null>(null);
  const start = useMutation({ mutationFn: startRun, onSuccess: ({ runId: id }) => setRunId(id) });
  const run = useQuery({
    queryKey: [...syncRunQueryKey, runId],
    queryFn: async () => await getRun(runId ?? ''),
    enabled: runId !== null,
    refetchInterval: POLL_MS,
    staleTime: 0,
    gcTime: 0,
  });
  const current = run.data && run.data.id === runId ? run.data : null;
  const finished = current?.status === 'succeeded' || current?.status === 'failed';

  // Reported once per run, even if the last poll answers twice.
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!current || !finished || reported.current === current.id) return;
    reported.current = current.id;
    setRunId(null);
    for (const key of invalidate) void queryClient.invalidateQueries({ queryKey: key });
    if (current.status !== 'succeeded') notifyError(t('sync.failed'));
    else if (changedNothing(current)) notifyInfo(t('sync.noUpdates'));
    else notifySuccess(t('sync.succeeded'));
  }, [current, finished, invalidate, queryClient, t]);

  // Progress cannot be read (e.g. the session changed, or the run is gone): stop following; the list still refreshes.
  const lost = run.isError || (run.isSuccess && run.data === null);
  useEffect(() => {
    if (runId !== null && lost) {
      setRunId(null);
      for (const key of invalidate) void queryClient.invalidateQueries({ queryKey: key });
    }
  }, [runId, lost, invalidate, queryClient]);

  const busy = start.isPending || runId !== null;
  let progress: string | null = null;
  if (runId !== null) {
    if (!current || current.status === 'queued') progress = t('sync.queued');
    else if (current.currentResource) {
      const resource = current.currentResource;
      progress = t('sync.runningResource', {
        resource: t(`sync.resources.${resource}`, { defaultValue: resource }),
        count: current.counts[resource]?.fetched ?? 0,
      });
    } else progress = t('sync.running');
  }

  return (
    <Group gap="xs" wrap="nowrap">
      {progress ? (
        <Group gap={6} wrap="nowrap" role="status" aria-live="polite">
          <Loader size="xs" type="oval" aria-hidden="true" />
          <Text fz="sm" c="dimmed" lineClamp={1}>
            {progress}
          </Text>
        </Group>
      ) : null}
      <Tooltip label={t('sync.button')} disabled={busy}>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden="true" />}
          onClick={() => start.mutate()}
          disabled={busy}
          aria-label={t('sync.button')}
        >
          {t('sync.short')}
        </Button>
      </Tooltip>
    </Group>
  );
}
