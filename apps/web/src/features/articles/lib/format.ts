/** Display formats of the articles pages: quantities are hundredths, margins basis points. */
const locale = (lang: string) => (lang === 'en' ? 'en-GB' : 'sv-SE');

/** 1250 → "12,5" (sv) / "12.5" (en). */
export function formatQuantity(hundredths: number, lang: string): string {
  return new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 2 }).format(hundredths / 100);
}

/** 4550 → "45,5 %" (sv) / "45.5%" (en). */
export function formatMargin(basisPoints: number, lang: string): string {
  return new Intl.NumberFormat(locale(lang), { style: 'percent', maximumFractionDigits: 1 }).format(basisPoints / 10_000);
}
