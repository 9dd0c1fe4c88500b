import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The upgrade / downgrade button of a package or tier card; "pending" while a request waits. */
export function PlanChangeButton(props: {
  upgrade: boolean;
  pending: boolean;
  active: boolean;
  loading: boolean;
  onClick(): void;
}) {
  const { t } = useTranslation('subscriptions');
  return (
    <Button
      mt="xs"
      variant={props.upgrade ? 'filled' : 'default'}
      leftSection={props.upgrade ? <IconArrowUp size={16} /> : <IconArrowDown size={16} />}
      disabled={props.pending || !props.active}
      loading={props.loading}
      onClick={props.onClick}
    >
      {props.pending ? t('packages.pending') : t(props.upgrade ? 'packages.upgrade' : 'packages.downgrade')}
    </Button>
  );
}

export interface PlanOptionCardProps {
  testId: string;
  name: string;
  /** The badge of the plan in use ("Current package", "Current tier"); shown when `current`. */
  currentLabel: string;
  current: boolean;
  /** A change to this plan waits for the platform. */
  pending: boolean;
  price: string;
  /** What the plan gives: the first line in full colour, the rest dimmed. */
  facts: readonly [string, ...string[]];
  /** The change button's props; none for whoever may not change the plan (the plan in use has none either). */
  change: Omit<Parameters<typeof PlanChangeButton>[0], 'pending'> | null;
}

/**
 * One plan to change to (a golf package, a Dubbelkoll tier) on the subscription tab: its name with
 * "current" and "pending" badges, price, what it gives and the change button at the foot.
 */
export function PlanOptionCard({ testId, name, currentLabel, current, pending, price, facts, change }: PlanOptionCardProps) {
  const { t } = useTranslation('subscriptions');
  const [first, ...rest] = facts;
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{name}</Text>
          {current ? <Badge variant="light">{currentLabel}</Badge> : null}
          {pending ? (
            <Badge color="yellow" variant="light">
              {t('packages.pending')}
            </Badge>
          ) : null}
        </Group>
        <Text fw={600}>{price}</Text>
        <Text fz="sm">{first}</Text>
        {rest.map((fact, i) => (
          // The last line takes the spare height, so the buttons of a row of cards line up.
          <Text key={fact} fz="sm" c="dimmed" style={i === rest.length - 1 ? { flexGrow: 1 } : undefined}>
            {fact}
          </Text>
        ))}
        {change && !current ? <PlanChangeButton {...change} pending={pending} /> : null}
      </Stack>
    </Card>
  );
}
