import type { IntegrationTarget } from '@fairway/shared';
import { Badge, Group, Text } from '@mantine/core';
import { IconFlask, IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Why a system is only simulated here, one line each (docs/accounting.md#what-reaches-a-real-system). */
export type SimulatorReason = 'cloud' | 'connector' | 'git';

interface TargetNoticeProps {
  /** What the link reaches, as the server reports it; nothing is shown without one. */
  target: IntegrationTarget | null | undefined;
  /** The system as people know it: "Fortnox", "GIT". */
  name: string;
  reason: SimulatorReason;
  /** Linked (connected, or waiting for a reconnect) rather than not connected yet. */
  linked: boolean;
  /** The company (or GIT club) a live link is to, when known. */
  linkedTo?: string | null;
  mt?: string;
}

/**
 * Says whether a link reaches the real system or the portal's built-in simulator of it: a badge
 * with an icon and words (never colour alone) and one line saying what that means — for the
 * simulator that no data reaches the real system and why, for the real one its name and the
 * company linked. The server decides the target; this only shows it.
 */
export function TargetNotice({ target, name, reason, linked, linkedTo, mt = 'md' }: TargetNoticeProps) {
  const { t } = useTranslation('integrations');
  if (!target) return null;
  const simulator = target === 'simulator';
  const Icon = simulator ? IconFlask : IconPlugConnected;
  return (
    <Group gap="xs" mt={mt} wrap="nowrap" align="flex-start" data-testid="integration-target" data-target={target}>
      <Badge
        // Filled, dark shades: white text keeps 4.5:1 or more in both skins (the light variant did not).
        color={simulator ? 'grape.9' : 'teal.9'}
        variant="filled"
        leftSection={<Icon size={12} aria-hidden="true" />}
        style={{ flexShrink: 0 }}
      >
        {simulator ? t('target.simulator') : t('target.live')}
      </Badge>
      <Text fz="xs" style={{ minWidth: 0 }}>
        {simulator ? (
          <>
            <Text component="span" fz="xs" fw={600}>
              {t('target.noData', { name })}
            </Text>{' '}
            <Text component="span" fz="xs" c="dimmed">
              {t(`target.why.${reason}`, { name })}
            </Text>
          </>
        ) : !linked ? (
          t('target.liveNotYet', { name })
        ) : linkedTo ? (
          t('target.liveTo', { name, company: linkedTo })
        ) : (
          t('target.liveLinked', { name })
        )}
      </Text>
    </Group>
  );
}
