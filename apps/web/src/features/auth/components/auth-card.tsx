import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Shown above the title, e.g. the token-expired notice. */
  notice?: ReactNode;
  children: ReactNode;
  /** Maximum width in px; registration needs more room than login. */
  width?: number;
}

/** The card every sign-in screen sits in, centred in the public layout. */
export function AuthCard({ title, subtitle, notice, children, width = 460 }: AuthCardProps) {
  return (
    <Stack gap="md" maw={width} w="100%" mx="auto" py={{ base: 'md', sm: 'xl' }}>
      {notice}
      <Paper withBorder radius="md" shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}
