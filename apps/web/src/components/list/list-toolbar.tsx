import { CloseButton, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ListToolbarProps {
  /** What the search box shows (`searchInput` of `useListParams`). */
  search: string;
  onSearchChange: (value: string) => void;
  /** Names what is searched, e.g. "Search by name, number or e-mail". */
  searchLabel: string;
  searchPlaceholder?: string;
  /** The feature's filter selects. */
  filters?: ReactNode;
  /** Export menu, refresh button, "New …" button. */
  actions?: ReactNode;
}

/** Above a list: the search box and filters on the left, the list's actions on the right. */
export function ListToolbar({ search, onSearchChange, searchLabel, searchPlaceholder, filters, actions }: ListToolbarProps) {
  const { t } = useTranslation('list');
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
      <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 320px' }}>
        <TextInput
          type="search"
          aria-label={searchLabel}
          placeholder={searchPlaceholder ?? searchLabel}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={
            search ? <CloseButton size="sm" aria-label={t('search.clear')} onClick={() => onSearchChange('')} /> : null
          }
          value={search}
          onChange={(event) => onSearchChange(event.currentTarget.value)}
          maxLength={100}
          w={{ base: '100%', xs: 260 }}
        />
        {filters}
      </Group>
      {actions ? (
        <Group gap="sm" wrap="wrap" justify="flex-end">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
