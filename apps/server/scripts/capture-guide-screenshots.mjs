#!/usr/bin/env node
// Takes the screenshots the video guides are made of, from a running demo of the product (a fresh
// `npm start`: the demo organisation, its simulators and the platform admin, whose own organisation
// has no accounting connection yet, so connecting Fortnox can be filmed). Writes
// docs/images/guides/<guide>-<n>.png at 1280×720; make-video-guides.sh turns them into films.
//
//   BASE_URL=http://127.0.0.1:3000 node apps/server/scripts/capture-guide-screenshots.mjs
//   ONLY=owner … only the owner's guides (Fortnox can be connected once per demo database)
//
// Each step is what a user does in that chapter; the film's captions describe the same step.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const ONLY = process.env.ONLY;
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/images/guides');
mkdirSync(OUT, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

async function session(email, password) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 720 } });
  // The maintenance notice is on by default; the films show the pages without it.
  await context.addInitScript(() => localStorage.setItem('maintenanceDismissed', 'true'));
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/^E-postadress/).fill(email);
  await page.getByLabel(/^Lösenord( \*)?$/).fill(password);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
  return { context, page };
}

async function shot(page, name) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`  ${name}.png`);
}

/** Retries until the demo's first GIT refresh has written what the step needs. */
async function eventually(step, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await step();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

const rows = (page, table) => page.getByRole('table', { name: table }).locator('tbody tr:not(.mantine-datatable-empty-row)');

if (!ONLY || ONLY === 'editor') {
  console.log('koppla-fortnox');
  const { context, page } = await session('editor@demo.fairway.se', 'Fairway!Editor1');
  await page.goto('/dashboard/configuration/integrations');
  await page.getByRole('button', { name: 'Anslut Fortnox' }).waitFor();
  await shot(page, 'koppla-fortnox-1');
  await page.getByRole('button', { name: 'Anslut Fortnox' }).click();
  // Fortnox's consent page (the demo's Fortnox simulator draws it plainly; enlarged to be read).
  await page.getByRole('button', { name: 'Godkänn' }).waitFor();
  await page.evaluate(() => {
    document.body.style.zoom = '2';
    document.body.style.fontFamily = 'sans-serif';
  });
  await shot(page, 'koppla-fortnox-2');
  await page.getByRole('button', { name: 'Godkänn' }).click();
  await page.waitForURL((u) => u.pathname === '/fortnox', { timeout: 30_000 });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(2500);
  await shot(page, 'koppla-fortnox-3');
  await page.goto('/dashboard/configuration/integrations');
  await page.getByText('Fortnox', { exact: true }).first().waitFor();
  await page.waitForTimeout(1500);
  await shot(page, 'koppla-fortnox-4');
  await context.close();
}

if (!ONLY || ONLY === 'owner') {
  console.log('synka-fakturaomgang and skicka-kvitton');
  const { context, page } = await session('owner@demo.fairway.se', 'Fairway!Owner1');
  await page.goto('/dashboard/golfrelated/git?tab=invoiceOccasions');
  const occasions = rows(page, 'Fakturaomgångar');
  await eventually(async () => {
    await page.reload();
    await occasions.first().waitFor({ timeout: 3_000 });
  });
  await shot(page, 'synka-fakturaomgang-1');

  await occasions.first().getByRole('link').first().click();
  const bases = rows(page, 'Fakturaunderlag');
  // Bases not paid in GIT and not synced yet (paid ones are not invoiced).
  const unsynced = `${page.url().split('?')[0]}?status=unpaid&sync=not_synced`;
  await eventually(async () => {
    await page.goto(unsynced);
    await bases.nth(1).waitFor({ timeout: 10_000 });
  });
  for (const index of [0, 1]) await bases.nth(index).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Synka valda (2)' }).click();
  const dialog = page.getByRole('dialog');
  const summary = dialog.getByTestId('sync-summary');
  const askedTarget = dialog.getByText('Välj vilken klubb data ska synkas till');
  await eventually(async () => {
    if ((await summary.count()) + (await askedTarget.count()) === 0) throw new Error('the sync dialog is still loading');
  }, 30_000);
  // No club to sync to configured yet: the club account in use is offered.
  if ((await askedTarget.count()) > 0) await dialog.getByRole('button', { name: 'Fortsätt' }).click();
  await summary.waitFor();
  const mapButton = dialog.getByRole('button', { name: 'Koppla artiklar' });
  if ((await mapButton.count()) > 0) {
    await mapButton.click();
    await dialog.getByTestId('missing-articles').waitFor();
    await dialog.getByRole('button', { name: 'Skapa alla i bokföringen' }).click();
    await dialog.getByRole('button', { name: 'Spara och fortsätt' }).click();
  }
  await dialog.getByRole('button', { name: 'Synka 2 underlag' }).waitFor();
  await shot(page, 'synka-fakturaomgang-2');
  await dialog.getByRole('button', { name: 'Synka 2 underlag' }).click();
  await dialog.getByText('2 av 2 klara, 0 misslyckades').waitFor({ timeout: 120_000 });
  await dialog.getByRole('button', { name: 'Klar' }).click();

  await page.goto('/dashboard/acounting/invoices');
  await page.getByRole('table').first().locator('tbody tr').first().waitFor();
  await shot(page, 'synka-fakturaomgang-3');

  await page.goto('/dashboard/golfrelated/git?tab=transactionLog');
  await page.getByRole('table').first().locator('tbody tr').first().waitFor();
  await shot(page, 'synka-fakturaomgang-4');

  await page.goto('/dashboard/golfrelated/receipts');
  const receipts = page.getByRole('table').first().locator('tbody tr');
  await receipts.nth(2).waitFor();
  await shot(page, 'skicka-kvitton-1');
  for (const index of [0, 1, 2]) await receipts.nth(index).getByRole('checkbox').check();
  await shot(page, 'skicka-kvitton-2');
  await page.getByRole('button', { name: /Skicka valda kvitton \(3\)/ }).click();
  const confirm = page.getByRole('dialog');
  if (await confirm.isVisible({ timeout: 2_000 }).catch(() => false)) {
    await confirm
      .getByRole('button', { name: /Skicka/ })
      .last()
      .click();
  }
  await page.getByText('Skickat', { exact: true }).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  await shot(page, 'skicka-kvitton-3');
  await context.close();
}

await browser.close();
