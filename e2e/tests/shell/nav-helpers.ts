import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

interface ShellTexts {
  nav: { label: string; groups: Record<string, string>; links: Record<string, string> };
  header: { openNavigation: string; closeNavigation: string };
  routeError: { title: string; chunkTitle: string };
}

/** The shell's Swedish texts, so tests use the labels users see without copying them. */
export const SHELL_SV = JSON.parse(readFileSync(resolve(root, 'apps/web/src/locales/sv/shell.json'), 'utf8')) as ShellTexts;

/** The five sidebar groups (docs/web-app.md#routes), in the shell's order. */
export const GROUP_IDS = ['accounting', 'golf', 'configuration', 'help', 'memberCare'] as const;

export interface SidebarLink {
  group: string;
  name: string;
  href: string;
}

/** Opens a sidebar group (if closed) and lists the links inside it. */
export async function openGroup(page: Page, groupId: string): Promise<SidebarLink[]> {
  const button = page.locator(`[data-nav-group="${groupId}"]`);
  await button.waitFor();
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const list = page.locator(`#nav-group-${groupId}`);
  const first = list.getByRole('link').first();
  await first.waitFor({ state: 'visible' });
  const links = list.getByRole('link');
  const out: SidebarLink[] = [];
  for (let i = 0; i < (await links.count()); i++) {
    const link = links.nth(i);
    out.push({ group: groupId, name: ((await link.textContent()) ?? '').trim(), href: (await link.getAttribute('href')) ?? '' });
  }
  return out;
}

/** Fails when the route error screen is showing instead of a page. */
export async function expectNoRouteError(page: Page): Promise<void> {
  for (const title of [SHELL_SV.routeError.title, SHELL_SV.routeError.chunkTitle]) {
    if (await page.getByRole('heading', { name: title }).isVisible()) throw new Error(`Route error on ${page.url()}`);
  }
}
