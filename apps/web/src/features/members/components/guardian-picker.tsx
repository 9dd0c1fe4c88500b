import type { MemberListRow, MemberRef } from '@fairway/shared';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listMembers } from '../api/list-members';
import { membersKey } from '../api/members-key';

/** How many members one search offers. */
const GUARDIAN_OPTIONS = 20;

type Person = Pick<MemberListRow | MemberRef, 'firstname' | 'lastname' | 'golfId'>;

/** "Anna Ek (850312-001)": the name, and the golf ID that tells two Anna Ek apart. */
export const guardianLabel = (m: Person) => `${m.firstname} ${m.lastname}${m.golfId ? ` (${m.golfId})` : ''}`;

export interface GuardianPickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  ref?: Ref<HTMLInputElement>;
  /** The guardian's member id, or null for none. */
  value: string | null;
  onChange: (memberId: string | null) => void;
  /** The guardian as stored, shown before any search. */
  initial?: MemberRef | null;
  /** The member being edited: never offered as their own guardian. */
  selfId?: string;
}

/**
 * Picks the member who pays for this one (a junior's guardian) by typing part of a name or a golf
 * ID: the member list's own search (GET members?search=), at most 20 answers, by name. The chosen
 * guardian stays shown even when a later search does not find them.
 */
export function GuardianPicker({ value, onChange, initial, selfId, ...props }: GuardianPickerProps) {
  const { t } = useTranslation('members');
  const [chosen, setChosen] = useState(initial ? { value: initial.id, label: guardianLabel(initial) } : null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // Typing (or showing) the chosen option's own label is not a new search.
  const term = chosen && debounced === chosen.label ? '' : debounced.trim();
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: [...membersKey, 'guardian-search', term],
    queryFn: ({ signal }) =>
      listMembers({ search: term || undefined, pageSize: GUARDIAN_OPTIONS, sort: 'name', order: 'asc' }, signal),
    enabled: open && !props.disabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = (query.data?.data ?? []).filter((m) => m.id !== selfId).map((m) => ({ value: m.id, label: guardianLabel(m) }));
  const current = chosen && chosen.value === value ? chosen : null;
  if (current && !options.some((o) => o.value === current.value)) options.unshift(current);

  let nothingFound = t('fields.guardianId.noMatches');
  if (query.isFetching) nothingFound = t('fields.guardianId.searching');
  else if (query.isError) nothingFound = t('fields.guardianId.searchFailed');

  return (
    <Select
      {...props}
      data={options}
      value={value}
      onChange={(next, option) => {
        setChosen(next ? { value: next, label: option.label } : null);
        onChange(next);
      }}
      searchable
      // Opened by a click or typing, not by focus: after a failed save the focus may land here, and
      // an open list would cover the fields below it and their messages.
      openOnFocus={false}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      // The server has searched already (names, golf ID, member number); its answers are shown as they came.
      filter={({ options: all }) => all}
      clearable
      nothingFoundMessage={nothingFound}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
