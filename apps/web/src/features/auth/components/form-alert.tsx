import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A refusal that belongs to no single field (wrong credentials, throttling, a bad link …). */
export function FormAlert({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden="true" />} title={title}>
      {children}
    </Alert>
  );
}
