import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snap } from '../../fixtures/browser';
import { COMBINATIONS, choose, openLatestPost, seriousViolations, settled, steadyOutline, useAxePage } from './helpers';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

/**
 * The second brand from the same build: a second server with BRAND=dubbelkoll serves the very
 * same apps/web/dist, and rewrites index.html's brand tag so the app renders as Dubbelkoll (no
 * second web build). It has a database of its own and no demo club.
 */
describe('Dubbelkoll, from the same build', () => {
  let child: ChildProcess | undefined;
  let dataDir = '';
  let origin = '';
  let output = '';
  let page: Page;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fairway-e2e-dubbelkoll-'));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    child = spawn('npm', ['run', 'start', '-w', '@fairway/server'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        BRAND: 'dubbelkoll',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: origin,
        SEED_DEMO: 'false',
        RUN_WORKERS: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    const deadline = Date.now() + 200_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The Dubbelkoll server exited:\n${output}`);
      const ok = await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`The Dubbelkoll server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }, 240_000);

  afterAll(() => {
    if (child?.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  useAxePage(
    (next) => {
      page = next;
    },
    () => origin,
  );

  it('presents the duplicate detector on the landing, features and price pages', async () => {
    await page.goto('/');
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'Hitta dubbla fakturor innan de kostar pengar' }).waitFor();
    expect(await page.title()).toMatch(/^Dubbelkoll – Hittar dubbletter i bokföringen$/);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon-dubbelkoll.svg');
    expect(await page.getByRole('link', { name: /^Dubbelkoll – / }).count()).toBe(1);
    // The brand's own colour: Dubbelkoll blue, not Fairway green.
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
    );
    expect(primary).toBe('#0054b2');
    expect(await page.getByText('Från GIT till bokföringen').count()).toBe(0);
    await snap(page, 'dubbelkoll-home');

    await page.goto('/functions');
    await settled(page);
    for (const heading of ['Dubbla fakturor', 'Dubbla order', 'Dubbla verifikationer']) {
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    }

    await page.goto('/price');
    await settled(page);
    const cards = page.getByTestId('price-card');
    expect(await cards.count()).toBe(3);
    const business = ((await cards.nth(1).textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ');
    expect(business).toContain('Business');
    expect(business).toContain('695 kr/mån');
    expect(business).toContain('Upp till 3 000 dokument/månad');
    expect(business).toContain('Jämför: fakturor, order, verifikationer');
    expect(await page.getByTestId('registration-terms').textContent()).toContain('12 månader');
    await snap(page, 'dubbelkoll-price');
  }, 90_000);

  // Every public page of the brand, as each reader sees it; a test per language and skin keeps each
  // well inside its time on a slow machine.
  for (const { lang, skin } of COMBINATIONS) {
    it(`every public page passes axe in ${lang}/${skin}: one h1, the language, no serious finding`, async () => {
      await choose(page, lang, skin);
      const check = async (path: string) => {
        await settled(page);
        const o = await steadyOutline(page);
        expect(o.h1, path).toHaveLength(1);
        expect(o.lang, path).toBe(lang);
        expect(o.scheme, path).toBe(skin);
        expect(o.title, path).toMatch(/Dubbelkoll/);
        expect(await seriousViolations(page), `${path} ${lang}/${skin}`).toEqual([]);
      };
      for (const path of ['/', '/functions', '/price', '/faq', '/blog', '/contact-us']) {
        await page.goto(path);
        await check(path);
      }
      // The brand's latest post, reached from the blog.
      await openLatestPost(page);
      await check('a blog post');
    }, 150_000);
  }
});
