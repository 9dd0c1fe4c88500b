import { describe, expect, it } from 'vitest';
import { editDistance, normaliseReference } from '../../apps/server/src/modules/duplicates/engine';
import {
  createRandom,
  DOCUMENT_KINDS,
  makeDuplicateLedger,
  makeProbes,
  NOISES,
  reformat,
  swapDigits,
  typo,
} from './duplicate-data';
import { scorePairs, truePairCount } from './pair-metrics';

const kind = (k: (typeof DOCUMENT_KINDS)[number]) => DOCUMENT_KINDS.indexOf(k);

describe('the labelled duplicate ledger', () => {
  const ledger = makeDuplicateLedger({ documents: 20_000, seed: 5 });
  const { documents, labels, kinds } = ledger;

  it('is the same for the same seed and has the size asked for, with unique ids', () => {
    expect(makeDuplicateLedger({ documents: 20_000, seed: 5 })).toEqual(ledger);
    expect(documents).toHaveLength(20_000);
    expect(new Set(documents.map((d) => d.id)).size).toBe(20_000);
    expect(makeDuplicateLedger({ documents: 1_000, seed: 6 }).documents).not.toEqual(documents.slice(0, 1_000));
  });

  it('labels each duplicate with its original, an earlier ordinary document of the same resource', () => {
    let duplicates = 0;
    kinds.forEach((k, i) => {
      if (k !== kind('duplicate')) {
        expect(labels[i]).toBe(i);
        return;
      }
      duplicates++;
      const original = labels[i] as number;
      expect(original).toBeLessThan(i);
      expect(kinds[original]).toBe(kind('plain'));
      expect(documents[i]?.resource).toBe(documents[original]?.resource);
      expect(ledger.noiseBits[i]).toBeGreaterThan(0);
    });
    expect(duplicates / documents.length).toBeGreaterThan(0.015);
    expect(Object.values(ledger.noise).every((n) => n > 0)).toBe(true);
  });

  it('copies an "exact" duplicate whole, apart from its id (and a customer invoice’s new OCR)', () => {
    const exact = 1 << NOISES.indexOf('exact');
    const samples = [...kinds.keys()].filter((i) => ledger.noiseBits[i] === exact);
    expect(samples.length).toBeGreaterThan(20);
    for (const i of samples) {
      const { id: _a, ocr: _o, ...copy } = documents[i] as (typeof documents)[number];
      const { id: _b, ocr: _p, ...original } = documents[labels[i] as number] as (typeof documents)[number];
      expect(copy).toEqual(original);
    }
  });

  it('makes rent a series of one supplier and amount, each month its own reference', () => {
    const rent = documents.filter((_, i) => kinds[i] === kind('rent'));
    const byParty = new Map<string, typeof rent>();
    for (const d of rent) {
      const key = `${d.counterpartyId}|${d.amount}`;
      byParty.set(key, [...(byParty.get(key) ?? []), d]);
    }
    const series = [...byParty.values()].filter((s) => s.length >= 12);
    expect(series.length).toBeGreaterThan(3);
    for (const s of series) {
      const days = s.map((d) => Date.parse(d.date) / 86_400_000);
      for (let i = 1; i < days.length; i++) expect((days[i] as number) - (days[i - 1] as number)).toBeGreaterThanOrEqual(26);
      expect(new Set(s.map((d) => d.reference)).size).toBe(s.length);
    }
  });

  it('follows every credit note with the negated amount of the invoice before it', () => {
    const credits = [...kinds.keys()].filter((i) => kinds[i] === kind('credit'));
    expect(credits.length).toBeGreaterThan(50);
    for (const i of credits) expect(documents[i]?.amount).toBe(-(documents[i - 1]?.amount as number));
  });

  it('gives re-entered probes the ids of their original’s group and new probes none', () => {
    const probes = makeProbes(ledger, 40);
    expect(probes.filter((p) => p.duplicates.size > 0)).toHaveLength(20);
    for (const p of probes) {
      for (const id of p.duplicates)
        expect(labels[documents.findIndex((d) => d.id === id)]).toBe(
          labels[documents.findIndex((d) => d.id === [...p.duplicates][0])],
        );
      if (p.duplicates.size === 0) expect(p.doc.id.startsWith('new-')).toBe(true);
    }
  });
});

describe('the noise', () => {
  const r = createRandom(3);
  it('makes one typo, one swap of adjacent digits, or the same reference written another way', () => {
    for (const reference of ['F-10234', '2025-81324', 'INV00012345', 'Fakt 40409', '98765']) {
      expect(editDistance(normaliseReference(reference) ?? '', normaliseReference(typo(r, reference)) ?? '')).toBe(1);
      const swapped = swapDigits(r, reference);
      expect(swapped).not.toBe(reference);
      expect(editDistance(reference, swapped)).toBe(1);
      const other = reformat(r, reference);
      expect(other).not.toBe(reference);
      expect(normaliseReference(other)).toBe(normaliseReference(reference));
    }
  });
});

describe('precision and recall on pairs', () => {
  it('counts the pairs a group claims and those its labels confirm', () => {
    // True groups: {0,1,2} (3 pairs) and {4,5} (1 pair).
    const labels = [0, 0, 0, 3, 4, 4];
    expect(truePairCount(labels)).toBe(4);
    const score = scorePairs(
      [
        [0, 1],
        [2, 3],
        [4, 5],
      ],
      labels,
    );
    expect(score).toEqual({ truePairs: 4, predictedPairs: 3, correctPairs: 2, precision: 2 / 3, recall: 0.5 });
    expect(scorePairs([[0, 1, 2, 3]], labels)).toMatchObject({
      predictedPairs: 6,
      correctPairs: 3,
      precision: 0.5,
      recall: 0.75,
    });
  });

  it('calls no claim precise and nothing to find fully recalled', () => {
    expect(scorePairs([], [0, 1, 2])).toMatchObject({ precision: 1, recall: 1 });
    expect(scorePairs([], [0, 0])).toMatchObject({ precision: 1, recall: 0 });
  });
});
