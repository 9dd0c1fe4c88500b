import { describe, expect, it } from 'vitest';
import { detectDuplicates } from './detect';
import { exactDuplicateGroups } from './exact';
import { DuplicateIndex } from './incremental';
import type { DuplicateDocument } from './model';

const doc = (id: string, changes: Partial<DuplicateDocument> = {}): DuplicateDocument => ({
  resource: 'supplier_invoice',
  id,
  counterpartyId: 'S-1',
  reference: `R-${id}`,
  ocr: null,
  bankAccount: '5050-1055',
  amount: 100_000 + Number(id.replace(/\D/g, '')) * 1_337,
  vatAmount: null,
  date: '2025-05-05',
  ...changes,
});

/** Rent of one supplier for a year, plus one month entered twice (the second time with a typo, on another supplier). */
function ledger(): DuplicateDocument[] {
  const docs: DuplicateDocument[] = [];
  for (let month = 1; month <= 12; month++) {
    const mm = String(month).padStart(2, '0');
    docs.push(
      doc(`rent-${mm}`, {
        reference: `HY2025${mm}`,
        ocr: `55${mm}0019`,
        amount: 2_500_000,
        vatAmount: 500_000,
        date: `2025-${mm}-01`,
        text: `Hyra ${mm}`,
      }),
    );
  }
  docs.push(
    doc('x1', {
      counterpartyId: 'S-2',
      reference: 'HY202503',
      ocr: '5503001' + '9',
      amount: 2_500_000,
      date: '2025-03-04',
      text: 'Hyra 03',
    }),
  );
  docs.push(doc('x2', { reference: 'HY202530', ocr: '55030019', amount: 2_000_000, date: '2025-03-02', text: 'Hyra 03' }));
  docs.push(doc('credit', { reference: 'HY202503', amount: -2_500_000, date: '2025-03-02', text: 'Kredit hyra 03' }));
  for (let i = 0; i < 20; i++)
    docs.push(doc(`n${i}`, { counterpartyId: `S-${10 + (i % 3)}`, date: `2025-03-${String(1 + i).padStart(2, '0')}` }));
  return docs;
}

describe('detectDuplicates', () => {
  it('groups the entries of one invoice under the earliest, and nothing else', () => {
    const docs = ledger();
    const { groups } = detectDuplicates(docs);
    expect(groups).toHaveLength(1);
    const [group] = groups;
    expect(group?.originalId).toBe('rent-03');
    expect(group?.transactionId).toBe('HY202503');
    expect(group?.duplicates.map((d) => d.id).sort()).toEqual(['x1', 'x2']);
    // x1 is on another supplier; x2 has swapped digits and the amount excl. VAT.
    expect(group?.differing).toEqual(['counterparty']);
    expect(group?.nearlyMatched).toEqual(expect.arrayContaining(['reference', 'amount', 'date']));
    expect(group?.notCompared).toEqual(expect.arrayContaining(['dueDate', 'rows']));
    expect(group?.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('orders a group by date whatever order the documents come in', () => {
    const { groups } = detectDuplicates(ledger().reverse());
    expect(groups.map((g) => g.originalId)).toEqual(['rent-03']);
  });

  it('leaves a document without a readable date out', () => {
    const a = doc('d1', { date: 'okänt' });
    expect(detectDuplicates([a, { ...a, id: 'd2' }, { ...a, id: 'd3' }]).groups).toEqual([]);
    expect(new DuplicateIndex([a]).check({ ...a, id: 'd4' })).toEqual([]);
  });

  it('never pairs documents of different resources', () => {
    const a = doc('a1', { reference: 'X-1000' });
    const b = { ...a, id: 'b1', resource: 'voucher' as const };
    expect(detectDuplicates([a, b]).groups).toEqual([]);
  });
});

describe('DuplicateIndex', () => {
  it('checks a new document against the history, and learns what is added', () => {
    const index = new DuplicateIndex(ledger());
    const again = doc('new', {
      reference: 'hy-2025-07',
      ocr: '55070019',
      amount: 2_500_000,
      date: '2025-07-02',
      text: 'Hyra 07',
    });
    expect(index.check(again).map((m) => m.id)).toEqual(['rent-07']);
    const fresh = doc('new2', { reference: 'HY202601', ocr: '55130019', amount: 2_500_000, date: '2026-01-01', text: 'Hyra 01' });
    expect(index.check(fresh)).toEqual([]);
    index.add(fresh);
    expect(index.check({ ...fresh, id: 'new3' }).map((m) => m.id)).toEqual(['new2']);
    expect(index.size).toBe(ledger().length + 1);
  });

  it('agrees with full detection on which pairs are duplicates', () => {
    const docs = ledger();
    const full = detectDuplicates(docs).pairs.length;
    const index = new DuplicateIndex();
    let found = 0;
    for (const d of [...docs].sort((x, y) => x.date.localeCompare(y.date))) {
      found += index.check(d).length;
      index.add(d);
    }
    expect(found).toBe(full);
  });
});

describe('exactDuplicateGroups', () => {
  it('finds only entries equal in counterparty, reference, date and amount', () => {
    const a = doc('1', { reference: 'F-1', date: '2025-01-01', amount: 500 });
    const docs = [a, { ...a, id: '2' }, { ...a, id: '3', reference: 'f1' }, { ...a, id: '4', date: '2025-01-02' }];
    expect(exactDuplicateGroups(docs)).toEqual([[0, 1]]);
  });
});
