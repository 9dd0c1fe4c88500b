import type { InvoiceListRow } from '@fairway/shared';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Status = Pick<
  InvoiceListRow,
  'booked' | 'cancelled' | 'isCredit' | 'credited' | 'overdue' | 'balanceOre' | 'sent' | 'deliveryMethod'
>;

/**
 * An invoice's state as badges (docs/invoices.md#states): cancelled alone, else booked or not, and for booked
 * invoices paid / unpaid / overdue; a sent invoice says so and how, as Fortnox's list does;
 * credit notes and credited invoices say so. Colour is never the only sign: each badge is a word.
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
  if (invoice.sent && !invoice.cancelled) {
    badges.push(
      <Badge key="sent" variant="light" color="cyan" tt="none" data-status="sent">
        {invoice.deliveryMethod ? t('status.sentWith', { method: t(`sendWays.${invoice.deliveryMethod}`) }) : t('status.sent')}
      </Badge>,
    );
  }
  if (invoice.isCredit) badges.push(badge('creditNote', 'grape', 'outline'));
  if (invoice.credited) badges.push(badge('credited', 'grape'));
  return (
    <Group gap={4} wrap="wrap">
      {badges}
    </Group>
  );
}
