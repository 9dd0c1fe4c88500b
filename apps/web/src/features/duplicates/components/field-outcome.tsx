import type { FieldOutcome } from '@fairway/shared';
import { Badge } from '@mantine/core';
import { type Icon, IconCheck, IconEqualNot, IconMinus, IconTilde } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const LOOK: Record<FieldOutcome, { color: string; icon: Icon }> = {
  matched: { color: 'teal', icon: IconCheck },
  near: { color: 'yellow', icon: IconTilde },
  differed: { color: 'red', icon: IconEqualNot },
  not_compared: { color: 'gray', icon: IconMinus },
};

/** How one field compared: an icon and a word, so it never rests on colour alone. */
export function FieldOutcomeBadge({ outcome }: { outcome: FieldOutcome }) {
  const { t } = useTranslation('duplicates');
  const { color, icon: OutcomeIcon } = LOOK[outcome];
  return (
    <Badge
      variant="light"
      color={color}
      tt="none"
      leftSection={<OutcomeIcon size={12} aria-hidden="true" />}
      data-outcome={outcome}
      style={{ flexShrink: 0 }}
    >
      {t(`outcomes.${outcome}`)}
    </Badge>
  );
}

/** Confidence 0–1 as a whole percentage. */
export function confidencePercent(confidence: number): number {
  return Math.round(confidence * 100);
}
