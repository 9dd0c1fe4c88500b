import { type DuplicateResource, type HandlingPlan, type HandlingStep, isRunFinished } from '@fairway/shared';
import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconHandStop } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { listErrorMessage } from '../../../components/list/list-states';
import { callFailure, type FormFailure } from '../../../lib/form-errors';
import { useHandlingPlan, useRefreshDuplicates, useStartHandling } from '../api/duplicates';
import { useProgramName } from './program-name';

export interface HandlingTarget {
  groupId: string;
  resource: DuplicateResource;
  /** One duplicate (handle_single); the whole group without it. */
  number?: string;
}

type Phase = 'plan' | 'waiting' | 'done';
type Run = NonNullable<HandlingPlan['run']>;

const sameRun = (a: Run | null, b: Run | null) =>
  a !== null && b !== null && a.startedAt === b.startedAt && a.finishedAt === b.finishedAt && a.status === b.status;

/** The plan's key (`duplicates.handling.manual.orderCancel`, apps/server/src/modules/duplicates/handling/plan.ts) names a text of `handling.manual`. */
const manualStep = (key: string) => key.split('.').at(-1) ?? key;

/** One line of the plan: "Invoice 1042 will be credited in Fortnox", or the steps to take by hand. */
export function PlanStep({ step, resource, program }: { step: HandlingStep; resource: DuplicateResource; program: string }) {
  const { t } = useTranslation('duplicates');
  const document = t(`documents.${resource}`, { number: step.number });
  if (step.action !== 'manual') return <>{t(`handling.steps.${step.action}`, { document, program })}</>;
  const how = step.manualKey
    ? t(`handling.manual.${manualStep(step.manualKey)}`, { program, defaultValue: t('handling.manual.default', { program }) })
    : t('handling.manual.default', { program });
  return <>{t('handling.steps.manual', { document, program, how })}</>;
}

/**
 * Handling in the accounting program, asked first: the plan is loaded and says per document what
 * will happen; once confirmed, a waiting message while the job runs (its run is polled), then
 * what was handled or the program's own refusal.
 */
export function HandlingDialog({ target, onClose }: { target: HandlingTarget | null; onClose: () => void }) {
  const { t } = useTranslation('duplicates');
  const program = useProgramName();
  const [phase, setPhase] = useState<Phase>('plan');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const before = useRef<Run | null>(null);
  const opened = target !== null;
  const groupId = target?.groupId ?? '';
  const plan = useHandlingPlan(groupId, opened, (data) => {
    if (!data.run) return phase === 'waiting';
    return !isRunFinished(data.run.status) || (phase === 'waiting' && sameRun(data.run, before.current));
  });
  const start = useStartHandling();
  const refresh = useRefreshDuplicates();

  // A fresh dialog for every document or group.
  useEffect(() => {
    if (target) {
      setPhase('plan');
      setFailure(null);
    }
  }, [target]);

  const run = plan.data?.run ?? null;
  const underway = run !== null && !isRunFinished(run.status);
  // The job of this confirmation has ended (not an earlier one still in the answer).
  useEffect(() => {
    if (phase === 'waiting' && run && isRunFinished(run.status) && !sameRun(run, before.current)) {
      setPhase('done');
      void refresh();
    }
  }, [phase, run, refresh]);

  const steps = (plan.data?.steps ?? []).filter((s) => target?.number === undefined || s.number === target.number);
  const title = target?.number
    ? t('handling.titleSingle', { document: t(`documents.${target.resource}`, { number: target.number }) })
    : t('handling.titleGroup');

  const confirm = async () => {
    if (!target) return;
    setFailure(null);
    before.current = run;
    try {
      await start.mutateAsync({ id: target.groupId, number: target.number });
      setPhase('waiting');
      await plan.refetch();
    } catch (error) {
      setFailure(callFailure(error));
    }
  };

  let body: ReactNode;
  if (phase === 'waiting' || (phase === 'plan' && underway)) {
    body = (
      <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text fz="sm">{t('handling.waiting', { program })}</Text>
      </Group>
    );
  } else if (phase === 'done' && run) {
    body =
      run.status === 'succeeded' ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={18} aria-hidden="true" />}
          role="status"
          title={t('handling.doneTitle')}
        >
          <Text fz="sm">
            {run.handled.length > 0
              ? t('handling.done', { documents: run.handled.join(', '), program })
              : t('handling.doneNothing', { program })}
          </Text>
        </Alert>
      ) : (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          role="alert"
          title={t('handling.failedTitle', { program })}
        >
          <Stack gap={4}>
            <Text fz="sm">{run.error ? t('handling.programSaid', { program, error: run.error }) : t('handling.failed')}</Text>
            {run.handled.length > 0 ? <Text fz="sm">{t('handling.partly', { documents: run.handled.join(', ') })}</Text> : null}
          </Stack>
        </Alert>
      );
  } else if (plan.isPending) {
    body = (
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" aria-hidden="true" />
        <Text fz="sm">{t('handling.loadingPlan')}</Text>
      </Group>
    );
  } else if (plan.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {listErrorMessage(plan.error) ?? t('handling.planFailed')}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Text fz="sm">{t('handling.intro', { program })}</Text>
        {steps.length > 0 ? (
          <List spacing="xs" fz="sm" aria-label={t('handling.planLabel')} data-testid="handling-plan">
            {steps.map((step) => (
              <List.Item
                key={step.number}
                icon={step.action === 'manual' ? <IconHandStop size={16} aria-hidden="true" /> : undefined}
              >
                <PlanStep step={step} resource={target?.resource ?? 'invoice'} program={program} />
              </List.Item>
            ))}
          </List>
        ) : (
          <Text fz="sm" c="dimmed">
            {t('handling.nothing')}
          </Text>
        )}
        {steps.some((s) => s.action !== 'manual') ? (
          <Text fz="sm" c="dimmed">
            {t('handling.irreversible', { program })}
          </Text>
        ) : null}
        {run?.status === 'failed' && run.error ? (
          <Alert color="orange" variant="light">
            {t('handling.lastFailed', { program, error: run.error })}
          </Alert>
        ) : null}
        <FailureAlert failure={failure} />
      </Stack>
    );
  }

  const canConfirm = phase === 'plan' && !underway && plan.isSuccess && steps.some((s) => s.action !== 'manual');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg">
      <Stack gap="md">
        {body}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {phase === 'plan' ? t('actions.cancel') : t('actions.close')}
          </Button>
          {canConfirm ? (
            <Button color="red" loading={start.isPending} onClick={() => void confirm()}>
              {t('handling.confirm', { program })}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
