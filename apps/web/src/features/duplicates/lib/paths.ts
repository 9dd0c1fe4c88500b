import type { DuplicateResource } from '@fairway/shared';

/** Dubbelkoll's pages (docs/web-app.md#routes). */
export const DUPLICATE_PATHS = {
  home: '/dashboard/duplicates',
  resource: (resource: DuplicateResource) => `/dashboard/duplicates/${resource}`,
  detail: (id: string) => `/dashboard/duplicates/detail/${encodeURIComponent(id)}`,
};
