import { describe, expect, it } from 'vitest';
import { closeness, editDistance } from './distance';
import { dayNumber, normaliseAccount, normaliseOcr, normaliseReference, normaliseText, rowsSignature } from './normalise';

describe('normaliseReference', () => {
  it('ignores case, spaces, dashes and the leading zeros of each number', () => {
    const forms = ['INV-00042', 'inv 42', 'Inv-0042', ' INV42 ', 'inv_042', 'INV/42'];
    expect(new Set(forms.map(normaliseReference))).toEqual(new Set(['INV42']));
  });
  it('keeps the digits that tell two references apart', () => {
    expect(normaliseReference('2024-01')).not.toBe(normaliseReference('2024-10'));
    expect(normaliseReference('4711-1')).toBe('47111');
    expect(normaliseReference('A-100')).not.toBe(normaliseReference('A-10'));
  });
  it('keeps a lone zero and gives null for nothing', () => {
    expect(normaliseReference('0')).toBe('0');
    expect(normaliseReference(' - ')).toBeNull();
    expect(normaliseReference(null)).toBeNull();
  });
});

describe('normaliseOcr, normaliseAccount, normaliseText', () => {
  it('reads an OCR number as its digits without leading zeros', () => {
    expect(normaliseOcr('0012 3456 7897')).toBe('1234567897');
    expect(normaliseOcr('OCR: 1234-5678-97')).toBe('1234567897');
    expect(normaliseOcr('000')).toBeNull();
  });
  it('reads a bankgiro written with or without its dash as the same account', () => {
    expect(normaliseAccount('5050-1055')).toBe(normaliseAccount('50501055'));
    expect(normaliseAccount('se45 5000 0000 0583 9825 7466')).toBe('SE4550000000058398257466');
  });
  it('compares free text by its words', () => {
    expect(normaliseText('Hyra  januari, 2025!')).toBe('hyra januari 2025');
    expect(normaliseText('  ')).toBeNull();
  });
});

describe('dates and rows', () => {
  it('counts days between ISO dates', () => {
    expect(dayNumber('2025-03-01') - dayNumber('2025-02-28')).toBe(1);
    expect(dayNumber('2025-03-01T10:00:00')).toBe(dayNumber('2025-03-01'));
    expect(dayNumber('')).toBeNaN();
  });
  it('compares rows whatever their order', () => {
    expect(
      rowsSignature([
        { code: 'A1', amount: 100 },
        { code: 'B2', amount: 50 },
      ]),
    ).toBe(
      rowsSignature([
        { code: 'b2', amount: 50 },
        { code: 'a-1', amount: 100 },
      ]),
    );
    expect(rowsSignature([])).toBeNull();
  });
});

describe('edit distance (optimal string alignment)', () => {
  it('counts one typo and one swap of adjacent digits as one edit', () => {
    expect(editDistance('10234', '10284')).toBe(1);
    expect(editDistance('10234', '10324')).toBe(1);
    expect(editDistance('10234', '1023')).toBe(1);
    expect(editDistance('10234', '20134')).toBe(2);
  });
  it('is the restricted variant: a swapped pair is not edited again', () => {
    expect(editDistance('CA', 'ABC')).toBe(3);
  });
  it('calls short references different even one character apart', () => {
    expect(closeness('12', '13')).toBe('differ');
    expect(closeness('F10234', 'F10243')).toBe('near');
    expect(closeness('F10234', 'F10234')).toBe('equal');
    expect(closeness('F10234', 'F1023456')).toBe('differ');
  });
});
