import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { brandIndexHtml } from './static';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("fairway")';

let webDist: string;
let t: TestApp;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'fairway-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  writeFileSync(path.join(webDist, 'assets', 'x-abc123.js'), SCRIPT);
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ WEB_DIST: webDist });
});

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the web app build', () => {
  it('serves hashed assets with long-lived immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/x-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SCRIPT);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files with revalidation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves index.html at the root without caching it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client-side routes', async () => {
    for (const url of ['/login', '/dashboard/settings/', '/reset-password?token=abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('keeps a missing hashed asset a 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('never answers API paths with the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('eng_message');
  });

  it('does not fall back for other methods', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/login', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe('the brand of index.html', () => {
  const BUILT =
    '<html><head><meta name="brand" content="fairway" /><link rel="icon" href="/favicon-fairway.svg" /><title>Fairway</title></head></html>';

  it('is rewritten to the brand the server runs as', () => {
    expect(brandIndexHtml(BUILT, 'dubbelkoll')).toBe(
      '<html><head><meta name="brand" content="dubbelkoll" /><link rel="icon" href="/favicon-dubbelkoll.svg" /><title>Dubbelkoll</title></head></html>',
    );
  });

  it('is left alone when it already matches, or when the page names no brand', () => {
    expect(brandIndexHtml(BUILT, 'fairway')).toBe(BUILT);
    expect(brandIndexHtml(INDEX, 'dubbelkoll')).toBe(INDEX);
  });

  it('reaches the browser on every client-side route, the root included', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'fairway-web-brand-'));
    writeFileSync(path.join(dist, 'index.html'), BUILT);
    const branded = await createTestApp({ WEB_DIST: dist, BRAND: 'dubbelkoll' });
    try {
      for (const url of ['/', '/price', '/index.html']) {
        const res = await branded.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<meta name="brand" content="dubbelkoll" />');
        expect(res.headers['content-type'], url).toMatch(/text\/html/);
      }
    } finally {
      await branded.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('the prerendered public pages', () => {
  const FAIRWAY_PRICE = '<!doctype html><html data-prerendered="sv"><body><div id="root"><h1>Priser</h1></div></body></html>';
  const DUBBELKOLL_PRICE =
    '<!doctype html><html data-prerendered="sv"><body><div id="root"><h1>Dubbelkoll</h1></div></body></html>';
  let dist: string;
  let app: TestApp;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'fairway-web-prerendered-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    for (const [brand, html] of [
      ['fairway', FAIRWAY_PRICE],
      ['dubbelkoll', DUBBELKOLL_PRICE],
    ]) {
      mkdirSync(path.join(dist, 'prerendered', brand), { recursive: true });
      writeFileSync(path.join(dist, 'prerendered', brand, 'price.html'), html);
    }
    // Large enough to be compressed, as a real page is.
    writeFileSync(
      path.join(dist, 'prerendered', 'fairway', 'index.html'),
      `<html><body>${'<p>Fairway</p>'.repeat(200)}</body></html>`,
    );
    app = await createTestApp({ WEB_DIST: dist });
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("answers a page's address with the page as its brand's build rendered it, revalidated on every visit", async () => {
    for (const url of ['/price', '/price/']) {
      const res = await app.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(FAIRWAY_PRICE);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const root = await app.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(root.headers['content-encoding']).toBe('br');
    expect(root.headers['cache-control']).toBe('no-cache');
  });

  it('answers other addresses, and a page asked for with a query, with index.html', async () => {
    for (const url of ['/faq', '/price?q=x', '/dashboard/price', '/prerendered/fairway/price.html']) {
      const res = await app.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it("gives a server of the other brand that brand's page", async () => {
    const other = await createTestApp({ WEB_DIST: dist, BRAND: 'dubbelkoll' });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/price' });
      expect(res.body).toBe(DUBBELKOLL_PRICE);
    } finally {
      await other.close();
    }
  });
});
