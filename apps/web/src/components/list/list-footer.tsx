import { PAGE_SIZES } from '@fairway/shared';
import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ListFooterProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** "Showing 1–25 of 312", the page size, and the pages; nothing when the list is empty. */
export function ListFooter({ page, pageSize, total, onPageChange, onPageSizeChange }: ListFooterProps) {
  const { t, i18n } = useTranslation('list');
  if (total <= 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pages);
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'sv-SE');
  const from = (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Group gap="sm" wrap="nowrap">
        <Text fz="sm" c="dimmed" aria-live="polite" data-testid="list-range">
          {t('footer.range', { from: number.format(from), to: number.format(to), total: number.format(total) })}
        </Text>
        <Select
          aria-label={t('footer.pageSize')}
          w={84}
          size="xs"
          value={String(pageSize)}
          onChange={(value) => value && onPageSizeChange(Number(value))}
          data={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={current}
          onChange={onPageChange}
          size="sm"
          siblings={1}
          aria-label={t('footer.pagination')}
          getControlProps={(control) => ({ 'aria-label': t(`footer.controls.${control}`) })}
        />
      ) : null}
    </Group>
  );
}
