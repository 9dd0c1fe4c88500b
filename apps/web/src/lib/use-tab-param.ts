import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The tab of a tabbed page, kept in `?tab=` so a link (e.g. from the user dropdown) can open it
 * and a reload keeps it. An unknown or missing value falls back to `fallback`.
 */
export function useTabParam<T extends string>(tabs: readonly T[], fallback: T): [T, (value: string | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const active = requested !== null && (tabs as readonly string[]).includes(requested) ? (requested as T) : fallback;
  const select = useCallback(
    (value: string | null) => {
      if (!value) return;
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('tab', value);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );
  return [active, select];
}
