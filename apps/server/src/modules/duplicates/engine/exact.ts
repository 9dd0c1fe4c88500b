import type { DuplicateDocument } from './model';

/**
 * The exact check the engine is measured against: documents of one resource are duplicates when
 * counterparty, reference, date and amount are all equal as stored (no normalisation, no
 * tolerance). Returns groups of positions, each in input order, of two or more.
 */
export function exactDuplicateGroups(documents: readonly DuplicateDocument[]): number[][] {
  const groups = new Map<string, number[]>();
  documents.forEach((d, position) => {
    if (!d.reference) return;
    const key = [d.resource, d.counterpartyId ?? d.counterpartyName ?? '', d.reference, d.date, d.amount].join('\u0000');
    const group = groups.get(key);
    if (group) group.push(position);
    else groups.set(key, [position]);
  });
  return [...groups.values()].filter((g) => g.length > 1);
}
