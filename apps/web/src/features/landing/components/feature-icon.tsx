import { ThemeIcon } from '@mantine/core';
import {
  IconArrowsExchange,
  IconBell,
  IconBook2,
  IconChartBar,
  IconCopy,
  IconFileInvoice,
  IconListCheck,
  IconMail,
  IconReceipt,
  IconShoppingCart,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  git: IconArrowsExchange,
  invoices: IconFileInvoice,
  receipts: IconReceipt,
  reminders: IconBell,
  memberCare: IconMail,
  statistics: IconChartBar,
  accounting: IconBook2,
  orders: IconShoppingCart,
  vouchers: IconCopy,
  handling: IconListCheck,
};

/** A feature's symbol; decorative, the heading beside it says what it is. */
export function FeatureIcon({ id, size = 44 }: { id: string; size?: number }) {
  const Icon = ICONS[id] ?? IconListCheck;
  return (
    <ThemeIcon size={size} radius="md" variant="light" aria-hidden="true">
      <Icon size={Math.round(size * 0.55)} stroke={1.7} />
    </ThemeIcon>
  );
}
