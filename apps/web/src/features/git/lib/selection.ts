import { useCallback, useState } from 'react';

/** Chosen rows keyed by their uuid, kept across pages (in-memory selection lists; docs/git.md#pages). */
export type Selection<T extends { id: string }> = ReadonlyMap<string, T>;

/**
 * The selection after the table of one page reported its chosen rows: the page's rows are
 * replaced by the chosen ones, rows chosen on other pages stay.
 */
export function choosePageRows<T extends { id: string }>(
  selection: Selection<T>,
  pageRows: readonly T[],
  chosen: readonly T[],
): Selection<T> {
  const next = new Map(selection);
  const picked = new Set(chosen.map((row) => row.id));
  // Rows that stay chosen keep their place, so the selection reads in the order it was made.
  for (const row of pageRows) if (!picked.has(row.id)) next.delete(row.id);
  for (const row of chosen) if (!next.has(row.id)) next.set(row.id, row);
  return next;
}

/** The page's rows that are in the selection (what its table shows ticked). */
export function selectedOnPage<T extends { id: string }>(selection: Selection<T>, pageRows: readonly T[]): T[] {
  return pageRows.filter((row) => selection.has(row.id));
}

/**
 * One selection per tab of a page, kept while the user pages, filters or moves between tabs
 * (the tabs' lists unmount, the selections live on the page).
 */
export function useTabSelections() {
  const [selections, setSelections] = useState<Record<string, Selection<{ id: string }>>>({});
  const get = useCallback(
    <T extends { id: string }>(tab: string): Selection<T> => (selections[tab] ?? new Map()) as Selection<T>,
    [selections],
  );
  const set = useCallback(
    <T extends { id: string }>(tab: string, selection: Selection<T>) =>
      setSelections((previous) => ({ ...previous, [tab]: selection as Selection<{ id: string }> })),
    [],
  );
  return { get, set };
}

/** A single list's selection (the occasion page's bases). */
export function useSelection<T extends { id: string }>() {
  const [selection, setSelection] = useState<Selection<T>>(new Map());
  const clear = useCallback(() => setSelection(new Map()), []);
  return { selection, setSelection, clear };
}
