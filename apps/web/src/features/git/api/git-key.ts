/** Every cached GIT list, occasion and run; invalidate after any change to the portal's copy of GIT. */
export const gitKey = ['git'] as const;

/** What a GIT list is asked: paging, search and its filters, without empty values. */
export type GitListQuery = Record<string, string | number | undefined>;
