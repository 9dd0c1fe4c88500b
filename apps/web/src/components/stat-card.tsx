import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  /** Undefined while loading (a skeleton shows), null when there is no figure ("—"). */
  value: ReactNode | null | undefined;
  hint?: ReactNode;
  icon?: Icon;
  /** Read out instead of "—" when there is no figure. */
  noValueLabel?: string;
  testId?: string;
}

/** One key figure: label, value and a line of context (compared with last year, coverage …). */
export function StatCard({ label, value, hint, icon: StatIcon, noValueLabel, testId }: StatCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text fz="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        {StatIcon ? (
          <ThemeIcon variant="light" radius="md" size="lg" aria-hidden="true">
            <StatIcon size={20} stroke={1.6} />
          </ThemeIcon>
        ) : null}
      </Group>
      {value === undefined ? (
        <Skeleton height={32} width="70%" mt="xs" radius="sm" />
      ) : (
        <Text fz={26} fw={700} mt="xs" data-value>
          {value === null ? (
            // A symbol standing for words: role img lets its label be read out instead of the dash.
            <span role="img" title={noValueLabel} aria-label={noValueLabel}>
              —
            </span>
          ) : (
            value
          )}
        </Text>
      )}
      {hint ? (
        <Text fz="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}
