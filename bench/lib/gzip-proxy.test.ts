import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGzipProxy } from './gzip-proxy';

const SCRIPT = `export const greeting = ${JSON.stringify('hej '.repeat(500))};`;
let upstream: Server;
let proxy: Awaited<ReturnType<typeof startGzipProxy>>;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (req.url === '/app.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'max-age=60' });
      res.end(SCRIPT);
    } else if (req.url === '/already.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'gzip' });
      res.end(gzipSync('already'));
    } else if (req.url === '/font.woff2') {
      res.writeHead(200, { 'content-type': 'font/woff2' });
      res.end(Buffer.from([1, 2, 3]));
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ path: req.url, method: req.method }));
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  proxy = await startGzipProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => upstream.close(resolve));
});

/** The raw body and headers, without fetch's own decompression. */
async function get(path: string, acceptEncoding?: string) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(
      `${proxy.url}${path}`,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('gzip proxy', () => {
  it('gzips a script for a client that accepts gzip and keeps the other headers', async () => {
    const answer = await get('/app.js', 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe('max-age=60');
    expect(answer.body.length).toBeLessThan(SCRIPT.length);
    expect(gunzipSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('sends the script as it is to a client that does not accept gzip', async () => {
    const answer = await get('/app.js');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(SCRIPT);
  });

  it('passes an answer the server compressed itself through unchanged', async () => {
    const answer = await get('/already.js', 'gzip');
    expect(gunzipSync(answer.body).toString()).toBe('already');
  });

  it('leaves fonts alone and forwards the status of other answers', async () => {
    expect((await get('/font.woff2', 'gzip')).headers['content-encoding']).toBeUndefined();
    const missing = await get('/nothing', 'gzip');
    expect(missing.status).toBe(404);
    expect(JSON.parse(gunzipSync(missing.body).toString())).toEqual({ path: '/nothing', method: 'GET' });
  });
});
