import { modals } from '@mantine/modals';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving a form with unsaved changes: a confirmation for moves inside the app, the
 * browser's own question for a reload or a closed tab. Set the returned ref to true just before
 * navigating away on purpose (after a save).
 */
export function useUnsavedChangesGuard(dirty: boolean): RefObject<boolean> {
  const { t } = useTranslation('common');
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  // The modal opens once per blocked move; it acts on the blocker of that moment.
  const current = useRef(blocker);
  current.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let decided = false;
    modals.openConfirmModal({
      title: t('unsaved.title'),
      centered: true,
      children: t('unsaved.text'),
      labels: { confirm: t('unsaved.leave'), cancel: t('unsaved.stay') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        decided = true;
        current.current.proceed?.();
      },
      onClose: () => {
        if (!decided) current.current.reset?.();
      },
    });
  }, [blocker.state, t]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return leaving;
}
