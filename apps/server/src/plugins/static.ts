import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BRAND_NAMES, type Brand } from '@fairway/shared/constants';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export interface WebApp {
  /** True when the request should get the SPA's index.html (client-side route). */
  wants(request: FastifyRequest): boolean;
  /** The page for the request's address: its prerendered HTML when the build has one, else index.html. */
  sendIndex(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * One build serves either brand: index.html carries `<meta name="brand" content="…">` (the brand
 * it was built for), and the server rewrites it, the title and the favicon to its own BRAND before
 * the app's first script reads it. A page without that tag is sent as it is.
 */
export function brandIndexHtml(html: string, brand: Brand): string {
  const built = /<meta name="brand" content="(\w+)"\s*\/?>/.exec(html)?.[1] as Brand | undefined;
  if (!built || built === brand || !(built in BRAND_NAMES)) return html;
  return html
    .replace(`<meta name="brand" content="${built}"`, `<meta name="brand" content="${brand}"`)
    .replace(`<title>${BRAND_NAMES[built]}</title>`, `<title>${BRAND_NAMES[brand]}</title>`)
    .replace(`/favicon-${built}.svg`, `/favicon-${brand}.svg`);
}

/**
 * The public page prerendered for this address and brand (apps/web/scripts/prerender.mjs writes
 * `prerendered/<brand>/index.html` for `/`, `prerendered/<brand>/login.html` for `/login`), or
 * null. An address with a query is not taken from there: the query may change what the page shows
 * (`/login?q=tokenExpired`), and the app renders it afresh from index.html.
 */
async function readPrerendered(dir: string, url: string): Promise<string | null> {
  if (url.includes('?')) return null;
  const name = url === '/' ? 'index' : url.slice(1).replace(/\/$/, '');
  if (!/^[a-z0-9-]+$/.test(name)) return null;
  try {
    return await readFile(path.join(dir, `${name}.html`), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Serves the production build of the web app from the same process. Vite's hashed files under
 * assets/ never change, so browsers may keep them for a year; everything else (index.html above
 * all) is revalidated so a deploy shows at once. Returns null when there is no build.
 */
export async function registerWebApp(
  app: FastifyInstance,
  root: string,
  brand: Brand = 'fairway',
  /** A page the server renders (a blog post's, modules/help/blog-pages.ts) for an address, or null. */
  renderedPage: (url: string) => Promise<string | null> = async () => null,
): Promise<WebApp | null> {
  if (!existsSync(path.join(root, 'index.html'))) return null;
  const assetsDir = path.join(root, 'assets') + path.sep;

  await app.register(fastifyStatic, {
    root,
    // index.html always goes through sendIndex (the notFound handler), which brands it.
    index: false,
    redirect: false,
    cacheControl: false,
    // The build writes a .br and a .gz beside every text file (apps/server/scripts/build.mjs):
    // sent as they are to a client that accepts them, with Vary: Accept-Encoding. A file without
    // them is compressed on the fly (plugins/compression.ts).
    preCompressed: true,
    // The API never comes from disk, whatever the build folder holds.
    // Nor are the prerendered pages sent by their file's name: each answers its own address.
    allowedPath: (pathName) =>
      !pathName.startsWith('/api/') && pathName !== '/api' && pathName !== '/index.html' && !pathName.startsWith('/prerendered/'),
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      // The same URL answers brotli, gzip or plain by the request's Accept-Encoding: caches on
      // the way must keep them apart (@fastify/static does not say so for its .br/.gz files).
      res.setHeader('vary', 'accept-encoding');
    },
  });

  const prerenderedDir = path.join(root, 'prerendered', brand);
  // A page that cannot be looked up now is the app's shell, as any other address.
  const rendered = (request: FastifyRequest) =>
    renderedPage(request.url).catch((error: unknown) => {
      request.log.warn({ err: error }, 'rendered page not looked up; sent the app');
      return null;
    });
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    // Read on every request (they are small): a new build is picked up without a restart.
    const page = (await readPrerendered(prerenderedDir, request.url)) ?? (await rendered(request));
    const html = page ?? brandIndexHtml(await readFile(path.join(root, 'index.html'), 'utf8'), brand);
    return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(html);
  };
  // The root is a route of its own, or the static handler would answer it as a directory.
  app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));

  return {
    wants(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const url = request.url.split('?')[0] ?? '';
      // A missing hashed asset must stay a 404, or the browser would cache HTML as a script.
      return url !== '/api' && !url.startsWith('/api/') && !url.startsWith('/assets/');
    },
    sendIndex,
  };
}
