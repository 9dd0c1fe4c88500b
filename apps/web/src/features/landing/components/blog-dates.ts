import type { Lang } from '@fairway/shared';

/** "3 mars 2026" / "3 March 2026": a post's date as people say it, in Swedish time. */
export function formatPublished(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'sv-SE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Stockholm',
  }).format(new Date(iso));
}
