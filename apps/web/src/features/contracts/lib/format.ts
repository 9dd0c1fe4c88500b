/** A percent change from basis points, with its sign: +2,5 % / −10 %. */
export function formatPercentChange(basisPoints: number, lang: 'sv' | 'en'): string {
  const number = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'sv-SE', {
    maximumFractionDigits: 2,
    signDisplay: 'always',
  }).format(basisPoints / 100);
  return `${number} %`;
}
