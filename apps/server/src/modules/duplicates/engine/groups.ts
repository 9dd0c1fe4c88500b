import { DUPLICATE_FIELDS, type DuplicateField, type DuplicateResource, type FieldMappings } from './model';
import type { PreparedDocument } from './prepare';
import { type FieldOutcome, type PairExplanation, type ScoringOptions, scorePair } from './score';
import { UnionFind } from './union-find';

/** A pair the scoring called a duplicate, by positions in the input. */
export interface DuplicatePair {
  a: number;
  b: number;
  explanation: PairExplanation;
}

export interface GroupMember {
  id: string;
  position: number;
  /** The member compared with the original directly. */
  explanation: PairExplanation;
  /**
   * The member's confidence: the direct comparison's, or, when the member joined the group through
   * another duplicate (A ≈ B ≈ C, C not quite A), the strongest pair that joined it.
   */
  confidence: number;
}

/**
 * An original (the earliest document; on the same day the first given) and its duplicates, with
 * each field's outcome over the group: `differing` when it differs for any duplicate, else
 * `nearlyMatched` when nearly matched for any, else `matched` when compared for any, else
 * `notCompared`. The group's confidence is its weakest member's.
 */
export interface DuplicateGroup {
  resource: DuplicateResource;
  originalId: string;
  originalPosition: number;
  /** The original's transaction ID (the value of the resource's transaction-ID field). */
  transactionId: string | null;
  duplicates: GroupMember[];
  matched: DuplicateField[];
  nearlyMatched: DuplicateField[];
  differing: DuplicateField[];
  notCompared: DuplicateField[];
  confidence: number;
}

const RANK: Record<FieldOutcome, number> = { not_compared: 0, match: 1, near: 2, differ: 3 };

function outcomeOf(e: PairExplanation, field: DuplicateField): FieldOutcome {
  if (e.differing.includes(field)) return 'differ';
  if (e.nearlyMatched.includes(field)) return 'near';
  if (e.matched.includes(field)) return 'match';
  return 'not_compared';
}

export function buildGroups(
  docs: readonly PreparedDocument[],
  pairs: readonly DuplicatePair[],
  mappings: FieldMappings,
  options: ScoringOptions,
): DuplicateGroup[] {
  const sets = new UnionFind(docs.length);
  const best = new Map<number, number>();
  for (const { a, b, explanation } of pairs) {
    sets.union(a, b);
    for (const p of [a, b]) best.set(p, Math.max(best.get(p) ?? 0, explanation.confidence));
  }
  const members = new Map<number, number[]>();
  for (const position of best.keys()) {
    const root = sets.find(position);
    const list = members.get(root);
    if (list) list.push(position);
    else members.set(root, [position]);
  }
  const groups: DuplicateGroup[] = [];
  for (const positions of members.values()) {
    positions.sort((x, y) => (docs[x] as PreparedDocument).day - (docs[y] as PreparedDocument).day || x - y);
    const [originalPosition, ...rest] = positions as [number, ...number[]];
    const original = docs[originalPosition] as PreparedDocument;
    const mapping = mappings[original.doc.resource];
    const duplicates = rest.map((position): GroupMember => {
      const explanation = scorePair(original, docs[position] as PreparedDocument, mapping, options);
      const confidence = explanation.duplicate ? explanation.confidence : (best.get(position) ?? 0);
      return { id: (docs[position] as PreparedDocument).doc.id, position, explanation, confidence };
    });
    const group: DuplicateGroup = {
      resource: original.doc.resource,
      originalId: original.doc.id,
      originalPosition,
      transactionId: original.doc[mapping.transactionIdField] ?? null,
      duplicates,
      matched: [],
      nearlyMatched: [],
      differing: [],
      notCompared: [],
      confidence: Math.min(...duplicates.map((d) => d.confidence)),
    };
    for (const field of DUPLICATE_FIELDS) {
      let worst: FieldOutcome = 'not_compared';
      for (const d of duplicates) {
        const outcome = outcomeOf(d.explanation, field);
        if (RANK[outcome] > RANK[worst]) worst = outcome;
      }
      if (worst === 'differ') group.differing.push(field);
      else if (worst === 'near') group.nearlyMatched.push(field);
      else if (worst === 'match') group.matched.push(field);
      else group.notCompared.push(field);
    }
    groups.push(group);
  }
  return groups.sort((x, y) => x.originalPosition - y.originalPosition);
}
