import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from '../../fixtures/browser';
import { eventually, loginThroughForm, registerOwnerViaApi } from '../auth/helpers';
import { COMBINATIONS, choose, type Lang, seriousViolations, settled, useAxePage } from '../landing/helpers';

const EDIT_PATH = /^\/dashboard\/membercare\/edit-email-template\/[0-9a-f-]{36}$/;

/** The editor's words in each language (apps/web/src/locales/{sv,en}/email-templates.json). */
const T = {
  sv: {
    emptyTitle: 'Inga mallar ännu',
    create: 'Ny mall',
    heading: 'Ny e-postmall',
    title: /^Titel/,
    subject: /^Ämne/,
    add: (block: string) => `Lägg till block: ${block}`,
    blocks: { heading: 'Rubrik', text: 'Text', button: 'Knapp', columns: 'Två kolumner' },
    addTab: 'Lägg till',
    previewTab: 'Förhandsvisning',
    link: /^Länk/,
    memberField: 'Medlemsfält',
    firstname: 'Förnamn',
    addToLeft: 'Lägg till i Vänster kolumn',
    save: 'Spara mallen',
    saved: 'Alla ändringar sparade',
    canvas: 'Innehåll',
    frame: (w: number) => `Förhandsvisning av e-posten, ${w} pixlar bred`,
    phone: 'Mobil',
    plainText: 'Ren text',
    moveDown: 'Flytta ned: Rubrik 1',
    handle: (name: string) => `Dra för att flytta: ${name}`,
    over: 'Över plats 3.',
    dropped: 'Släppt på plats 3.',
    buttonText: 'Läs mer',
    defaultText: 'Skriv er text här.',
    hello: 'Hej Anna!',
  },
  en: {
    emptyTitle: 'No templates yet',
    create: 'New template',
    heading: 'New e-mail template',
    title: /^Title/,
    subject: /^Subject/,
    add: (block: string) => `Add block: ${block}`,
    blocks: { heading: 'Heading', text: 'Text', button: 'Button', columns: 'Two columns' },
    addTab: 'Add',
    previewTab: 'Preview',
    link: /^Link/,
    memberField: 'Member field',
    firstname: 'First name',
    addToLeft: 'Add to Left column',
    save: 'Save template',
    saved: 'All changes saved',
    canvas: 'Content',
    frame: (w: number) => `Preview of the e-mail, ${w} pixels wide`,
    phone: 'Phone',
    plainText: 'Plain text',
    moveDown: 'Move down: Heading 1',
    handle: (name: string) => `Drag to reorder: ${name}`,
    over: 'Over position 3.',
    dropped: 'Dropped at position 3.',
    buttonText: 'Read more',
    defaultText: 'Write your text here.',
    hello: 'Hello Anna!',
  },
} satisfies Record<Lang, unknown>;

async function addBlock(page: Page, lang: Lang, block: keyof (typeof T)['sv']['blocks']) {
  await page.getByRole('tab', { name: T[lang].addTab }).click();
  await page.getByRole('button', { name: T[lang].add(T[lang].blocks[block]) }).click();
}

