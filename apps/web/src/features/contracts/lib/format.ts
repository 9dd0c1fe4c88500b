/** A percent change from basis points, with its sign: +2,5 % / −10 %. */
export function formatPercentChange(basisPoints: number, lang: 'sv' | 'en'): string {
  const number = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'sv-SE', {
    maximumFractionDigits: 2,
    signDisplay: 'always',
  }).format(basisPoints / 100);
  return `${number} %`;
}

/** Today in Stockholm as `YYYY-MM-DD` (the server's "today" for schedules). */
export function todayInStockholm(now = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(now);
}
