import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrandServer } from '../../fixtures/brand-server';
import { snap } from '../../fixtures/browser';
import { seriousViolations, settled, useAxePage } from '../landing/helpers';
import { listAndDetailPass, openList, SCAN_DEADLINE_MS, signIn } from './helpers';

const SUPPLIER_INVOICES = '/dashboard/duplicates/supplier_invoice';
/** A handling is a job that writes to the Fortnox simulator under its rate limit: minutes at worst. */
const HANDLING_DEADLINE_MS = 300_000;

/**
 * Dubbelkoll's screens (docs/duplicates.md#screens) on a Dubbelkoll server of its own
 * (fixtures/brand-server.ts) with its demo company: "Dubbelkoll Demo AB" in the Fortnox simulator,
 * whose purchasing year has planted duplicates (docs/duplicates.md#demo-data). The server runs its
 * jobs, so the first refresh reads the documents and the scan finds the groups. The flows that
 * change the groups run in Swedish and light; the other language and skin get the list and a
 * group's page with axe. Each flow takes the first unresolved supplier-invoice group, which the
 * flows before it have resolved out of the list.
 */
describe('Dubbelkoll: duplicate groups, handled in the accounting program', () => {
  let page: Page;
  const origin = useBrandServer({ brand: 'dubbelkoll', seedDemo: true, runWorkers: true });
  useAxePage((next) => {
    page = next;
  }, origin);

  /** The first unresolved supplier-invoice group's transaction ID, from its link in the list. */
  const firstGroup = async () => {
    await openList(page, 'sv', SUPPLIER_INVOICES);
    const link = page.getByRole('link', { name: /^Öppna dubblettgruppen / }).first();
    const name = ((await link.getAttribute('aria-label')) ?? '').replace(/^Öppna dubblettgruppen /, '');
    return { link, name };
  };

  it(
    'lists the groups the scan found and shows one side by side (sv/light)',
    async () => {
      await signIn(page, 'dubbelkoll');
      await listAndDetailPass(page, 'sv', 'light', 'dubbelkoll', SUPPLIER_INVOICES);
      // The original and its duplicate are columns of their own, the duplicate with its actions.
      await page.getByRole('columnheader', { name: /^Original: Leverantörsfaktura / }).waitFor();
      await page
        .getByRole('button', { name: /^Leverantörsfaktura .+ är inte en dubblett$/ })
        .first()
        .waitFor();
      await snap(page, 'duplicates-dubbelkoll-detail-sv-light');
    },
    SCAN_DEADLINE_MS + 120_000,
  );

  it(
    'handles a whole group from the list: the plan, the confirmation, the outcome',
    async () => {
      await signIn(page, 'dubbelkoll');
      const { name } = await firstGroup();
      await page.getByRole('button', { name: `Åtgärder för ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Hantera i bokföringsprogrammet' }).click();

      const dialog = page.getByRole('dialog', { name: 'Hantera dubbletterna' });
      const plan = dialog.getByRole('list', { name: 'Vad som händer per dokument' });
      await plan
        .getByText(/^Leverantörsfaktura .+ (makuleras|krediteras) i Fortnox\.$/)
        .first()
        .waitFor();
      expect(await seriousViolations(page, '[role="dialog"]'), 'handling dialog').toEqual([]);
      await snap(page, 'duplicates-dubbelkoll-handle-group-plan');
      await dialog.getByRole('button', { name: 'Hantera i Fortnox' }).click();

      await dialog.getByText('Hanterat', { exact: true }).waitFor({ timeout: HANDLING_DEADLINE_MS });
      await dialog.getByText(/^Hanterat i Fortnox: .+\.$/).waitFor();
      // The footer's Close (the title bar's close button has the same name).
      await dialog.getByRole('button', { name: 'Stäng' }).last().click();
      await dialog.waitFor({ state: 'hidden' });

      // Resolved: gone from the unresolved list, and its page says so with the duplicate handled.
      await page.getByRole('link', { name: `Öppna dubblettgruppen ${name}` }).waitFor({ state: 'detached' });
      await page.goto(`${SUPPLIER_INVOICES}?status=solved`);
      await page.getByRole('link', { name: `Öppna dubblettgruppen ${name}` }).click();
      await page.getByRole('heading', { level: 1, name: /^Dubblettgrupp / }).waitFor();
      await page.getByText('Löst', { exact: true }).first().waitFor();
      await page.getByText('Hanterad', { exact: true }).first().waitFor();
    },
    SCAN_DEADLINE_MS + HANDLING_DEADLINE_MS,
  );

  it(
    'handles one duplicate from its group page',
    async () => {
      await signIn(page, 'dubbelkoll');
      const { link } = await firstGroup();
      await link.click();
      await page.getByRole('heading', { level: 1, name: /^Dubblettgrupp / }).waitFor();
      await settled(page);
      const handle = page.getByRole('button', { name: /^Hantera Leverantörsfaktura .+ i Fortnox$/ }).first();
      const label = (await handle.getAttribute('aria-label')) ?? '';
      const document = label.replace(/^Hantera /, '').replace(/ i Fortnox$/, '');
      await handle.click();

      const dialog = page.getByRole('dialog', { name: `Hantera ${document}` });
      await dialog.getByText(new RegExp(`^${document} (makuleras|krediteras) i Fortnox\\.$`)).waitFor();
      await dialog.getByRole('button', { name: 'Hantera i Fortnox' }).click();
      await dialog.getByText('Hanterat', { exact: true }).waitFor({ timeout: HANDLING_DEADLINE_MS });
      expect(await seriousViolations(page, '[role="dialog"]'), 'handling dialog, done').toEqual([]);
      // The footer's Close (the title bar's close button has the same name).
      await dialog.getByRole('button', { name: 'Stäng' }).last().click();

      // The page is read again: the duplicate is handled and has no actions left.
      await page.getByText('Hanterad', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: label }).waitFor({ state: 'detached' });
    },
    SCAN_DEADLINE_MS + HANDLING_DEADLINE_MS,
  );

  it(
    'marks a duplicate as not one, and a group as resolved and back',
    async () => {
      await signIn(page, 'dubbelkoll');
      const { link, name } = await firstGroup();
      await link.click();
      await page.getByRole('heading', { level: 1, name: /^Dubblettgrupp / }).waitFor();
      await settled(page);
      const notOne = page.getByRole('button', { name: /^Leverantörsfaktura .+ är inte en dubblett$/ }).first();
      const document = ((await notOne.getAttribute('aria-label')) ?? '').replace(/ är inte en dubblett$/, '');
      await notOne.click();
      const ask = page.getByRole('dialog', { name: 'Inte en dubblett?' });
      await ask.getByRole('button', { name: 'Inte en dubblett' }).click();
      await page.getByText(`${document} är markerad som inte en dubblett.`).waitFor();
      await page.getByText('Inte en dubblett', { exact: true }).first().waitFor();
      expect(name).not.toBe('');

      // Another group, from the list's row menu: resolved, then unresolved again.
      const next = await firstGroup();
      await page.getByRole('button', { name: `Åtgärder för ${next.name}` }).click();
      await page.getByRole('menuitem', { name: 'Markera som löst' }).click();
      await page.getByText('Gruppen är markerad som löst.').waitFor();
      await page.getByRole('link', { name: `Öppna dubblettgruppen ${next.name}` }).waitFor({ state: 'detached' });
      await page.goto(`${SUPPLIER_INVOICES}?status=solved`);
      await page.getByRole('button', { name: `Åtgärder för ${next.name}` }).click();
      await page.getByRole('menuitem', { name: 'Markera som olöst' }).click();
      await page.getByText('Gruppen är markerad som olöst.').waitFor();
    },
    SCAN_DEADLINE_MS + 120_000,
  );

  for (const { lang, skin } of [
    { lang: 'en', skin: 'light' },
    { lang: 'sv', skin: 'dark' },
  ] as const) {
    it(
      `the list and a group's page pass axe in ${lang}/${skin}`,
      async () => {
        await signIn(page, 'dubbelkoll', lang, skin);
        await listAndDetailPass(page, lang, skin, 'dubbelkoll');
        await snap(page, `duplicates-dubbelkoll-detail-${lang}-${skin}`);
      },
      SCAN_DEADLINE_MS + 120_000,
    );
  }
});
