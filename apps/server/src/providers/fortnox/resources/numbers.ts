import { createHash } from 'node:crypto';

/**
 * The article number a create without one gets. Fortnox articles have no field for another
 * system's reference, so the number itself carries it: the same `externalRef` always gives the
 * same number, a retry after a lost answer finds the article, and a second one cannot be made.
 */
export function articleNumberFor(externalRef: string): string {
  return `FW${createHash('sha256').update(externalRef).digest('hex').slice(0, 10).toUpperCase()}`;
}
