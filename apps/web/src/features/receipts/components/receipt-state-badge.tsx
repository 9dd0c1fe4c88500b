import type { ReceiptRow } from '@fairway/shared';
import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ReceiptRow['state'], string> = { not_sent: 'gray', queued: 'blue', sent: 'green', failed: 'red' };

/** The receipt's state (sent, not sent, failed to send; docs/receipts.md#states); a failure says why. */
export function ReceiptStateBadge({ receipt }: { receipt: Pick<ReceiptRow, 'state' | 'failure' | 'error'> }) {
  const { t } = useTranslation('receipts');
  const badge = (
    <Badge color={COLORS[receipt.state]} variant="light" data-state={receipt.state}>
      {t(`states.${receipt.state}`)}
    </Badge>
  );
  if (receipt.state !== 'failed' || !receipt.failure) return badge;
  const why = t(`failure.${receipt.failure}`) + (receipt.error ? `: ${receipt.error}` : '');
  return (
    <Tooltip label={why} withArrow multiline maw={320}>
      <span>
        {badge}
        <VisuallyHidden>{` ${why}`}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
