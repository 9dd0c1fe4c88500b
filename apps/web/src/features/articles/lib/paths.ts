/** The articles pages (spec §2; "acounting" is spelled so in the spec). */
export const ARTICLE_PATHS = {
  list: '/dashboard/acounting/article',
  create: '/dashboard/acounting/article/create',
  edit: (id: string) => `/dashboard/acounting/article/edit/${encodeURIComponent(id)}`,
} as const;
