import type { Lang } from '../constants';

/** Messages of the GIT → accounting sync and of the GIT refresh; part of VALIDATION_MESSAGES. */
export const GIT_SYNC_VALIDATION_MESSAGES = {
  git_sync_bases_required: { sv: 'Välj ett eller flera fakturaunderlag', en: 'Kindly select one or more invoice bases' },
  git_sync_too_many_bases: {
    sv: 'Välj högst {max} fakturaunderlag åt gången',
    en: 'Select at most {max} invoice bases at a time',
  },
  git_sync_article_unknown: {
    sv: 'Artikeln {number} finns inte i bokföringsprogrammet',
    en: 'Article {number} does not exist in the accounting program',
  },
  git_sync_git_article_unknown: {
    sv: 'GIT-artikeln {code} finns inte',
    en: 'The GIT article {code} does not exist',
  },
  /** A refresh from GIT that succeeded without creating or changing anything (the GIT page's settings tab). */
  git_refresh_no_updates: { sv: 'Det finns inga uppdateringar', en: 'There are no updates' },
} as const satisfies Record<string, Record<Lang, string>>;
