/** What we charge a club besides the package (docs/subscriptions.md#terms), in öre ex VAT. */
export const BILLING_PRICES_ORE = {
  annualLicence: 300_000,
  installation: 150_000,
  onboarding: 150_000,
  supportPerHour: 150_000,
} as const;

/** One formatter per language and decimals: building an `Intl.NumberFormat` costs far more than using one. */
const sekFormats = new Map<string, Intl.NumberFormat>();

/** Öre as kronor for people: "1 234,50 kr" in Swedish, "SEK 1,234.50" in English. */
export function formatSek(ore: number, lang: 'sv' | 'en'): string {
  const decimals = ore % 100 === 0 ? 0 : 2;
  const key = `${lang}:${decimals}`;
  let format = sekFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'en' ? 'en-SE' : 'sv-SE', {
      style: 'currency',
      currency: 'SEK',
      minimumFractionDigits: decimals,
      maximumFractionDigits: 2,
    });
    sekFormats.set(key, format);
  }
  // + 0 turns a negative zero (the VAT of a 0 % credit row) into "0 kr", not "-0 kr".
  return format.format(ore / 100 + 0);
}
