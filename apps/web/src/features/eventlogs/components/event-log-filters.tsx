import { EVENT_RESOURCES, EVENT_TYPES } from '@fairway/shared';
import { Button, CloseButton, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';

export interface EventLogFilterValues {
  type: string;
  resource: string;
  from: string;
  to: string;
  search: string;
}

export const EMPTY_FILTERS: EventLogFilterValues = { type: '', resource: '', from: '', to: '', search: '' };

export interface EventLogFiltersProps {
  values: EventLogFilterValues;
  onChange: (next: Partial<EventLogFilterValues>) => void;
  onClear: () => void;
  rangeError: boolean;
}

export function EventLogFilters({ values, onChange, onClear, rangeError }: EventLogFiltersProps) {
  const { t } = useTranslation('eventlogs');
  // Typing is kept locally and sent after a pause, so each keystroke does not ask the server.
  const [search, setSearch] = useState(values.search);
  const sendSearch = useDebouncedCallback((value: string) => onChange({ search: value.trim() }), 350);
  useEffect(() => setSearch(values.search), [values.search]);

  const active = Object.values(values).some((v) => v !== '');
  return (
    // biome-ignore lint/a11y/useSemanticElements: the filters are a form (submit is handled); role search on it names the landmark.
    <form role="search" aria-label={t('filters.label')} onSubmit={(event) => event.preventDefault()}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" mb="md">
        <TextInput
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          maxLength={100}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            sendSearch(event.currentTarget.value);
          }}
          rightSection={
            search ? (
              <CloseButton
                size="sm"
                aria-label={t('filters.clear')}
                onClick={() => {
                  setSearch('');
                  onChange({ search: '' });
                }}
              />
            ) : null
          }
        />
        <Select
          label={t('filters.type')}
          value={values.type}
          onChange={(value) => onChange({ type: value ?? '' })}
          data={[
            { value: '', label: t('filters.allTypes') },
            ...EVENT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
          ]}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('filters.resource')}
          value={values.resource}
          onChange={(value) => onChange({ resource: value ?? '' })}
          data={[
            { value: '', label: t('filters.allResources') },
            ...EVENT_RESOURCES.map((resource) => ({ value: resource, label: t(`resources.${resource}`) })),
          ]}
          allowDeselect={false}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <DateField label={t('filters.from')} value={values.from} onChange={(from) => onChange({ from })} />
        <DateField
          label={t('filters.to')}
          value={values.to}
          minDate={values.from || undefined}
          onChange={(to) => onChange({ to })}
          error={rangeError ? t('filters.invalidRange') : undefined}
        />
      </SimpleGrid>
      {active ? (
        <Group justify="flex-end" mt={-8} mb="sm">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconFilterOff size={16} aria-hidden="true" />}
            onClick={onClear}
          >
            {t('filters.clear')}
          </Button>
        </Group>
      ) : null}
    </form>
  );
}
