import type { InvoiceListRow } from '@fairway/shared';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Status = Pick<InvoiceListRow, 'booked' | 'cancelled' | 'isCredit' | 'credited' | 'overdue' | 'balanceOre'>;

/**
 * An invoice's state as badges (spec §4): cancelled alone, else booked or not, and for booked
 * invoices paid / unpaid / overdue; credit notes and credited invoices say so. Colour is never
 * the only sign: each badge is a word.
 */
export function InvoiceStatusBadges({ invoice }: { invoice: Status }) {
  const { t } = useTranslation('invoices');
  const badge = (key: string, color: string, variant: 'light' | 'outline' | 'filled' = 'light') => (
    <Badge key={key} variant={variant} color={color} tt="none" data-status={key}>
      {t(`status.${key}`)}
    </Badge>
  );
  const badges = [];
  if (invoice.cancelled) badges.push(badge('cancelled', 'gray', 'outline'));
  else {
    badges.push(invoice.booked ? badge('booked', 'blue') : badge('unbooked', 'yellow'));
    if (invoice.booked && !invoice.isCredit) {
      if (invoice.balanceOre <= 0) badges.push(badge('paid', 'teal'));
      else badges.push(invoice.overdue ? badge('overdue', 'red', 'filled') : badge('unpaid', 'orange'));
    }
  }
  if (invoice.isCredit) badges.push(badge('creditNote', 'grape', 'outline'));
  if (invoice.credited) badges.push(badge('credited', 'grape'));
  return (
    <Group gap={4} wrap="wrap">
      {badges}
    </Group>
  );
}
