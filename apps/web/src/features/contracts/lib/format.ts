/** A `YYYY-MM-DD` date as the reader writes dates: unchanged in Swedish, 31/01/2026 in English. */
export function formatDate(iso: string | null | undefined, lang: 'sv' | 'en'): string {
  if (!iso) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.slice(0, 10));
  if (!match) return iso;
  return lang === 'en' ? `${match[3]}/${match[2]}/${match[1]}` : `${match[1]}-${match[2]}-${match[3]}`;
}

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
