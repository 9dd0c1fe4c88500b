import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Ref, useState } from 'react';

export interface SearchOption {
  value: string;
  label: string;
}

/** What a server search answers for the typed term (a TanStack query, or anything shaped so). */
export interface SearchAnswer {
  data?: SearchOption[];
  isFetching: boolean;
  isError: boolean;
}

export interface ServerSearchSelectProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> {
  ref?: Ref<HTMLInputElement>;
  value: string | null;
  onChange: (value: string | null) => void;
  /** The option chosen before any search (as stored, or given by the page that led here); it may arrive later. */
  initial?: SearchOption | null;
  /** The server's answers for `term`, asked only while `enabled` (the list has been opened). Called as a hook. */
  useSearch: (term: string, enabled: boolean) => SearchAnswer;
  messages: { noMatches: string; searching: string; searchFailed: string };
}

/**
 * A select whose options come from a server search as the user types (debounced): the server's
 * answers are shown as they came, the chosen option stays shown when a later search does not find
 * it, and typing the chosen label again is not a new search. Opened by a click or typing, not by
 * focus: after a failed save the focus may land here, and an open list would cover the fields
 * below it and their messages.
 */
export function ServerSearchSelect({ value, onChange, initial, useSearch, messages, ...props }: ServerSearchSelectProps) {
  const [chosen, setChosen] = useState<SearchOption | null>(initial ?? null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const term = chosen && debounced === chosen.label ? '' : debounced.trim();
  const [open, setOpen] = useState(false);
  const answer = useSearch(term, open && !props.disabled);
  const options = [...(answer.data ?? [])];
  const shown = initial && !chosen && value === initial.value ? initial : chosen;
  const current = shown && shown.value === value ? shown : null;
  if (current && !options.some((o) => o.value === current.value)) options.unshift(current);

  let nothingFound = messages.noMatches;
  if (answer.isFetching) nothingFound = messages.searching;
  else if (answer.isError) nothingFound = messages.searchFailed;

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
      filter={({ options: all }) => all}
      clearable
      nothingFoundMessage={nothingFound}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
