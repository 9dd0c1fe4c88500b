import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One term and its value of a `<dl>` (a card's details: status, since when, by whom …). */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" fz="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" fz="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}
