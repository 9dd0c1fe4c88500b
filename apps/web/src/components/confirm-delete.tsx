import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export interface ConfirmDeleteOptions {
  /** The dialog's heading ("Ta bort mallen?"). */
  title: string;
  /** What is deleted, naming the row ("Mallen Välkommen tas bort."). */
  text: string;
  /** The red button's label. */
  confirmLabel: string;
  cancelLabel: string;
  /** Called only when the red button is pressed. */
  onConfirm: () => void;
}

/**
 * Asks before deleting: a centred dialog that names what goes, a cancel button and a red confirm
 * button; `onConfirm` runs only on confirm. One home for every list's and edit page's delete.
 */
export function confirmDelete({ title, text, confirmLabel, cancelLabel, onConfirm }: ConfirmDeleteOptions) {
  modals.openConfirmModal({
    title,
    centered: true,
    children: <Text fz="sm">{text}</Text>,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
