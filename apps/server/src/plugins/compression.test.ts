import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { COMPRESS_THRESHOLD } from './compression';

// A script well above the threshold, as a built chunk is, with the .br and .gz the build writes
// beside it (apps/server/scripts/build.mjs).
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;
const INDEX = `<!doctype html><html><head><title>Fairway</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

const big = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Medlem nummer ${i}`, email: `m${i}@example.se` }));
const probe: FastifyPluginAsyncZod = async (app) => {
  app.get('/compression-probe/big', async () => ({ data: big }));
  app.get('/compression-probe/small', async () => ({ data: { ok: true } }));
};

let webDist: string;
let t: TestApp;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'fairway-web-compressed-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  const asset = path.join(webDist, 'assets', 'index-abc123.js');
  writeFileSync(asset, SCRIPT);
  writeFileSync(`${asset}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
  // Only the plain file: compressed on the fly instead.
  writeFileSync(path.join(webDist, 'assets', 'style-def456.css'), `body{margin:0}\n${'.a{color:red}\n'.repeat(200)}`);
  t = await createTestApp({ WEB_DIST: webDist }, { modules: [probe] });
});

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the web build', () => {
  it('sends a hashed asset brotli-compressed from its .br, cached for a year', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends it gzip-compressed to a client without brotli, and plain to one without either', async () => {
    const gz = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses an asset that has no compressed copy on the fly', async () => {
    const res = await t.app.inject({ url: '/assets/style-def456.css', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toMatch(/^body\{margin:0\}/);
  });

  it('sends index.html compressed and never cached, at the root and on client-side routes', async () => {
    for (const url of ['/', '/invoices']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });
});

describe('API answers', () => {
  it('are compressed above the threshold', async () => {
    const res = await t.app.inject({ url: '/api/v1/compression-probe/big', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const json = gunzipSync(res.rawPayload).toString();
    expect(json.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(JSON.parse(json)).toEqual({ data: big });
    expect(res.rawPayload.length).toBeLessThan(json.length / 3);
  });

  it('go out as they are below it', async () => {
    const res = await t.app.inject({ url: '/api/v1/compression-probe/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ data: { ok: true } });
  });

  it('go out as they are to a client that accepts no compression', async () => {
    const res = await t.app.inject({ url: '/api/v1/compression-probe/big' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ data: big });
  });

  it('keep their error shape when compressed', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing-here', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
    expect(JSON.parse(body)).toHaveProperty('eng_message');
  });
});