describe('e-mail templates: the block editor', () => {
  let page: Page;
  useAxePage((next) => {
    page = next;
  });

  for (const { lang, skin } of COMBINATIONS) {
    it(`builds, saves, previews and reopens a template in ${lang}/${skin}`, async () => {
      const t = T[lang];
      const owner = await registerOwnerViaApi(`templates-${lang}-${skin}`);
      await loginThroughForm(page, owner);
      await choose(page, lang, skin);

      // No templates yet: the ready templates are offered.
      await page.goto('/dashboard/membercare/email-templates');
      await page.getByRole('heading', { name: t.emptyTitle }).waitFor();
      await page
        .getByRole('button', { name: /^(Use template|Använd mallen): / })
        .first()
        .waitFor();
      await settled(page);
      expect(await seriousViolations(page), `templates list ${lang}/${skin}`).toEqual([]);
      await snap(page, `email-templates-empty-${lang}-${skin}`);

      await page.getByRole('link', { name: t.create }).first().click();
      await page.getByRole('heading', { level: 1, name: t.heading }).waitFor();
      await page.getByRole('textbox', { name: t.title }).fill(`Vårbrev ${lang}`);
      await page.getByRole('textbox', { name: t.subject }).fill('Hej {{firstname}}');

      // Heading (with {{firstname}} by default), text with a member field, button, two columns.
      await addBlock(page, lang, 'heading');
      await addBlock(page, lang, 'text');
      const text = page.getByRole('textbox', { name: t.blocks.text, exact: true });
      await text.click();
      await page.keyboard.press('End');
      await page.keyboard.type(' ');
      await page.getByRole('button', { name: t.memberField }).last().click();
      await page.getByRole('menuitem', { name: new RegExp(`^${t.firstname}`) }).click();
      await eventually(async () => expect(await text.textContent()).toContain('{{firstname}}'));
      await addBlock(page, lang, 'button');
      await page.getByRole('textbox', { name: t.link }).fill('https://mingolf.golf.se/');
      await addBlock(page, lang, 'columns');
      await page.getByRole('button', { name: t.addToLeft }).click();
      await page.getByRole('menuitem', { name: t.blocks.text, exact: true }).click();

      // Keyboard reordering: the heading's move-down button, focused and pressed with Enter.
      const canvas = page.getByRole('list', { name: t.canvas });
      await page.getByRole('button', { name: t.moveDown }).focus();
      await page.keyboard.press('Enter');
      await eventually(async () => expect(await canvas.locator(':scope > li').first().textContent()).toContain(t.defaultText));

      // Keyboard sorting on the drag handle: Space picks the heading up, the down arrow moves it
      // past the button, Space drops it; dnd-kit says so to a screen reader in the page's language.
      const handle = page.getByRole('button', { name: t.handle(`${t.blocks.heading} 2`) });
      expect(await handle.getAttribute('aria-roledescription')).toBeTruthy();
      await handle.focus();
      const live = page.locator('[id^="DndLiveRegion"]');
      await page.keyboard.press('Space');
      await eventually(async () => expect(await handle.getAttribute('aria-pressed')).toBe('true'));
      await page.keyboard.press('ArrowDown');
      // What a screen reader hears: over the third place, then dropped there.
      await eventually(async () => expect(await live.textContent()).toContain(t.over));
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: t.handle(`${t.blocks.heading} 3`) }).waitFor();
      expect(await canvas.locator(':scope > li').nth(1).textContent()).toContain(t.buttonText);
      await eventually(async () => expect(await live.textContent()).toContain(t.dropped));

      // A block in a column keeps a readable label on a desktop screen.
      const nested = canvas
        .locator(':scope > li')
        .nth(3)
        .getByRole('button', { name: new RegExp(`^${t.blocks.text} 1: `) });
      expect(await nested.locator('p').evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(80);
      await settled(page);
      expect(await seriousViolations(page), `editor ${lang}/${skin}`).toEqual([]);
      await snap(page, `email-templates-editor-${lang}-${skin}`);

      await page.getByRole('button', { name: t.save }).click();
      await page.waitForURL((url) => EDIT_PATH.test(url.pathname));
      await page.getByText(t.saved).waitFor();

      // The server's preview, filled with the example member.
      await page.getByRole('tab', { name: t.previewTab }).click();
      const frame = page.frameLocator(`iframe[title="${t.frame(600)}"]`);
      await frame.getByText(t.hello).first().waitFor();
      // The 600-pixel e-mail fits its frame, and the frame its panel: nothing scrolls sideways.
      expect(await frame.locator('html').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await page.locator('iframe').first().getAttribute('sandbox')).toBe('');
      await settled(page);
      await snap(page, `email-templates-preview-${lang}-${skin}`);
      await page
        .locator('label')
        .filter({ hasText: new RegExp(`^${t.phone}$`) })
        .click();
      await page.locator(`iframe[title="${t.frame(375)}"]`).waitFor();
      await page.getByRole('tab', { name: t.plainText }).click();
      await page.getByText('https://mingolf.golf.se/').first().waitFor();

      // Reopened, it holds the blocks as saved.
      await page.reload();
      await page.getByRole('textbox', { name: t.title }).waitFor();
      expect(await page.getByRole('textbox', { name: t.title }).inputValue()).toBe(`Vårbrev ${lang}`);
      await eventually(async () => expect(await canvas.locator(':scope > li').count()).toBe(4));
      expect(await canvas.locator(':scope > li').first().textContent()).toContain(t.defaultText);

      // Phone width.
      await page.setViewportSize({ width: 390, height: 844 });
      await settled(page);
      await snap(page, `email-templates-editor-phone-${lang}-${skin}`);
    }, 240_000);
  }
});
