// The duplicate-detection engine: pure functions over documents, no database
// (docs/duplicates.md). The mirror, jobs and routes of the duplicates module call these.
export { type AmountRelation, amountRelation } from './amount';
export { DEFAULT_DETECTION, type DetectionOptions, type DetectionResult, detectDuplicates } from './detect';
export { closeness, editDistance } from './distance';
export { exactDuplicateGroups } from './exact';
export type { DuplicateGroup, DuplicatePair, GroupMember } from './groups';
export { DuplicateIndex, type IndexMatch } from './incremental';
export * from './model';
export * from './normalise';
export { type PreparedDocument, prepareDocument } from './prepare';
export { DEFAULT_SCORING, type PairExplanation, type ScoringOptions, scorePair, WEIGHTS } from './score';
