import type { ArticleOption } from '@fairway/shared';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useArticleSearch } from '../api/lookups';

export interface ArticleLookupProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  ref?: Ref<HTMLInputElement>;
  /** The article number of the row, or null for a free-text row. */
  value: string | null;
  /** The row's description, shown for its article before any search. */
  initialLabel?: string;
  /** `article` is null when the row's article is cleared. */
  onChange: (articleNumber: string | null, article: ArticleOption | null) => void;
}

const labelOf = (a: Pick<ArticleOption, 'number' | 'description'>) => `${a.number} – ${a.description}`;

/**
 * A row's article, found by number, description or EAN (GET articles/search, active articles
 * only); picking one hands over its description, unit, price and VAT for the row.
 */
export function ArticleLookup({ value, initialLabel, onChange, ...props }: ArticleLookupProps) {
  const { t } = useTranslation('accounting');
  const [chosen, setChosen] = useState(
    value ? { value, label: initialLabel ? labelOf({ number: value, description: initialLabel }) : value } : null,
  );
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const term = chosen && debounced === chosen.label ? '' : debounced.trim();
  const [open, setOpen] = useState(false);
  const query = useArticleSearch(term, open && !props.disabled);
  const found = query.data ?? [];
  const options = found.map((a) => ({ value: a.number, label: labelOf(a) }));
  const current = chosen && chosen.value === value ? chosen : value ? { value, label: value } : null;
  if (current && !options.some((o) => o.value === current.value)) options.unshift(current);
  return (
    <Select
      {...props}
      data={options}
      value={value}
      onChange={(next, option) => {
        setChosen(next ? { value: next, label: option.label } : null);
        onChange(next, next ? (found.find((a) => a.number === next) ?? null) : null);
      }}
      searchable
      // Opened by a click or typing, not by focus: after a failed save the focus lands here, and an
      // open list would cover the fields below it and their messages.
      openOnFocus={false}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      filter={({ options: all }) => all}
      clearable
      nothingFoundMessage={query.isFetching ? t('searching') : t('noArticles')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
