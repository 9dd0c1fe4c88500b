import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm } from '../auth/helpers';

/**
 * The help centre of the dashboard with the content the product ships with: the FAQ found by
 * search and its "no answers" state, the content changing language with the UI, and a video guide
 * served by the product itself playing and seeking from its chapter list.
 */
describe('help centre', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('finds a question by search, shows the empty state, and follows the UI language', async () => {
    await loginThroughForm(page);
    await page.goto('/dashboard/help/faq');
    await page.getByRole('heading', { level: 1, name: 'Vanliga frågor' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Kom igång' }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Kom igång',
      'Koppla bokföringsprogram',
      'GIT och fakturaomgångar',
      'Fakturor, påminnelser och kvitton',
      'Priser och villkor',
    ]);

    const search = page.getByRole('searchbox', { name: 'Sök bland frågorna' });
    await search.fill('licensavgift');
    const question = page.getByRole('button', { name: 'Vad kostar det utöver månadsavgiften?' });
    await question.waitFor();
    await page.getByRole('status').getByText('1 fråga matchar ”licensavgift”').waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Priser och villkor']);
    await question.click();
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    const answer = page.getByText(/En årlig licensavgift på 3 000 kr exkl\. moms tillkommer/);
    await answer.waitFor();
    // The match is highlighted in the answer.
    expect(
      await page
        .locator('mark')
        .filter({ hasText: /^licensavgift$/i })
        .count(),
    ).toBeGreaterThan(0);
    await snap(page, 'help-faq-search');

    await search.fill('minigolfbana');
    await page.getByRole('heading', { name: 'Inga svar hittades' }).waitFor();
    const support = page.getByRole('link', { name: 'Fråga supporten' });
    expect(await support.getAttribute('href')).toBe('/dashboard/help/support');
    // The search is kept in the address, so a reload shows the same.
    expect(new URL(page.url()).searchParams.get('q')).toBe('minigolfbana');

    await page.getByRole('button', { name: 'Rensa sökningen' }).click();
    await page.getByRole('button', { name: 'Hur kopplar jag Fortnox?' }).waitFor();

    // English: the page and its content.
    await page.getByRole('button', { name: /Byt språk/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    await page.getByRole('button', { name: 'How do I connect Fortnox?' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Prices and terms' }).waitFor();
    expect(await page.getByRole('button', { name: 'Hur kopplar jag Fortnox?' }).count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Search the questions' }).fill('notice period');
    await page.getByRole('button', { name: 'How long is the commitment?' }).waitFor();
    await snap(page, 'help-faq-en');

    // The user menu's address (/dashboard/faq) opens the same page, search included.
    await page.goto('/dashboard/faq?q=notice%20period');
    await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    await page.getByRole('button', { name: 'How long is the commitment?' }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search the questions' }).inputValue()).toBe('notice period');
  }, 120_000);

  it('plays a video guide served by the product and seeks to a chapter', async () => {
    await loginThroughForm(page);
    await page.goto('/dashboard/help/video-guides');
    const card = page.getByRole('article', { name: 'Synka en fakturaomgång från GIT' });
    await card.waitFor();
    expect(await card.getByText('Längd 0:24').count()).toBe(1);
    await card.getByRole('button', { name: 'Se guiden Synka en fakturaomgång från GIT' }).click();

    const dialog = page.getByRole('dialog', { name: 'Synka en fakturaomgång från GIT' });
    await dialog.waitFor();
    expect(new URL(page.url()).searchParams.get('guide')).toBe('synka-fakturaomgang');
    const video = dialog.locator('video');
    await eventually(async () => {
      expect(await video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    }, 20_000);
    expect(await video.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(24);
    // The chapter and caption tracks load from the product.
    await eventually(async () => {
      const tracks = await video.evaluate((v: HTMLVideoElement) =>
        Array.from(v.textTracks).map((t) => ({ kind: t.kind, cues: t.cues?.length ?? 0 })),
      );
      expect(tracks).toEqual([
        { kind: 'chapters', cues: 4 },
        { kind: 'captions', cues: 4 },
      ]);
    }, 20_000);

    // The third chapter: the film jumps there and plays on.
    const chapters = dialog.getByRole('navigation', { name: 'Kapitel' });
    const third = chapters.getByRole('button', { name: /Fakturorna i bokföringen/ });
    await third.click();
    await eventually(async () => {
      const state = await video.evaluate((v: HTMLVideoElement) => ({ time: v.currentTime, paused: v.paused }));
      expect(state.time).toBeGreaterThan(12.2);
      expect(state.paused).toBe(false);
    }, 20_000);
    expect(await third.getAttribute('aria-current')).toBe('step');
    // Paused to read the caption on screen; on a slow machine the film may have reached chapter 4.
    const at = await video.evaluate((v: HTMLVideoElement) => {
      v.pause();
      return v.currentTime;
    });
    const expected = at < 18 ? /Fakturorna finns nu i bokföringsprogrammet/ : /Transaktionsloggen visar varje körning/;
    await eventually(async () => {
      const captions = await video.evaluate((v: HTMLVideoElement) => {
        const track = Array.from(v.textTracks).find((t) => t.kind === 'captions');
        return Array.from(track?.activeCues ?? []).map((c) => (c as VTTCue).text);
      });
      expect(captions.join(' ')).toMatch(expected);
    }, 10_000);
    await snap(page, 'help-video-guide');

    await dialog.getByRole('button', { name: 'Stäng' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('guide')).toBeNull();
  }, 120_000);
});
