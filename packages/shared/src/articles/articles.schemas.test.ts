import { describe, expect, it } from 'vitest';
import {
  articleMarginBasisPoints,
  createArticleBodySchema,
  eanCheckDigit,
  isValidEan,
  updateArticleBodySchema,
} from './articles.schemas';

const errorsOf = (body: unknown) => {
  const result = createArticleBodySchema.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('EAN', () => {
  it('accepts EAN-13, EAN-8, UPC-A and GTIN-14 with their check digit', () => {
    expect(isValidEan('7310865004703')).toBe(true);
    expect(isValidEan('73513537')).toBe(true);
    expect(isValidEan('036000291452')).toBe(true);
    expect(isValidEan('17310865004700')).toBe(true);
    expect(eanCheckDigit('731086500470')).toBe(3);
  });

  it('refuses a wrong check digit, letters and other lengths', () => {
    expect(isValidEan('7310865004704')).toBe(false);
    expect(isValidEan('731086500470X')).toBe(false);
    expect(isValidEan('73108650047')).toBe(false);
    expect(isValidEan('')).toBe(false);
  });
});

describe('margin', () => {
  it('is (sales − purchase) / sales in basis points, rounded', () => {
    expect(articleMarginBasisPoints(10_000, 6_000)).toBe(4_000);
    expect(articleMarginBasisPoints(30_000, 10_000)).toBe(6_667);
    expect(articleMarginBasisPoints(10_000, 12_500)).toBe(-2_500);
  });

  it('is unknown without both prices, with a zero sales price, or with no purchase price (0)', () => {
    expect(articleMarginBasisPoints(null, 100)).toBeNull();
    expect(articleMarginBasisPoints(100, null)).toBeNull();
    expect(articleMarginBasisPoints(0, 50)).toBeNull();
    expect(articleMarginBasisPoints(100, 0)).toBeNull();
  });
});

describe('article body', () => {
  it('fills defaults and turns empty text into null', () => {
    const parsed = createArticleBodySchema.parse({ description: ' Range balls ', ean: '', unit: '' });
    expect(parsed).toMatchObject({
      number: '',
      description: 'Range balls',
      type: 'STOCK',
      vatPercent: 25,
      ean: null,
      unit: null,
      active: true,
      discontinued: false,
    });
  });

  it('names every wrong field at once', () => {
    expect(
      errorsOf({
        number: 'ÅÄÖ 1',
        description: '',
        ean: '7310865004704',
        vatPercent: 20,
        salesAccountSe: '30011',
        purchaseAccount: '40a0',
        salesPriceOre: -1,
        orderPointHundredths: -100,
        widthMm: 1.5,
      }),
    ).toEqual({
      number: 'article_number',
      description: 'required',
      ean: 'ean',
      vatPercent: 'vat_rate',
      salesAccountSe: expect.stringMatching(/^(max|digits)/),
      purchaseAccount: 'digits|{"length":4}',
      salesPriceOre: 'positive',
      orderPointHundredths: 'positive',
      widthMm: expect.any(String),
    });
  });

  it('refuses unknown fields and a number on update', () => {
    expect(updateArticleBodySchema.safeParse({ description: 'x', number: '1' }).success).toBe(false);
    expect(createArticleBodySchema.safeParse({ description: 'x', colour: 'red' }).success).toBe(false);
  });
});
