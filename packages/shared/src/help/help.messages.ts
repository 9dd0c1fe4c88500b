import type { Lang } from '../constants';

/** Validation messages of the help content (blog, FAQ, video guides, screenshots, help texts). */
export const HELP_VALIDATION_MESSAGES = {
  slug: {
    sv: 'Får bara innehålla a–z, siffror och bindestreck (t.ex. koppla-fortnox)',
    en: 'May only contain a–z, digits and hyphens (e.g. connect-fortnox)',
  },
  help_key: {
    sv: 'Får bara innehålla a–z, siffror, punkt, bindestreck och understreck',
    en: 'May only contain a–z, digits, dots, hyphens and underscores',
  },
  asset_path: {
    sv: 'Ange en sökväg under /media/ eller /images/ (t.ex. /media/guides/koppla-fortnox.webm)',
    en: 'Enter a path under /media/ or /images/ (e.g. /media/guides/connect-fortnox.webm)',
  },
  help_category_unknown: { sv: 'Kategorin finns inte', en: 'The category does not exist' },
  help_slug_taken: { sv: 'Adressen används redan', en: 'The address is already in use' },
  chapters_order: {
    sv: 'Kapitlen måste börja vid 0 sekunder och komma i tidsordning inom videons längd',
    en: 'Chapters must start at 0 seconds and be in time order within the video length',
  },
} as const satisfies Record<string, Record<Lang, string>>;
