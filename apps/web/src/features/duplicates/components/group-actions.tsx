import type { DuplicateGroup, DuplicateResource } from '@fairway/shared';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listErrorMessage } from '../../../components/list/list-states';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { fetchDetails, useMarkNotDuplicate, useSetResolved } from '../api/duplicates';
import type { GroupAction } from './duplicates-table';
import { HandlingDialog, type HandlingTarget } from './handling-dialog';

/**
 * The actions on a group and on one of its duplicates, the same from the lists and the detail:
 * mark resolved or unresolved, mark a duplicate as not one (asked first), and handle in the
 * accounting program (the handling dialog). Render `dialog` once where the actions are offered.
 */
export function useGroupActions() {
  const { t } = useTranslation('duplicates');
  const setResolved = useSetResolved();
  const notDuplicate = useMarkNotDuplicate();
  const [handling, setHandling] = useState<HandlingTarget | null>(null);

  const documentName = (resource: DuplicateResource, number: string) => t(`documents.${resource}`, { number });

  const markResolved = async (group: DuplicateGroup, resolved: boolean) => {
    try {
      await setResolved.mutateAsync({ id: group.id, resolved });
      notifySuccess(t(resolved ? 'actions.resolvedDone' : 'actions.unresolvedDone'));
    } catch {
      // The API client has shown the refusal.
    }
  };

  /** Asks, then marks `number` of the group as not a duplicate of its original. */
  const askNotDuplicate = (group: DuplicateGroup, number: string) => {
    const duplicate = documentName(group.resource, number);
    const original = documentName(group.resource, group.original.number);
    modals.openConfirmModal({
      title: t('notDuplicate.title'),
      centered: true,
      children: <Text fz="sm">{t('notDuplicate.text', { duplicate, original })}</Text>,
      labels: { confirm: t('notDuplicate.confirm'), cancel: t('actions.cancel') },
      onConfirm: () => {
        notDuplicate.mutateAsync({ id: group.id, number }).then(
          () => notifySuccess(t('notDuplicate.done', { duplicate })),
          (error: unknown) => notifyError(listErrorMessage(error) ?? t('notDuplicate.failed')),
        );
      },
    });
  };

  /** From a list row: the group's one open duplicate is looked up first. */
  const notDuplicateOfRow = async (group: DuplicateGroup) => {
    try {
      const details = await fetchDetails(group.id);
      const open = details.duplicates.filter((d) => d.state === 'open');
      if (open.length === 1) askNotDuplicate(group, open[0].document.number);
      else notifyError(t('notDuplicate.fromDetail'));
    } catch (error) {
      notifyError(listErrorMessage(error) ?? t('notDuplicate.failed'));
    }
  };

  const run = (group: DuplicateGroup, action: GroupAction) => {
    if (action === 'resolve' || action === 'unresolve') void markResolved(group, action === 'resolve');
    else if (action === 'notDuplicate') void notDuplicateOfRow(group);
    else setHandling({ groupId: group.id, resource: group.resource });
  };

  return {
    run,
    askNotDuplicate,
    handle: (group: DuplicateGroup, number?: string) => setHandling({ groupId: group.id, resource: group.resource, number }),
    resolving: setResolved.isPending,
    markResolved,
    dialog: <HandlingDialog target={handling} onClose={() => setHandling(null)} />,
  };
}
