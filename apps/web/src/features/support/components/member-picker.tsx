import type { MemberListRow } from '@fairway/shared';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberSearch } from '../api/search-members';

/** "Eva Ek (1042)": the name, and the member number that tells two Eva Ek apart. */
export const memberLabel = (m: Pick<MemberListRow, 'firstname' | 'lastname' | 'memberNumber'>) =>
  `${m.firstname} ${m.lastname}${m.memberNumber ? ` (${m.memberNumber})` : ''}`;

export interface MemberPickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  ref?: Ref<HTMLInputElement>;
  value: string | null;
  onChange: (memberId: string | null) => void;
  /** The member chosen before any search (e.g. arriving from the member's page). */
  initial?: { id: string; label: string } | null;
}

/**
 * Picks the member a ticket is about by typing part of a name, golf ID or member number: the
 * member list's own search, at most 20 answers. The choice stays shown when a later search does
 * not find it.
 */
export function MemberPicker({ value, onChange, initial, ...props }: MemberPickerProps) {
  const { t } = useTranslation('support');
  const [chosen, setChosen] = useState(initial ? { value: initial.id, label: initial.label } : null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const term = chosen && debounced === chosen.label ? '' : debounced.trim();
  const [open, setOpen] = useState(false);
  const query = useMemberSearch(term, open && !props.disabled);
  const options = (query.data ?? []).map((m) => ({ value: m.id, label: memberLabel(m) }));
  const shown = initial && !chosen && value === initial.id ? { value: initial.id, label: initial.label } : chosen;
  const current = shown && shown.value === value ? shown : null;
  if (current && !options.some((o) => o.value === current.value)) options.unshift(current);

  let nothingFound = t('ticket.member.noMatches');
  if (query.isFetching) nothingFound = t('ticket.member.searching');
  else if (query.isError) nothingFound = t('ticket.member.searchFailed');

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
      openOnFocus={false}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      // The server has searched already; its answers are shown as they came.
      filter={({ options: all }) => all}
      clearable
      nothingFoundMessage={nothingFound}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
