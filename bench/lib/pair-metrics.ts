/**
 * Precision and recall on pairs: a group of n documents claims n(n−1)/2 duplicate pairs, and a
 * claimed pair is right when both documents carry the same label. Groups must not overlap (groups
 * from union-find and from the exact check do not).
 */
export interface PairScore {
  truePairs: number;
  predictedPairs: number;
  correctPairs: number;
  precision: number;
  recall: number;
}

const pairsOf = (n: number) => (n * (n - 1)) / 2;

export function truePairCount(labels: ArrayLike<number>): number {
  const sizes = new Map<number, number>();
  for (let i = 0; i < labels.length; i++) sizes.set(labels[i] as number, (sizes.get(labels[i] as number) ?? 0) + 1);
  let pairs = 0;
  for (const n of sizes.values()) pairs += pairsOf(n);
  return pairs;
}

export function scorePairs(
  groups: readonly (readonly number[])[],
  labels: ArrayLike<number>,
  truePairs = truePairCount(labels),
): PairScore {
  let predictedPairs = 0;
  let correctPairs = 0;
  for (const group of groups) {
    predictedPairs += pairsOf(group.length);
    const byLabel = new Map<number, number>();
    for (const position of group) byLabel.set(labels[position] as number, (byLabel.get(labels[position] as number) ?? 0) + 1);
    for (const n of byLabel.values()) correctPairs += pairsOf(n);
  }
  return {
    truePairs,
    predictedPairs,
    correctPairs,
    // No claim is no wrong claim; nothing to find is nothing missed.
    precision: predictedPairs === 0 ? 1 : correctPairs / predictedPairs,
    recall: truePairs === 0 ? 1 : correctPairs / truePairs,
  };
}
