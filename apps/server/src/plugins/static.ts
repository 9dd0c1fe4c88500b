import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export interface WebApp {
  /** True when the request should get the SPA's index.html (client-side route). */
  wants(request: FastifyRequest): boolean;
  sendIndex(reply: FastifyReply): FastifyReply;
}

/**
 * Serves the production build of the web app from the same process. Vite's hashed files under
 * assets/ never change, so browsers may keep them for a year; everything else (index.html above
 * all) is revalidated so a deploy shows at once. Returns null when there is no build.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<WebApp | null> {
  if (!existsSync(path.join(root, 'index.html'))) return null;
  const assetsDir = path.join(root, 'assets') + path.sep;

  await app.register(fastifyStatic, {
    root,
    index: ['index.html'],
    redirect: false,
    cacheControl: false,
    // The API never comes from disk, whatever the build folder holds.
    allowedPath: (pathName) => !pathName.startsWith('/api/') && pathName !== '/api',
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });

  return {
    wants(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const url = request.url.split('?')[0] ?? '';
      // A missing hashed asset must stay a 404, or the browser would cache HTML as a script.
      return url !== '/api' && !url.startsWith('/api/') && !url.startsWith('/assets/');
    },
    sendIndex(reply) {
      return reply.header('cache-control', REVALIDATE).sendFile('index.html');
    },
  };
}
