import type { ContractStatus } from '@fairway/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One colour per state (docs/accounting-data.md#contracts); the text carries the meaning, the colour only helps. */
export const STATUS_COLORS: Record<ContractStatus, string> = {
  upcoming: 'blue',
  active: 'teal',
  inactive: 'gray',
  finished: 'violet',
  terminated: 'red',
};

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  const { t } = useTranslation('contracts');
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} tt="none" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
