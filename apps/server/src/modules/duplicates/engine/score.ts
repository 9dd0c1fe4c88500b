import { type AmountRelation, amountRelation } from './amount';
import { closeness } from './distance';
import { DUPLICATE_FIELDS, type DuplicateField, type FieldMapping } from './model';
import type { PreparedDocument } from './prepare';

/**
 * Field-by-field evidence, added up as log-odds (a Fellegi–Sunter style score): each compared field
 * adds its weight for "same", "nearly the same" or "different"; a field missing on either side, or
 * not in the resource's mapping, adds nothing and is listed as not compared. The weights and why
 * each is what it is: docs/duplicates.md#scoring.
 */
export const WEIGHTS = {
  /** Where the sum starts: two documents of one counterparty are not duplicates by default. */
  prior: -6,
  counterparty: { match: 2, differ: -3 },
  reference: { match: 5, near: 2, differ: -4 },
  ocr: { match: 5, near: 2, differ: -4 },
  bankAccount: { match: 1, differ: -2 },
  amount: { equal: 3, near: 2, vat: 1.5, differ: -6 },
  currency: { match: 0, differ: -8 },
  /** Same day, 1–3 days apart, within the window, beyond it (another period: rent, instalments). */
  date: { same: 1.5, close: 0.8, window: 0.2, beyond: -7 },
  dueDate: { same: 0.8, close: 0.3, differ: -1.5 },
  text: { match: 1, differ: -1 },
  rows: { match: 2, differ: -2 },
} as const;

export interface ScoringOptions {
  /** Dates further apart than this are different periods. */
  dateWindowDays: number;
  /** Confidence from which a pair is a duplicate. */
  threshold: number;
}

export const DEFAULT_SCORING: ScoringOptions = { dateWindowDays: 14, threshold: 0.9 };

const CLOSE_DAYS = 3;

export type FieldOutcome = 'match' | 'near' | 'differ' | 'not_compared';

/** Why a pair is not a duplicate whatever else matches. */
export type Veto = 'opposite_sign' | 'currency';

export interface PairExplanation {
  /** Sum of the field weights and the prior (log-odds). */
  score: number;
  /** 1 / (1 + e^−score), rounded to 3 decimals; 0 on a veto. */
  confidence: number;
  duplicate: boolean;
  matched: DuplicateField[];
  /** One edit apart (typo, swapped digits), the amount with/without VAT or rounded, dates close. */
  nearlyMatched: DuplicateField[];
  differing: DuplicateField[];
  notCompared: DuplicateField[];
  amount: AmountRelation;
  veto: Veto | null;
}

const comparedSets = new WeakMap<FieldMapping, ReadonlySet<DuplicateField>>();
function comparedSet(mapping: FieldMapping): ReadonlySet<DuplicateField> {
  let set = comparedSets.get(mapping);
  if (!set) {
    set = new Set(mapping.compared);
    comparedSets.set(mapping, set);
  }
  return set;
}

/** The fields that are the same or not (no "nearly"): exact comparison of their normal forms. */
const EXACT_FIELDS = ['counterparty', 'bankAccount', 'text', 'rows'] as const;

function textual(a: string | null, b: string | null, near: boolean): FieldOutcome {
  if (a === null || b === null) return 'not_compared';
  if (a === b) return 'match';
  if (!near) return 'differ';
  return closeness(a, b) === 'near' ? 'near' : 'differ';
}

function dayOutcome(a: number, b: number, window: number): { outcome: FieldOutcome; gap: number } {
  if (Number.isNaN(a) || Number.isNaN(b)) return { outcome: 'not_compared', gap: Number.NaN };
  const gap = Math.abs(a - b);
  return { outcome: gap === 0 ? 'match' : gap <= window ? 'near' : 'differ', gap };
}

export function scorePair(
  a: PreparedDocument,
  b: PreparedDocument,
  mapping: FieldMapping,
  options: ScoringOptions = DEFAULT_SCORING,
): PairExplanation {
  const outcomes = new Map<DuplicateField, FieldOutcome>();
  const compared = comparedSet(mapping);
  let score: number = WEIGHTS.prior;
  let veto: Veto | null = null;

  const relation = amountRelation(a, b);
  if (compared.has('amount')) {
    if (relation === 'opposite') veto = 'opposite_sign';
    if (relation === 'equal') score += WEIGHTS.amount.equal;
    else if (relation === 'near') score += WEIGHTS.amount.near;
    else if (relation === 'vat') score += WEIGHTS.amount.vat;
    else score += WEIGHTS.amount.differ;
    outcomes.set('amount', relation === 'equal' ? 'match' : relation === 'near' || relation === 'vat' ? 'near' : 'differ');
  }
  if (compared.has('currency')) {
    const same = a.currency === b.currency;
    if (!same) veto ??= 'currency';
    score += same ? WEIGHTS.currency.match : WEIGHTS.currency.differ;
    outcomes.set('currency', same ? 'match' : 'differ');
  }
  // Compared whole, same or not: a typo in a counterparty id, an account, free text or rows says
  // little, and the distance call is not free.
  for (const field of EXACT_FIELDS) {
    if (!compared.has(field)) continue;
    const o = textual(a[field], b[field], false);
    if (o === 'match') score += WEIGHTS[field].match;
    else if (o === 'differ') score += WEIGHTS[field].differ;
    outcomes.set(field, o);
  }
  for (const field of ['reference', 'ocr'] as const) {
    if (!compared.has(field)) continue;
    let o = textual(a[field], b[field], true);
    if (o === 'differ' && field === 'reference' && textual(a.compactReference, b.compactReference, true) === 'near') o = 'near';
    if (o !== 'not_compared') score += WEIGHTS[field][o];
    outcomes.set(field, o);
  }
  if (compared.has('date')) {
    const { outcome, gap } = dayOutcome(a.day, b.day, options.dateWindowDays);
    if (outcome === 'match') score += WEIGHTS.date.same;
    else if (outcome === 'near') score += gap <= CLOSE_DAYS ? WEIGHTS.date.close : WEIGHTS.date.window;
    else if (outcome === 'differ') score += WEIGHTS.date.beyond;
    outcomes.set('date', outcome);
  }
  if (compared.has('dueDate')) {
    const { outcome, gap } = dayOutcome(a.dueDay, b.dueDay, CLOSE_DAYS);
    if (outcome === 'match') score += WEIGHTS.dueDate.same;
    else if (outcome === 'near') score += gap <= CLOSE_DAYS ? WEIGHTS.dueDate.close : 0;
    else if (outcome === 'differ') score += WEIGHTS.dueDate.differ;
    outcomes.set('dueDate', outcome);
  }

  const confidence = veto ? 0 : Math.round(1000 / (1 + Math.exp(-score))) / 1000;
  const explanation: PairExplanation = {
    score: Math.round(score * 100) / 100,
    confidence,
    duplicate: veto === null && confidence >= options.threshold,
    matched: [],
    nearlyMatched: [],
    differing: [],
    notCompared: [],
    amount: relation,
    veto,
  };
  for (const field of DUPLICATE_FIELDS) {
    const outcome = outcomes.get(field) ?? 'not_compared';
    if (outcome === 'match') explanation.matched.push(field);
    else if (outcome === 'near') explanation.nearlyMatched.push(field);
    else if (outcome === 'differ') explanation.differing.push(field);
    else explanation.notCompared.push(field);
  }
  return explanation;
}
