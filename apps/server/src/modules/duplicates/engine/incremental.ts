import { amountsCompatible } from './amount';
import { type BlockKind, Blocks, foundEarlier, type KeyedDocument, keyDocument, positionsByDay } from './blocks';
import { DEFAULT_DETECTION, type DetectionOptions } from './detect';
import type { DuplicateDocument } from './model';
import { prepareDocument } from './prepare';
import { type PairExplanation, scorePair } from './score';

export interface IndexMatch {
  /** The earlier document the new one duplicates. */
  id: string;
  explanation: PairExplanation;
}

/**
 * The history's blocks kept in memory, so one new document is checked against the history at once:
 * its candidates are looked up in its own blocks (binary search on the date), not found by a scan
 * (docs/duplicates.md#incremental-check). The rules are those of `detectDuplicates`.
 */
export class DuplicateIndex {
  private readonly docs: KeyedDocument[] = [];
  private readonly blocks: Record<BlockKind, Blocks>;

  constructor(
    history: readonly DuplicateDocument[] = [],
    private readonly options: DetectionOptions = DEFAULT_DETECTION,
  ) {
    const dayOf = (position: number) => (this.docs[position] as KeyedDocument).day;
    this.blocks = { party: new Blocks(dayOf), reference: new Blocks(dayOf), ocr: new Blocks(dayOf) };
    const prepared = history.map((d) => keyDocument(prepareDocument(d), options.mappings));
    for (const position of positionsByDay(prepared.length, (p) => (prepared[p] as KeyedDocument).day)) {
      this.insert(prepared[position] as KeyedDocument);
    }
  }

  get size(): number {
    return this.docs.length;
  }

  /** The history's documents `document` duplicates, most confident first. The index is not changed. */
  check(document: DuplicateDocument): IndexMatch[] {
    const doc = keyDocument(prepareDocument(document), this.options.mappings);
    const window = this.options.dateWindowDays;
    if (Number.isNaN(doc.day)) return [];
    const seen = new Set<number>();
    const matches: IndexMatch[] = [];
    const consider = (position: number) => {
      if (seen.has(position)) return;
      seen.add(position);
      const other = this.docs[position] as KeyedDocument;
      if (other.doc.id === doc.doc.id) return;
      const explanation = scorePair(other, doc, this.options.mappings[doc.doc.resource], this.options);
      if (explanation.duplicate) matches.push({ id: other.doc.id, explanation });
    };
    for (const position of this.blocks.party.between(doc.partyKey, doc.day - window, doc.day + window)) {
      if (amountsCompatible(this.docs[position] as KeyedDocument, doc)) consider(position);
    }
    for (const [kind, key] of [
      ['reference', doc.referenceKey],
      ['ocr', doc.ocrKey],
    ] as const) {
      if (key === null || this.blocks[kind].size(key) > this.options.maxIdentifierBlock) continue;
      for (const position of this.blocks[kind].between(key, doc.day - window, doc.day + window)) {
        if (!foundEarlier(kind, this.docs[position] as KeyedDocument, doc)) consider(position);
      }
    }
    return matches.sort((x, y) => y.explanation.confidence - x.explanation.confidence);
  }

  /** Adds a document to the history (after it was checked, or when it was kept as not a duplicate). */
  add(document: DuplicateDocument): void {
    this.insert(keyDocument(prepareDocument(document), this.options.mappings));
  }

  private insert(doc: KeyedDocument): void {
    const position = this.docs.length;
    this.docs.push(doc);
    if (Number.isNaN(doc.day)) return;
    this.blocks.party.add(doc.partyKey, position);
    if (doc.referenceKey !== null) this.blocks.reference.add(doc.referenceKey, position);
    if (doc.ocrKey !== null) this.blocks.ocr.add(doc.ocrKey, position);
  }
}
