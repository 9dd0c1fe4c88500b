import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { snap } from '../../fixtures/browser';
import { useAxePage } from '../landing/helpers';
import { listAndDetailPass, SCAN_DEADLINE_MS, signIn } from './helpers';

/**
 * Dubbelkoll's screens under the Fairway brand: the golf demo is on a tier with the duplicates
 * module (docs/duplicates.md#mirror), so its refresh reads the purchasing documents and the scan
 * finds the planted duplicates. Read only (other files share this demo club): the list and a
 * group's page with axe, in the language and skin the Dubbelkoll file's compact pass leaves out
 * (dubbelkoll.spec.ts runs the flows in sv/light).
 */
describe('Fairway: the duplicate groups of a golf club', () => {
  let page: Page;
  useAxePage((next) => {
    page = next;
  });

  for (const { lang, skin } of [
    { lang: 'sv', skin: 'light' },
    { lang: 'en', skin: 'dark' },
  ] as const) {
    it(
      `the list and a group's page pass axe in ${lang}/${skin}`,
      async () => {
        await signIn(page, 'fairway', lang, skin);
        await listAndDetailPass(page, lang, skin, 'fairway');
        await snap(page, `duplicates-fairway-detail-${lang}-${skin}`);
      },
      SCAN_DEADLINE_MS + 120_000,
    );
  }
});
