import { brand } from '../../../app/brand';
import { usePageMeta } from '../../../lib/use-page-meta';

/** The tab title of a sign-in screen, e.g. "Logga in · Fairway", and its description for search results when it has one. */
export function useAuthTitle(title: string, description?: string): void {
  usePageMeta({ title: `${title} · ${brand.name}`, description });
}
