import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { linkIn, snap, waitForMail } from '../../fixtures/browser';
import { apiCall, registerOwnerViaApi, uniqueEmail } from '../auth/helpers';
import {
  COMBINATIONS,
  choose,
  type Lang,
  openLatestPost,
  type Skin,
  seriousViolations,
  settled,
  steadyOutline,
  useAxePage,
} from './helpers';

interface PublicPage {
  path: string;
  h1: { sv: string | RegExp; en: string | RegExp };
  title: { sv: RegExp; en: RegExp };
}

/** Every public page of the marketing site (docs/web-app.md#routes), with what a reader sees first. */
const PAGES: PublicPage[] = [
  {
    path: '/',
    h1: { sv: 'Från GIT till bokföringen, utan handpåläggning', en: 'From GIT to the books, hands-free' },
    title: { sv: /^Fairway – Kopplar golfklubbens GIT/, en: /^Fairway – Links the golf club's GIT/ },
  },
  {
    path: '/functions',
    h1: { sv: 'Funktioner', en: 'Features' },
    title: { sv: /^Funktioner · Fairway$/, en: /^Features · Fairway$/ },
  },
  {
    path: '/price',
    h1: { sv: 'Priser och paket', en: 'Prices and packages' },
    title: { sv: /^Priser och paket · Fairway$/, en: /^Prices and packages · Fairway$/ },
  },
  {
    path: '/faq',
    h1: { sv: 'Vanliga frågor', en: 'Frequently asked questions' },
    title: { sv: /^Vanliga frågor · Fairway$/, en: /^Frequently asked questions · Fairway$/ },
  },
  { path: '/blog', h1: { sv: 'Blogg', en: 'Blog' }, title: { sv: /^Blogg · Fairway$/, en: /^Blog · Fairway$/ } },
];

async function checkPage(page: Page, target: PublicPage, lang: 'sv' | 'en', skin: 'light' | 'dark') {
  await page.goto(target.path);
  await settled(page);
  await page.getByRole('heading', { level: 1, name: target.h1[lang] }).waitFor();
  const o = await steadyOutline(page);
  expect(o.lang, target.path).toBe(lang);
  expect(o.scheme, target.path).toBe(skin);
  expect(o.title, target.path).toMatch(target.title[lang]);
  expect(o.description, target.path).toBeTruthy();
  expect(o.h1, target.path).toHaveLength(1);
  expect(o.skips, `${target.path}: a heading level is skipped`).toBe(0);
  expect(o.landmarks.header, target.path).toBe(1);
  expect(o.landmarks.main, target.path).toBe(1);
  expect(o.landmarks.footer, target.path).toBe(1);
  expect(o.landmarks.nav, target.path).toBeGreaterThanOrEqual(2);
  expect(await seriousViolations(page), `${target.path} in ${lang}/${skin}`).toEqual([]);
}

/** One-time links the token pages need, made once for the whole file. */
interface Links {
  reset: string;
  invite: string;
}

/** Path and query of a link from an e-mail. */
const local = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

async function makeLinks(): Promise<Links> {
  const owner = await registerOwnerViaApi('a11y');
  await apiCall('POST', 'auth/password/reset', { email: owner.email });
  const reset = local(linkIn(await waitForMail(owner.email, /lösenord|password/i), '/reset-password'));
  const invited = uniqueEmail('a11y-invited');
  await apiCall('POST', 'users/invite', { name: 'Ada Axe', email: invited, role: 'Staff' }, owner.accessToken);
  const invite = local(linkIn(await waitForMail(invited, /bjudit in|invited/i), '/complete-profile'));
  return { reset, invite };
}

/**
 * Goes through the Fortnox simulator's consent page with a fresh club account, so `/fortnox`
 * arrives with a good `state` and a code and shows the completed connection.
 */
async function connectedFortnox(page: Page) {
  const owner = await registerOwnerViaApi('a11y-fortnox');
  const { authorizeUrl } = await apiCall<{ authorizeUrl: string }>(
    'POST',
    'integrations/accounting/connect',
    {},
    owner.accessToken,
  );
  await page.goto(authorizeUrl);
  await page.getByRole('button', { name: 'Godkänn' }).click();
  await page.waitForURL((url) => url.pathname === '/fortnox', { timeout: 60_000 });
  await page.getByTestId('connection-success').waitFor({ timeout: 60_000 });
}

interface OtherPublicPage {
  name: string;
  /** Where to go (the links are made once per file). */
  path: (links: Links) => string;
  /** Brings the page into the state to check, once it shows its h1 (a form's messages, say). */
  afterLoad?: (page: Page, lang: Lang) => Promise<void>;
  /** Instead of `path`: reaches the page another way (through a consent page). */
  reach?: (page: Page) => Promise<void>;
  /** The document title, where the page sets its own. */
  title?: { sv: RegExp; en: RegExp };
}

/**
 * The rest of the public routes (the full layout, docs/web-app.md#routes): the contact form, the provider pages in
 * each of their states, the 404 page and the sign-in pages, token pages with a live link and
 * without. Each is checked by axe in every language and skin.
 */
const CONTACT_TITLE = { sv: /^Kontakta oss · Fairway$/, en: /^Contact us · Fairway$/ };

const OTHER_PAGES: OtherPublicPage[] = [
  { name: 'contact', path: () => '/contact-us', title: CONTACT_TITLE },
  {
    name: 'contact with messages',
    path: () => '/contact-us',
    title: CONTACT_TITLE,
    afterLoad: async (page, lang) => {
      await page.getByRole('button', { name: lang === 'sv' ? 'Skicka meddelandet' : 'Send message' }).click();
      await page
        .getByText(lang === 'sv' ? 'Detta fält är obligatoriskt' : 'This field is required')
        .first()
        .waitFor();
    },
  },
  { name: 'fortnox without a state', path: () => '/fortnox' },
  {
    name: 'fortnox with a state it never issued',
    path: () => '/fortnox?state=bad&code=x',
    afterLoad: async (page) => {
      await page.getByTestId('connection-error').waitFor({ timeout: 60_000 });
    },
  },
  { name: 'fortnox with a good state', path: () => '/fortnox', reach: connectedFortnox },
  { name: 'visma without a state', path: () => '/visma' },
  { name: '404', path: () => '/error-404' },
  { name: 'login', path: () => '/login' },
  { name: 'login after an expired token', path: () => '/login?q=tokenExpired' },
  { name: 'register', path: () => '/register' },
  { name: 'forgot password', path: () => '/forgot-password' },
  { name: 'reset password', path: (links) => links.reset },
  { name: 'reset password without a token', path: () => '/reset-password' },
  { name: 'complete profile', path: (links) => links.invite },
  { name: 'complete profile with an unknown token', path: () => '/complete-profile?token=unknown-token' },
];

async function checkOther(page: Page, target: OtherPublicPage, links: Links, lang: Lang, skin: Skin) {
  if (target.reach) await target.reach(page);
  else await page.goto(target.path(links));
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
  await expect.poll(() => page.locator('[aria-busy="true"], .mantine-Skeleton-root').count(), { timeout: 60_000 }).toBe(0);
  await target.afterLoad?.(page, lang);
  const o = await steadyOutline(page);
  expect(o.lang, target.name).toBe(lang);
  expect(o.scheme, target.name).toBe(skin);
  if (target.title) {
    expect(o.title, target.name).toMatch(target.title[lang]);
    expect(o.description, target.name).toBeTruthy();
  }
  expect(await seriousViolations(page), `${target.name} in ${lang}/${skin}`).toEqual([]);
}

describe('the other public pages: no serious axe finding in any language or skin', () => {
  let page: Page;
  let links: Links;
  useAxePage((next) => {
    page = next;
  });
  beforeAll(async () => {
    links = await makeLinks();
  });

  for (const { lang, skin } of COMBINATIONS) {
    it(`contact, provider pages and 404 in ${lang}/${skin}`, async () => {
      await choose(page, lang, skin);
      for (const target of OTHER_PAGES.slice(0, 7)) await checkOther(page, target, links, lang, skin);
    }, 180_000);

    it(`sign-in pages in ${lang}/${skin}`, async () => {
      await choose(page, lang, skin);
      for (const target of OTHER_PAGES.slice(7)) await checkOther(page, target, links, lang, skin);
      await snap(page, `public-complete-profile-unknown-${lang}-${skin}`);
    }, 180_000);
  }
});

describe('the public pages', () => {
  let page: Page;
  useAxePage((next) => {
    page = next;
  });

  // Two tests per language and skin keep each well inside its time on a slow machine.
  for (const { lang, skin } of COMBINATIONS) {
    it(`reads well in ${lang} with the ${skin} skin (landing, features, prices): one h1, title, description, landmarks, no serious axe finding`, async () => {
      await choose(page, lang, skin);
      for (const target of PAGES.slice(0, 3)) await checkPage(page, target, lang, skin);
    }, 150_000);

    it(`reads well in ${lang} with the ${skin} skin (FAQ, blog, a post): one h1, title, description, landmarks, no serious axe finding`, async () => {
      await choose(page, lang, skin);
      for (const target of PAGES.slice(3)) await checkPage(page, target, lang, skin);
      // The latest post as well (its own title and description come from the post).
      const postTitle = await openLatestPost(page);
      await settled(page);
      const o = await steadyOutline(page);
      expect(o.h1).toEqual([postTitle]);
      expect(o.lang).toBe(lang);
      expect(await seriousViolations(page), `blog post in ${lang}/${skin}`).toEqual([]);
      await snap(page, `landing-blog-post-${lang}-${skin}`);
    }, 150_000);
  }

  it('starts with a skip link that moves focus past the header to the content', async () => {
    await page.goto('/price');
    await settled(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Hoppa till innehållet' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  it('shows the brand, the packages from the server and the questions on the landing page', async () => {
    await page.goto('/');
    await settled(page);
    const pricing = page.locator('section[aria-labelledby="landing-pricing"]');
    const cards = pricing.getByTestId('price-card');
    expect(await cards.count()).toBe(5);
    expect(await cards.nth(1).textContent()).toContain('Upp till 200 fakturor/månad');
    expect(await cards.first().textContent()).toContain('Gratis');
    // The questions and the latest posts, far below the fold, load when the reader comes near them.
    const faq = page.locator('section[aria-labelledby="landing-faq"]');
    expect(await faq.getByRole('button').count()).toBe(0);
    await faq.scrollIntoViewIfNeeded();
    const question = faq.getByRole('button').first();
    await question.click();
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    const blog = page.locator('section[aria-labelledby="landing-blog"]');
    await blog.scrollIntoViewIfNeeded();
    const latest = blog.getByTestId('blog-card');
    await latest.first().waitFor();
    expect(await latest.count()).toBeGreaterThan(0);
    expect(await latest.count()).toBeLessThanOrEqual(3);
    // Pictures below the fold wait until they are needed, and keep their place while loading.
    const shots = page.locator('section[aria-labelledby="landing-screenshots"] img');
    expect(await shots.count()).toBeGreaterThan(0);
    for (const img of await shots.all()) {
      expect(await img.getAttribute('loading')).toBe('lazy');
      expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(await img.getAttribute('height'))).toBeGreaterThan(0);
      expect(await img.getAttribute('alt')).toBeTruthy();
    }
    await snap(page, 'landing-home-sv-light');
  }, 90_000);

  it('finds questions on the FAQ page by search and by category', async () => {
    await page.goto('/faq');
    await settled(page);
    const sections = page.locator('main section');
    const before = await page.locator('main .mantine-Accordion-item').count();
    expect(before).toBeGreaterThan(3);
    expect(await sections.count()).toBeGreaterThan(1);

    await page.getByLabel('Sök bland frågorna').fill('OCR');
    await expect.poll(() => page.url()).toContain('q=OCR');
    await expect.poll(() => page.locator('main .mantine-Accordion-item').count()).toBeLessThan(before);
    const found = await page.locator('main .mantine-Accordion-item').count();
    expect(found).toBeGreaterThan(0);
    expect(await page.getByText(`${found} ${found === 1 ? 'fråga' : 'frågor'}`).count()).toBe(1);

    await page.getByLabel('Sök bland frågorna').fill('xyzzy-finns-inte');
    await page.getByText('Inga frågor matchar ”xyzzy-finns-inte”.').waitFor();
    await page.getByRole('button', { name: 'Rensa sökningen' }).first().click();
    await expect.poll(() => page.locator('main .mantine-Accordion-item').count()).toBe(before);

    await page.getByRole('textbox', { name: 'Kategori' }).click();
    const option = page.getByRole('option').nth(1);
    const name = (await option.textContent())?.trim() ?? '';
    await option.click();
    await expect.poll(() => sections.count()).toBe(1);
    expect(await sections.getByRole('heading', { level: 2 }).textContent()).toBe(name);
  }, 90_000);
});
