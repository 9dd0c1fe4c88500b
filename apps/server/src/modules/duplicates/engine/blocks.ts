import { amountsCompatible } from './amount';
import type { FieldMappings } from './model';
import type { PreparedDocument } from './prepare';

/**
 * The blocks that make candidate pairs (docs/duplicates.md#blocking). Every block is a list of
 * document positions sorted by date, and only documents within the date window of each other in
 * one block are candidates:
 * - by counterparty (or, for a resource compared without one, by the amount), where the amounts
 *   must also be compatible: equal, rounded, or with and without VAT;
 * - by normalised reference and by normalised OCR, whatever the counterparty and amount, so a
 *   document booked on the wrong supplier or with its amount excl. VAT is still found.
 * Keys start with the resource: documents of different resources are never compared.
 */
export interface BlockKeys {
  partyKey: string;
  referenceKey: string | null;
  ocrKey: string | null;
}

export function blockKeys(p: PreparedDocument, mappings: FieldMappings): BlockKeys {
  const resource = p.doc.resource;
  const mapping = mappings[resource];
  const compared = mapping.compared;
  const partyKey =
    compared.includes('counterparty') && p.counterparty !== null
      ? `${resource}|p|${p.counterparty}`
      : `${resource}|a|${Math.abs(p.amount)}`;
  return {
    partyKey,
    referenceKey: compared.includes('reference') && p.reference !== null ? `${resource}|r|${p.reference}` : null,
    ocrKey: compared.includes('ocr') && p.ocr !== null ? `${resource}|o|${p.ocr}` : null,
  };
}

/** Which block made a candidate pair; a pair found by several is scored once, by the first. */
export type BlockKind = 'party' | 'reference' | 'ocr';

/** Whether a pair found in `kind`'s block was already a candidate of an earlier block. */
export function foundEarlier(kind: BlockKind, a: KeyedDocument, b: KeyedDocument): boolean {
  if (kind === 'party') return false;
  if (a.partyKey === b.partyKey && amountsCompatible(a, b)) return true;
  return kind === 'ocr' && a.referenceKey !== null && a.referenceKey === b.referenceKey;
}

export type KeyedDocument = PreparedDocument & BlockKeys;

export function keyDocument(p: PreparedDocument, mappings: FieldMappings): KeyedDocument {
  return Object.assign(p, blockKeys(p, mappings));
}

/**
 * Block key → positions, kept sorted by day. Most references and OCR numbers are one document's
 * only, so a block of one is kept as the bare position, not an array (a million arrays of one
 * cost the collector more than the rest of the detection).
 */
export class Blocks {
  private readonly lists = new Map<string, number | number[]>();

  constructor(private readonly dayOf: (position: number) => number) {}

  add(key: string, position: number): void {
    const entry = this.lists.get(key);
    if (entry === undefined) {
      this.lists.set(key, position);
      return;
    }
    const list = typeof entry === 'number' ? [entry] : entry;
    if (list !== entry) this.lists.set(key, list);
    const day = this.dayOf(position);
    if (this.dayOf(list[list.length - 1] as number) <= day) list.push(position);
    else list.splice(this.bound(list, day, true), 0, position);
  }

  /** How many documents carry `key`. */
  size(key: string): number {
    const entry = this.lists.get(key);
    return entry === undefined ? 0 : typeof entry === 'number' ? 1 : entry.length;
  }

  /** The blocks of two or more documents. */
  *multiples(): Generator<readonly number[]> {
    for (const entry of this.lists.values()) if (typeof entry !== 'number') yield entry;
  }

  /** Positions in `key`'s block dated `from`…`to` (days, inclusive). */
  *between(key: string, from: number, to: number): Generator<number> {
    const entry = this.lists.get(key);
    if (entry === undefined) return;
    const list = typeof entry === 'number' ? [entry] : entry;
    for (let i = this.bound(list, from, false); i < list.length; i++) {
      const position = list[i] as number;
      if (this.dayOf(position) > to) return;
      yield position;
    }
  }

  /** First index whose day ≥ `day` (or > `day` when `after`). */
  private bound(list: readonly number[], day: number, after: boolean): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const d = this.dayOf(list[mid] as number);
      if (d < day || (after && d === day)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * Positions in date order (ties in input order), sorted as numbers: day × 2²¹ + position fits a
 * double exactly for two million documents and any date of this millennium.
 */
export function positionsByDay(count: number, dayOf: (position: number) => number): Int32Array {
  if (count >= 2 ** 21) throw new Error('positionsByDay: more than 2,097,151 documents');
  const keys = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const day = dayOf(i);
    keys[i] = (Number.isNaN(day) ? 0 : day) * 2 ** 21 + i;
  }
  keys.sort();
  const order = new Int32Array(count);
  for (let i = 0; i < count; i++) order[i] = (keys[i] as number) % 2 ** 21;
  return order;
}
