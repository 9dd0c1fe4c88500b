/** The articles pages ("acounting" is spelled so on purpose; docs/web-app.md#routes). */
export const ARTICLE_PATHS = {
  list: '/dashboard/acounting/article',
  create: '/dashboard/acounting/article/create',
  edit: (id: string) => `/dashboard/acounting/article/edit/${encodeURIComponent(id)}`,
} as const;
