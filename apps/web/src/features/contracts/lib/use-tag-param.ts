import { CONTRACT_TAG_MAX_LENGTH } from '@fairway/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The tag filter of the contracts list, kept in `?tag=` beside `useListParams`' own parameters
 * (its filters are fixed value lists; a tag is whatever the club has typed). Changing it goes
 * back to page 1 like every other filter.
 */
export function useTagParam(): [string | undefined, (tag: string | undefined) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const tag = (searchParams.get('tag') ?? '').trim().slice(0, CONTRACT_TAG_MAX_LENGTH) || undefined;
  const setTag = useCallback(
    (next: string | undefined) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          const value = next?.trim();
          if (value) params.set('tag', value.slice(0, CONTRACT_TAG_MAX_LENGTH));
          else params.delete('tag');
          params.delete('page');
          return params;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  );
  return [tag, setTag];
}
