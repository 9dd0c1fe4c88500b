import { isIsoDate } from '@fairway/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export interface DateRange {
  from: string | undefined;
  to: string | undefined;
}

const valid = (value: string | null) => (value && isIsoDate(value) ? value : undefined);

/**
 * The invoice-date range of the invoices list, kept in `?from=` and `?to=` beside
 * `useListParams`' own parameters (its filters are fixed value lists; a date is not). A date
 * that is not one (an old or hand-edited link) is left out; a change goes back to page 1.
 */
export function useDateRangeParam(): [DateRange, (name: keyof DateRange, value: string | undefined) => void, () => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const range = { from: valid(searchParams.get('from')), to: valid(searchParams.get('to')) };
  const setDate = useCallback(
    (name: keyof DateRange, value: string | undefined) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (value && isIsoDate(value)) params.set(name, value);
          else params.delete(name);
          params.delete('page');
          return params;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  );
  const clear = useCallback(
    () =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.delete('from');
          params.delete('to');
          params.delete('page');
          return params;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  );
  return [range, setDate, clear];
}
