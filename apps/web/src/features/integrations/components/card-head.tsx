import { Badge, Group, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface CardHeadProps {
  /** The system's icon (22 px), in its tinted square. */
  icon: ReactNode;
  /** What kind of system it is, above its name ("Bokföring"). */
  kind: string;
  name: string;
  /** The heading's id: the card is labelled by it. */
  titleId: string;
  /** Beside the name (a help hint). */
  aside?: ReactNode;
  status: { color: string; text: string; testId: string };
}

/** The head of a system's card on the integrations page: icon, kind, name and the link's status. */
export function CardHead({ icon, kind, name, titleId, aside, status }: CardHeadProps) {
  const title = (
    <Title order={3} fz="h5" lineClamp={1} id={titleId}>
      {name}
    </Title>
  );
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
          {icon}
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {kind}
          </Text>
          {aside ? (
            <Group gap={6} wrap="nowrap">
              {title}
              {aside}
            </Group>
          ) : (
            title
          )}
        </div>
      </Group>
      <Badge color={status.color} variant="light" style={{ flexShrink: 0 }} data-testid={status.testId}>
        {status.text}
      </Badge>
    </Group>
  );
}
