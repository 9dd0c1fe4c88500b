/** A `YYYY-MM-DD` date as the reader writes dates: unchanged in Swedish, 31/01/2026 in English. */
export function formatDate(iso: string | null | undefined, lang: 'sv' | 'en'): string {
  if (!iso) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.slice(0, 10));
  if (!match) return iso;
  return lang === 'en' ? `${match[3]}/${match[2]}/${match[1]}` : `${match[1]}-${match[2]}-${match[3]}`;
}
