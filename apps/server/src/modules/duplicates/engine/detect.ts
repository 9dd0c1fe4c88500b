import { amountsCompatible } from './amount';
import { type BlockKind, Blocks, foundEarlier, type KeyedDocument, keyDocument, positionsByDay } from './blocks';
import { buildGroups, type DuplicateGroup, type DuplicatePair } from './groups';
import { DEFAULT_FIELD_MAPPINGS, type DuplicateDocument, type FieldMappings } from './model';
import { prepareDocument } from './prepare';
import { DEFAULT_SCORING, type ScoringOptions, scorePair } from './score';

export interface DetectionOptions extends ScoringOptions {
  mappings: FieldMappings;
  /**
   * A reference or OCR that more documents than this carry is not an identifier ("Hyra 2026-08" of
   * every landlord): its block makes no pairs. Same-counterparty pairs still come from the first block.
   */
  maxIdentifierBlock: number;
}

export const DEFAULT_DETECTION: DetectionOptions = {
  ...DEFAULT_SCORING,
  mappings: DEFAULT_FIELD_MAPPINGS,
  maxIdentifierBlock: 50,
};

export interface DetectionResult {
  groups: DuplicateGroup[];
  /** The pairs scored as duplicates (positions in the input). */
  pairs: DuplicatePair[];
  /** Candidate pairs the blocks produced and the scoring compared. */
  candidates: number;
}

const KINDS: readonly BlockKind[] = ['party', 'reference', 'ocr'];

function keyOf(kind: BlockKind, d: KeyedDocument): string | null {
  return kind === 'party' ? d.partyKey : kind === 'reference' ? d.referenceKey : d.ocrKey;
}

/** Every duplicate group among `documents` (docs/duplicates.md#full-detection). */
export function detectDuplicates(
  documents: readonly DuplicateDocument[],
  options: DetectionOptions = DEFAULT_DETECTION,
): DetectionResult {
  const docs = documents.map((d) => keyDocument(prepareDocument(d), options.mappings));
  const dayOf = (position: number) => (docs[position] as KeyedDocument).day;
  const byDay = positionsByDay(docs.length, dayOf);
  const pairs: DuplicatePair[] = [];
  let candidates = 0;

  for (const kind of KINDS) {
    const blocks = new Blocks(dayOf);
    for (const position of byDay) {
      const key = keyOf(kind, docs[position] as KeyedDocument);
      // A document without a readable date has no window: it is not compared (docs/duplicates.md#fields).
      if (key !== null && !Number.isNaN(dayOf(position))) blocks.add(key, position);
    }
    for (const list of blocks.multiples()) {
      if (kind !== 'party' && list.length > options.maxIdentifierBlock) continue;
      for (let i = 0; i < list.length - 1; i++) {
        const a = docs[list[i] as number] as KeyedDocument;
        for (let j = i + 1; j < list.length; j++) {
          const b = docs[list[j] as number] as KeyedDocument;
          if (b.day - a.day > options.dateWindowDays) break;
          if (kind === 'party' ? !amountsCompatible(a, b) : foundEarlier(kind, a, b)) continue;
          candidates++;
          const explanation = scorePair(a, b, options.mappings[a.doc.resource], options);
          if (explanation.duplicate) pairs.push({ a: list[i] as number, b: list[j] as number, explanation });
        }
      }
    }
  }
  return { groups: buildGroups(docs, pairs, options.mappings, options), pairs, candidates };
}
