import type { GolfClub } from '@fairway/shared';
import { type ComboboxItem, Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Ref, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGolfClubs } from '../api/search-golf-clubs';

export interface GolfClubSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

function clubLabel(club: GolfClub): string {
  return `${club.name}, ${club.city}`;
}

function normalise(text: string): string {
  return text.toLocaleLowerCase('sv-SE').trim();
}

/** A searchable list of Swedish golf clubs, searched on the server as the user types. */
export function GolfClubSelect({ value, onChange, onBlur, error, inputRef }: GolfClubSelectProps) {
  const { t } = useTranslation('auth');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<GolfClub | null>(null);
  // Once a club is picked the input shows its label; searching for that label again is pointless.
  const typed = selected && search === clubLabel(selected) ? '' : search;
  const [debounced] = useDebouncedValue(typed, 250);
  const clubs = useGolfClubs(debounced);

  const byId = useMemo(() => {
    const map = new Map<string, GolfClub>();
    for (const club of clubs.data ?? []) map.set(club.id, club);
    if (selected) map.set(selected.id, selected);
    return map;
  }, [clubs.data, selected]);

  const data: ComboboxItem[] = useMemo(
    () => [...byId.values()].map((club) => ({ value: club.id, label: clubLabel(club) })),
    [byId],
  );

  return (
    <Select
      ref={inputRef}
      label={t('register.golfClub.label')}
      placeholder={t('register.golfClub.placeholder')}
      description={t('register.golfClub.description')}
      withAsterisk
      searchable
      clearable
      data={data}
      value={value}
      onChange={(next) => {
        setSelected(next ? (byId.get(next) ?? null) : null);
        onChange(next);
      }}
      onBlur={onBlur}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by name and town; this keeps the list right while it answers.
      filter={({ options, search: text }) => {
        const needle = normalise(text);
        if (needle === '' || (selected && text === clubLabel(selected))) return options;
        return (options as ComboboxItem[]).filter((option) => {
          const club = byId.get(option.value);
          return club ? [club.name, club.city, club.district].some((part) => normalise(part).includes(needle)) : false;
        });
      }}
      limit={50}
      maxDropdownHeight={280}
      nothingFoundMessage={clubs.isFetching ? t('register.golfClub.searching') : t('register.golfClub.nothingFound')}
      rightSection={clubs.isFetching ? <Loader size={16} /> : undefined}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
