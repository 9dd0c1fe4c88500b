import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: ReactNode;
  children?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** Heading level, so the outline stays right wherever the state is placed. */
  order?: 2 | 3 | 4;
  withBorder?: boolean;
}

/** Says plainly that there is nothing here yet, what will appear, and what to do about it. */
export function EmptyState({ title, children, icon, action, order = 2, withBorder = true }: EmptyStateProps) {
  return (
    <Paper withBorder={withBorder} radius="md" p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" gap="sm" ta="center" py="md">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          {icon ?? <IconInbox size={30} stroke={1.6} />}
        </ThemeIcon>
        <Title order={order} fz="h4">
          {title}
        </Title>
        {children ? (
          <Text c="dimmed" maw={560}>
            {children}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Paper>
  );
}
