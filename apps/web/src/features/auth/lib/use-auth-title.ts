import { useDocumentTitle } from '@mantine/hooks';
import { brand } from '../../../app/brand';

/** The tab title of a sign-in screen, e.g. "Logga in · Fairway". */
export function useAuthTitle(title: string): void {
  useDocumentTitle(`${title} · ${brand.name}`);
}
