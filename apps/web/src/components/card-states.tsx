import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A card's content on its way: a small loader and what is being loaded, said to screen readers. */
export function CardLoading({ text }: { text: string }) {
  return (
    <Group gap="xs" mt="md" role="status">
      <Loader size="xs" />
      <Text fz="sm" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}

/** A card's content could not be loaded: says so, with a retry. */
export function CardLoadFailed({ title, retryLabel, onRetry }: { title: string; retryLabel: string; onRetry: () => void }) {
  return (
    <Alert mt="md" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} title={title}>
      <Button size="xs" variant="light" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
