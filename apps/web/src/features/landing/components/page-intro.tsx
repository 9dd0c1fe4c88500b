import { Box, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The top of a public page: its one h1 and a lead, on the brand's soft band. */
export function PageIntro({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <Box
      py={{ base: 40, sm: 64 }}
      style={{ background: 'linear-gradient(180deg, var(--mantine-primary-color-light) 0%, transparent 100%)' }}
    >
      <Container size="lg">
        <Title order={1} fz={{ base: 30, sm: 40 }} lh={1.2}>
          {title}
        </Title>
        {lead ? (
          <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" mt="sm" maw={760}>
            {lead}
          </Text>
        ) : null}
        {children}
      </Container>
    </Box>
  );
}
