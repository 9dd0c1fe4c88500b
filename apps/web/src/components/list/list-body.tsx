import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { ApiError, type ApiPage } from '../../lib/api-client';
import { ListError, ListNoMatch, ListNotConnected } from './list-states';
import { useAccountingConnection } from './use-accounting-connection';

export interface ListBodyProps<T> {
  query: UseQueryResult<ApiPage<T>>;
  /** Search or filters narrow the list: an empty answer means "nothing matches". */
  isFiltered: boolean;
  onClearFilters: () => void;
  /** The "nothing here yet" state of the feature (what will appear, and the create button). */
  empty: ReactNode;
  /** The list comes from the accounting program: say so when none is connected. */
  needsAccounting?: boolean;
  /** The table, given the rows of the page (it shows its own loading overlay). */
  children: (rows: T[]) => ReactNode;
}

/**
 * Picks what a server-side list shows: the table (also while loading, so the layout does not
 * jump), the error with a retry, "nothing matches" with clear filters, the feature's empty state,
 * or, for accounting lists, the "not connected" state that links to Integrations.
 */
export function ListBody<T>({ query, isFiltered, onClearFilters, empty, needsAccounting = false, children }: ListBodyProps<T>) {
  const connection = useAccountingConnection(needsAccounting);
  const rows = query.data?.data ?? [];
  const failedOnConflict = query.error instanceof ApiError && query.error.status === 409;
  const toldNotConnected = query.error instanceof ApiError && query.error.code === 'accounting.not_connected';

  // A 409 from an accounting list may mean the connection has just gone: ask again.
  useEffect(() => {
    if (needsAccounting && failedOnConflict) connection.refetch();
  }, [needsAccounting, failedOnConflict, connection.refetch]);

  if (query.isError && !query.data) {
    if (needsAccounting && (toldNotConnected || connection.notConnected)) return <ListNotConnected />;
    return <ListError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (query.isSuccess && rows.length === 0 && !query.isPlaceholderData) {
    if (isFiltered) return <ListNoMatch onClear={onClearFilters} />;
    if (needsAccounting && connection.notConnected) return <ListNotConnected />;
    return <>{empty}</>;
  }
  return <>{children(rows)}</>;
}
