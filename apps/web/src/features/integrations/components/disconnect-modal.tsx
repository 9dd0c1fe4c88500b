import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { notifySuccess } from '../../../lib/notify';

export interface DisconnectModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What a disconnect does, said before it is done. */
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** The toast once it is done. */
  doneText: string;
  /** The disconnect call (a mutation without arguments). */
  disconnect: {
    isPending: boolean;
    mutate: (variables: undefined, options: { onSuccess: () => void }) => void;
    reset: () => void;
  };
}

/**
 * The question before a link is cut (the accounting program's, GIT's): what goes, a cancel button
 * that has the focus, and the red confirm button that disconnects, says so and closes.
 */
export function DisconnectModal({
  opened,
  onClose,
  title,
  children,
  cancelLabel,
  confirmLabel,
  doneText,
  disconnect,
}: DisconnectModalProps) {
  const close = () => {
    disconnect.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} data-autofocus>
            {cancelLabel}
          </Button>
          <Button
            color="red"
            loading={disconnect.isPending}
            onClick={() =>
              disconnect.mutate(undefined, {
                onSuccess: () => {
                  notifySuccess(doneText);
                  close();
                },
              })
            }
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
